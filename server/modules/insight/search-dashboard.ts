import {
  groupContentGaps,
  mostRefinedQueries,
  percent,
  REFINEMENT_WINDOW_MINUTES,
  share,
  type ContentGap,
  type InsightFilters,
  type InsightTable,
} from '~core/insight';
import { listStaff } from '~server/modules/identity';
import { FIGURES, splitItem } from './insight-figures.ts';
import { listGapActions, type FigureSum, type GapAction } from './insight.repository.ts';
import {
  dailyTable,
  filterNote,
  readFigures,
  topItems,
  total,
  type DashboardReader,
  type DashboardView,
} from './dashboard-view.ts';

/* The search dashboard (docs/insight.md 'Search') and its content-gap list. */

const DIMENSIONS = ['region', 'hub'] as const;
const TOP = 10;
const GAP_LIMIT = 50;

export const SEARCH_CONSENT_NOTE =
  'Searches and clicks are recorded only for visitors whose cookie consent allows statistics (PERF); the others are not counted.';

export const SEARCH_VISITORS_NOTE =
  'Visitors are counted only with that consent, by a pseudonym of an id their browser keeps, once a day per hub and region. Searches made before the pseudonym existed count no visitor.';

const REFINED_NOTE = `A refined query is a search its visitor followed within ${REFINEMENT_WINDOW_MINUTES} minutes, in the same hub, by a search for something else, without clicking a result; its share is of the searches with a visitor.`;

/**
 * The per-query lists to read: summed over regions and hubs when neither filter is set, so the
 * usual view reads one cut list a day instead of one per region and hub, and its lists are the
 * day's overall most searched.
 */
function queryLists(filters: InsightFilters) {
  return !filters.region && !filters.hub
    ? {
        queries: FIGURES.queriesAll,
        noResult: FIGURES.noResultAll,
        noClick: FIGURES.noClickAll,
        refined: FIGURES.refinedAll,
      }
    : {
        queries: FIGURES.queries,
        noResult: FIGURES.noResult,
        noClick: FIGURES.noClick,
        refined: FIGURES.refined,
      };
}

/** The queries refined most, with what they were most often changed to. */
function refinedTable(perItem: readonly FigureSum[], figure: string): InsightTable {
  const pairs = perItem
    .filter((sum) => sum.figure === figure)
    .map((sum) => {
      const [query, refinedTo] = splitItem(sum.item);
      return { query, refinedTo, count: sum.count };
    });
  return {
    id: 'refined-queries',
    title: 'Queries people refine most',
    columns: ['Query', 'Refined', 'Most often changed to', 'Times'],
    rows: mostRefinedQueries(pairs)
      .slice(0, TOP)
      .map((line) => [line.query, line.refinements, line.topRefinement, line.topRefinementCount]),
  };
}

