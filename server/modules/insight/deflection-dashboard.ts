import { percent, share } from '~core/insight';
import { FIGURES, splitItem } from './insight-figures.ts';
import {
  dailyTable,
  filterNote,
  readFigures,
  type DashboardReader,
  type DashboardView,
} from './dashboard-view.ts';
import type { FigureSum } from './insight.repository.ts';

/* The deflection dashboard (docs/insight.md 'Deflection'). */

const DIMENSIONS = ['region'] as const;

const PATH_NAMES: Readonly<Record<string, string>> = {
  hub: 'Contact hub',
  'book-a-call': 'Booking a call',
  'raise-case': 'Raising a case',
  chat: 'Chat',
  'sign-in-help': 'Sign-in help',
  'mfa-help': 'Second-factor help',
};

interface PathLine {
  name: string;
  visits: number;
  shownHelp: number;
  deflected: number;
}

function linesBy(sums: readonly FigureSum[], part: 0 | 1, names: Readonly<Record<string, string>>) {
  const lines = new Map<string, PathLine>();
  for (const sum of sums) {
    const key = splitItem(sum.item)[part] || 'none';
    const line = lines.get(key) ?? {
      name: names[key] ?? key,
      visits: 0,
      shownHelp: 0,
      deflected: 0,
    };
    if (sum.figure === FIGURES.contactVisits) line.visits += sum.count;
    if (sum.figure === FIGURES.contactShownHelp) line.shownHelp += sum.count;
    if (sum.figure === FIGURES.contactDeflected) line.deflected += sum.count;
    lines.set(key, line);
  }
  return [...lines.values()].sort((a, b) => b.visits - a.visits || a.name.localeCompare(b.name));
}

const lineRow = (line: PathLine) => [
  line.name,
  line.visits,
  line.shownHelp,
  line.deflected,
  percent(share(line.deflected, line.visits)),
];

export async function deflectionDashboard(
  reader: Omit<DashboardReader, 'dimensions'>,
): Promise<DashboardView> {
  const scoped = { ...reader, dimensions: DIMENSIONS };
  const figures = [FIGURES.contactVisits, FIGURES.contactShownHelp, FIGURES.contactDeflected];
  const perDay = await readFigures(scoped, figures, true);
  const perItem = await readFigures(scoped, figures, false);
  const all = linesBy(perItem, 0, {}).reduce(
    (sum, line) => ({
      visits: sum.visits + line.visits,
      shownHelp: sum.shownHelp + line.shownHelp,
      deflected: sum.deflected + line.deflected,
    }),
    { visits: 0, shownHelp: 0, deflected: 0 },
  );
  const paths = linesBy(perItem, 0, PATH_NAMES);
  const columns = ['Visits', 'Shown help', 'Solved without a person', 'Deflection rate'];
  return {
    headlines: [
      { label: 'Visits to a way of reaching a person', value: String(all.visits) },
      { label: 'Shown an answer or article', value: String(all.shownHelp) },
      { label: 'Solved without a person', value: String(all.deflected) },
      { label: 'Deflection rate', value: percent(share(all.deflected, all.visits)) },
    ],
    plots: [
      {
        kind: 'line',
        table: dailyTable(
          scoped,
          perDay,
          { id: 'deflection-per-day', title: 'Visits and deflections per day' },
          [
            { figure: FIGURES.contactVisits, name: 'Visits' },
            { figure: FIGURES.contactDeflected, name: 'Solved without a person' },
          ],
        ),
      },
      {
        kind: 'bars',
        table: {
          id: 'deflected-by-path',
          title: 'Solved without a person, by way of reaching a person',
          columns: ['Way', 'Solved without a person'],
          rows: paths.map((line) => [line.name, line.deflected]),
        },
      },
    ],
    tables: [
      {
        id: 'by-path',
        title: 'By way of reaching a person',
        columns: ['Way', ...columns],
        rows: paths.map(lineRow),
      },
      {
        id: 'by-topic',
        title: 'By topic',
        columns: ['Topic', ...columns],
        rows: linesBy(perItem, 1, {}).map(lineRow),
      },
    ],
    notes: [
      'The deflection rate is the share of visits where the visitor was shown an answer or an article and did not go on to book, ask for a callback or raise a case from that visit.',
      'Visits to the contact pages are recorded without who the visitor is and without cookies, for running the contact flows, so they are counted whatever the cookie consent.',
      ...filterNote(reader.filters, DIMENSIONS),
    ],
  };
}
