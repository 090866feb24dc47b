import { duration } from '~core/insight';
import { countOpenCases } from '~server/modules/cases';
import { FIGURES, splitItem } from './insight-figures.ts';
import { itemAmountPercentiles, type FigureSum } from './insight.repository.ts';
import {
  applicableFilters,
  dailyTable,
  filterNote,
  readFigures,
  topItems,
  total,
  type DashboardReader,
  type DashboardView,
} from './dashboard-view.ts';

/* The support cases dashboard (docs/insight.md 'Cases'). */

const DIMENSIONS = ['product'] as const;
const QUEUE_NAMES: Readonly<Record<string, string>> = {
  customer: 'Customers',
  partner: 'Partners',
};

const timing = (median: number | undefined, ninetieth: number | undefined) => {
  return median === undefined || ninetieth === undefined
    ? '–'
    : `${duration(median)} (90%: ${duration(ninetieth)})`;
};

const queueName = (queue: string) => QUEUE_NAMES[queue] ?? queue;

/** Cases open at the end of each day: all of them, and a series per queue that had any. */
function openCasesTable(reader: DashboardReader, perDay: readonly FigureSum[]) {
  const queues = [
    ...new Set(
      perDay.filter((sum) => sum.figure === FIGURES.casesOpen).map((sum) => splitItem(sum.item)[0]),
    ),
  ].sort((a, b) => queueName(a).localeCompare(queueName(b)));
  return dailyTable(
    reader,
    perDay,
    { id: 'open-cases-per-day', title: 'Open cases at the end of each day' },
    [
      { figure: FIGURES.casesOpen, name: 'All queues' },
      ...queues.map((queue) => ({
        figure: FIGURES.casesOpen,
        name: queueName(queue),
        items: (item: string) => splitItem(item)[0] === queue,
      })),
    ],
  );
}

export async function casesDashboard(
  reader: Omit<DashboardReader, 'dimensions'>,
): Promise<DashboardView> {
  const scoped = { ...reader, dimensions: DIMENSIONS };
  const perDay = await readFigures(
    scoped,
    [FIGURES.casesRaised, FIGURES.casesSolved, FIGURES.casesOpen],
    true,
  );
  const perItem = await readFigures(
    scoped,
    [FIGURES.casesRaised, FIGURES.casesSolved, FIGURES.ratings],
    false,
  );
  const percentiles = await itemAmountPercentiles(
    reader.db,
    {
      figures: [FIGURES.firstResponseMinutes, FIGURES.resolutionMinutes],
      from: reader.filters.from,
      to: reader.filters.to,
      where: applicableFilters(reader.filters, DIMENSIONS),
    },
    [50, 90],
  );
  const minutesOf = (figure: string) => {
    const at = (percent: number) =>
      percentiles.find((entry) => entry.figure === figure && entry.percent === percent)?.amount;
    return timing(at(50), at(90));
  };
  const ratings = [5, 4, 3, 2, 1].map((stars) => ({
    stars,
    count:
      topItems(perItem, FIGURES.ratings, 5).find((entry) => entry.item === String(stars))?.count ??
      0,
  }));
  const rated = ratings.reduce((all, entry) => all + entry.count, 0);
  const starSum = ratings.reduce((all, entry) => all + entry.stars * entry.count, 0);
  const open = (await countOpenCases(reader.db)).filter(
    (line) => reader.filters.product === undefined || line.product === reader.filters.product,
  );
  const raised = topItems(perItem, FIGURES.casesRaised, 1000);
  const solved = new Map(
    topItems(perItem, FIGURES.casesSolved, 1000).map((entry) => [entry.item, entry.count]),
  );
  const categoryRows = [...new Set([...raised.map((entry) => entry.item), ...solved.keys()])].map(
    (item) => {
      const [queue, category] = splitItem(item);
      return [
        queueName(queue),
        category,
        raised.find((entry) => entry.item === item)?.count ?? 0,
        solved.get(item) ?? 0,
      ];
    },
  );
  const backlogByQueue = new Map<string, number>();
  for (const line of open) {
    const queue = queueName(line.queue);
    backlogByQueue.set(queue, (backlogByQueue.get(queue) ?? 0) + line.cases);
  }
  return {
    headlines: [
      { label: 'Cases raised', value: String(total(perDay, FIGURES.casesRaised)) },
      { label: 'Cases solved', value: String(total(perDay, FIGURES.casesSolved)) },
      { label: 'First response, median', value: minutesOf(FIGURES.firstResponseMinutes) },
      { label: 'Resolution, median', value: minutesOf(FIGURES.resolutionMinutes) },
      {
        label: 'Average rating',
        value: rated === 0 ? '–' : `${(starSum / rated).toFixed(1)} of 5 (${rated} ratings)`,
      },
      { label: 'Open now', value: String(open.reduce((all, line) => all + line.cases, 0)) },
    ],
    plots: [
      {
        kind: 'line',
        table: dailyTable(
          scoped,
          perDay,
          { id: 'cases-per-day', title: 'Cases raised and solved per day' },
          [
            { figure: FIGURES.casesRaised, name: 'Raised' },
            { figure: FIGURES.casesSolved, name: 'Solved' },
          ],
        ),
      },
      { kind: 'line', table: openCasesTable(scoped, perDay) },
      {
        kind: 'bars',
        table: {
          id: 'ratings',
          title: 'Ratings',
          columns: ['Rating', 'Cases'],
          rows: ratings.map((entry) => [`${entry.stars} of 5`, entry.count]),
        },
      },
      {
        kind: 'bars',
        table: {
          id: 'backlog-by-queue',
          title: 'Open cases now, by queue',
          columns: ['Queue', 'Open cases'],
          rows: [...backlogByQueue.entries()].sort(
            (a, b) => b[1] - a[1] || a[0].localeCompare(b[0]),
          ),
        },
      },
    ],
    tables: [
      {
        id: 'by-category',
        title: 'Raised and solved by queue and category',
        columns: ['Queue', 'Category', 'Raised', 'Solved'],
        rows: categoryRows.sort(
          (a, b) => Number(b[2]) - Number(a[2]) || String(a[1]).localeCompare(String(b[1])),
        ),
      },
      {
        id: 'backlog',
        title: 'Open cases now, by queue and category',
        columns: ['Queue', 'Category', 'Open cases'],
        rows: open
          .map((line) => [queueName(line.queue), line.category, line.cases] as const)
          .sort((a, b) => b[2] - a[2] || a[1].localeCompare(b[1]))
          .map((row) => [...row]),
      },
    ],
    notes: [
      'Cases are the support team’s own records and are counted whatever the cookie consent; they carry a product but no region or search hub.',
      'Times run from raising a case to its first public answer from an agent, and to its solving; medians and 90th percentiles are exact.',
      'Open cases at the end of a day are those raised before it ended and not yet solved or closed then; a case reopened later counts as open from when it was raised.',
      ...filterNote(reader.filters, DIMENSIONS),
    ],
  };
}