export async function searchDashboard(
  reader: Omit<DashboardReader, 'dimensions'>,
): Promise<DashboardView> {
  const scoped = { ...reader, dimensions: DIMENSIONS };
  const perDay = await readFigures(
    scoped,
    [
      FIGURES.searches,
      FIGURES.noResultTotal,
      FIGURES.noClickTotal,
      FIGURES.clicks,
      FIGURES.visitors,
      FIGURES.refinedTotal,
    ],
    true,
  );
  const lists = queryLists(reader.filters);
  const perItem = await readFigures(
    scoped,
    [lists.queries, lists.noResult, lists.noClick, lists.refined],
    false,
  );
  const searches = total(perDay, FIGURES.searches);
  const noResult = total(perDay, FIGURES.noResultTotal);
  const noClick = total(perDay, FIGURES.noClickTotal);
  const clicks = perDay.filter((sum) => sum.figure === FIGURES.clicks);
  const clickCount = clicks.reduce((all, sum) => all + sum.count, 0);
  const positions = clicks.reduce((all, sum) => all + sum.amount, 0);
  const visitors = total(perDay, FIGURES.visitors);
  const visitorSearches = perDay
    .filter((sum) => sum.figure === FIGURES.visitors)
    .reduce((all, sum) => all + sum.amount, 0);
  const refined = total(perDay, FIGURES.refinedTotal);
  const queryTable = (id: string, title: string, figure: string) => ({
    id,
    title,
    columns: ['Query', 'Searches'],
    rows: topItems(perItem, figure, TOP).map((entry) => [entry.item, entry.count]),
  });
  return {
    headlines: [
      { label: 'Searches', value: String(searches) },
      { label: 'Visitors who searched', value: String(visitors) },
      {
        label: 'Searches per visitor',
        value: visitors === 0 ? '–' : (visitorSearches / visitors).toFixed(1),
      },
      { label: 'With no results', value: `${noResult} (${percent(share(noResult, searches))})` },
      {
        label: 'With results but no click',
        value: `${noClick} (${percent(share(noClick, searches))})`,
      },
      { label: 'Result clicks', value: String(clickCount) },
      {
        label: 'Average click position',
        value: clickCount === 0 ? '–' : (positions / clickCount).toFixed(1),
      },
      {
        label: 'Refined queries',
        value: `${refined} (${percent(share(refined, visitorSearches))})`,
      },
    ],
    plots: [
      {
        kind: 'line',
        table: dailyTable(scoped, perDay, { id: 'searches-per-day', title: 'Searches per day' }, [
          { figure: FIGURES.searches, name: 'Searches' },
          { figure: FIGURES.noResultTotal, name: 'No results' },
          { figure: FIGURES.noClickTotal, name: 'No click' },
        ]),
      },
      { kind: 'bars', table: queryTable('top-queries', 'Top queries', lists.queries) },
      {
        kind: 'line',
        table: dailyTable(
          scoped,
          perDay,
          { id: 'visitors-per-day', title: 'Visitors and refined queries per day' },
          [
            { figure: FIGURES.visitors, name: 'Visitors' },
            { figure: FIGURES.refinedTotal, name: 'Refined queries' },
          ],
        ),
      },
    ],
    tables: [
      queryTable('no-result-queries', 'Queries with no results', lists.noResult),
      queryTable('no-click-queries', 'Queries with results but no click', lists.noClick),
      refinedTable(perItem, lists.refined),
    ],
    notes: [
      SEARCH_CONSENT_NOTE,
      SEARCH_VISITORS_NOTE,
      REFINED_NOTE,
      ...filterNote(reader.filters, DIMENSIONS),
    ],
  };
}

export interface GapLine extends ContentGap {
  status: GapAction['status'];
  assignee?: string;
  synonym?: string;
}

export interface ContentGapList {
  gaps: GapLine[];
  /** Gaps marked handled, left out of the list. */
  handled: number;
  /** The staff a gap can be assigned to. */
  staff: { id: string; name: string }[];
}

/** The content gaps of the filters' range, with what staff did about each. */
export async function contentGaps(
  reader: Omit<DashboardReader, 'dimensions'>,
): Promise<ContentGapList> {
  const scoped = { ...reader, dimensions: DIMENSIONS };
  const lists = queryLists(reader.filters);
  const sums = await readFigures(scoped, [lists.noResult, lists.noClick], false);
  const byQuery = new Map<string, { query: string; noResult: number; noClick: number }>();
  for (const sum of sums) {
    const entry = byQuery.get(sum.item) ?? { query: sum.item, noResult: 0, noClick: 0 };
    if (sum.figure === lists.noResult) entry.noResult += sum.count;
    else entry.noClick += sum.count;
    byQuery.set(sum.item, entry);
  }
  const actions = new Map(
    (await listGapActions(reader.db)).map((action) => [action.gapKey, action]),
  );
  const staff = (await listStaff(reader.db)).map((member) => ({
    id: member.id,
    name: `${member.firstName} ${member.lastName}`.trim() || member.email || member.id,
  }));
  const names = new Map(staff.map((member) => [member.id, member.name]));
  const grouped = groupContentGaps(
    [...byQuery.values()].filter((entry) => entry.noResult + entry.noClick > 0),
  );
  const gaps: GapLine[] = [];
  let handled = 0;
  for (const gap of grouped) {
    const action = actions.get(gap.key);
    if (action?.status === 'handled') {
      handled += 1;
      continue;
    }
    const assignee = action?.assigneeId ? names.get(action.assigneeId) : undefined;
    gaps.push({
      ...gap,
      status: action?.status ?? 'open',
      ...(assignee ? { assignee } : {}),
      ...(action?.synonym ? { synonym: action.synonym } : {}),
    });
  }
  return { gaps: gaps.slice(0, GAP_LIMIT), handled, staff };
}
