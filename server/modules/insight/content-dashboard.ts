import { addDays, percent, share } from '~core/insight';
import { describeContent, type ContentRecord } from '~server/modules/content';
import { FIGURES } from './insight-figures.ts';
import {
  dailyTable,
  filterNote,
  readFigures,
  total,
  type DashboardReader,
  type DashboardView,
} from './dashboard-view.ts';
import type { FigureSum } from './insight.repository.ts';

/* The content dashboard (docs/insight.md 'Content'), for administrators. */

const DIMENSIONS = [] as const;
/** Lines in each of the dashboard's lists. */
const LIST_LENGTH = 20;

const KIND_NAMES: Readonly<Record<ContentRecord['kind'], string>> = {
  article: 'Article',
  guide: 'Guide',
  glossary: 'Glossary entry',
};

export interface ContentSettings {
  /** Content not updated for this many days before the range's last day is stale. */
  staleAfterDays: number;
}

/** What each viewed or voted piece of content got over the range. */
interface ContentLine {
  id: string;
  views: number;
  helpful: number;
  notHelpful: number;
  followedByCase: number;
}

function linesOf(sums: readonly FigureSum[]): ContentLine[] {
  const lines = new Map<string, ContentLine>();
  const fields: Record<string, keyof Omit<ContentLine, 'id'>> = {
    [FIGURES.contentViews]: 'views',
    [FIGURES.contentHelpful]: 'helpful',
    [FIGURES.contentNotHelpful]: 'notHelpful',
    [FIGURES.contentFollowedByCase]: 'followedByCase',
  };
  for (const sum of sums) {
    const field = fields[sum.figure];
    if (field === undefined) continue;
    const line = lines.get(sum.item) ?? {
      id: sum.item,
      views: 0,
      helpful: 0,
      notHelpful: 0,
      followedByCase: 0,
    };
    line[field] += sum.count;
    lines.set(sum.item, line);
  }
  return [...lines.values()];
}

/** The lines with the most of one figure, ties by id, at most `length`. */
function most(
  lines: readonly ContentLine[],
  field: keyof Omit<ContentLine, 'id'>,
  length = LIST_LENGTH,
) {
  return lines
    .filter((line) => line[field] > 0)
    .sort((a, b) => b[field] - a[field] || a.id.localeCompare(b.id))
    .slice(0, length);
}

/** Content looked up at a time while looking for the stale among the most viewed. */
const STALE_CHUNK = 200;

/**
 * The records of the content the lists name, and the most viewed stale content: looked up
 * down the most viewed a chunk at a time until the stale list is full, so a range in which
 * thousands of articles were viewed does not look up every one of them.
 */
async function describeListed(
  db: DashboardReader['db'],
  lines: readonly ContentLine[],
  listed: readonly ContentLine[],
  staleBefore: string,
) {
  const records = new Map<string, ContentRecord>();
  const asked = new Set<string>();
  const describe = async (ids: readonly string[]) => {
    const fresh = ids.filter((id) => !asked.has(id));
    for (const id of fresh) asked.add(id);
    for (const record of await describeContent(db, fresh)) records.set(record.id, record);
  };
  await describe(listed.map((line) => line.id));
  const byViews = most(lines, 'views', lines.length);
  const stale: ContentLine[] = [];
  for (let start = 0; start < byViews.length && stale.length < LIST_LENGTH; start += STALE_CHUNK) {
    const chunk = byViews.slice(start, start + STALE_CHUNK);
    await describe(chunk.map((line) => line.id));
    stale.push(
      ...chunk.filter((line) => {
        const record = records.get(line.id);
        return record !== undefined && record.updatedDate < staleBefore;
      }),
    );
  }
  return { records, stale: stale.slice(0, LIST_LENGTH) };
}

export async function contentDashboard(
  reader: Omit<DashboardReader, 'dimensions'>,
  settings: ContentSettings,
): Promise<DashboardView> {
  const scoped = { ...reader, dimensions: DIMENSIONS };
  const figures = [
    FIGURES.contentViews,
    FIGURES.contentHelpful,
    FIGURES.contentNotHelpful,
    FIGURES.contentFollowedByCase,
  ];
  // Read side by side: on PostgreSQL each takes a connection of its own.
  const [perDay, sums] = await Promise.all([
    // Only the plotted series per day: the headlines' totals are the items' sums.
    readFigures(scoped, [FIGURES.contentViews, FIGURES.contentFollowedByCase], 'summing items'),
    readFigures(scoped, figures, false),
  ]);
  const lines = linesOf(sums);
  // Content voted on but not viewed (a view kept without consent) still belongs in the table.
  const viewedOrVoted = lines
    .filter((line) => line.views + line.helpful + line.notHelpful > 0)
    .sort(
      (a, b) =>
        b.views - a.views ||
        b.helpful + b.notHelpful - (a.helpful + a.notHelpful) ||
        a.id.localeCompare(b.id),
    )
    .slice(0, LIST_LENGTH);
  const staleBefore = addDays(reader.filters.to, -settings.staleAfterDays);
  const { records, stale } = await describeListed(
    reader.db,
    lines,
    [
      ...viewedOrVoted,
      ...most(lines, 'views'),
      ...most(lines, 'notHelpful'),
      ...most(lines, 'followedByCase'),
    ],
    staleBefore,
  );
  const name = (line: ContentLine) => records.get(line.id)?.title ?? `Removed content ${line.id}`;
  const kind = (line: ContentLine) => {
    const record = records.get(line.id);
    return record ? KIND_NAMES[record.kind] : '';
  };
  const updated = (line: ContentLine) => records.get(line.id)?.updatedDate ?? '';
  const helpful = total(sums, FIGURES.contentHelpful);
  const notHelpful = total(sums, FIGURES.contentNotHelpful);
  const views = total(sums, FIGURES.contentViews);
  const followed = total(sums, FIGURES.contentFollowedByCase);
  return {
    headlines: [
      { label: 'Content views', value: String(views) },
      { label: 'Helpful votes', value: String(helpful) },
      { label: 'Not helpful votes', value: String(notHelpful) },
      { label: 'Found helpful', value: percent(share(helpful, helpful + notHelpful)) },
      { label: 'Views followed by a case within 30 minutes', value: String(followed) },
    ],
    plots: [
      {
        kind: 'line',
        table: dailyTable(scoped, perDay, { id: 'views-per-day', title: 'Views per day' }, [
          { figure: FIGURES.contentViews, name: 'Views' },
          { figure: FIGURES.contentFollowedByCase, name: 'Followed by a case' },
        ]),
      },
      {
        kind: 'bars',
        table: {
          id: 'most-viewed',
          title: 'Most viewed content',
          columns: ['Content', 'Views'],
          rows: most(lines, 'views')
            .slice(0, 10)
            .map((line) => [name(line), line.views]),
        },
      },
      {
        kind: 'bars',
        table: {
          id: 'votes',
          title: 'Helpful and not helpful votes',
          columns: ['Vote', 'Votes'],
          rows: [
            ['Helpful', helpful],
            ['Not helpful', notHelpful],
          ],
        },
      },
    ],
    tables: [
      {
        id: 'views',
        title: 'Views and votes by content',
        columns: ['Content', 'Kind', 'Views', 'Helpful', 'Not helpful', 'Last updated'],
        rows: viewedOrVoted.map((line) => [
          name(line),
          kind(line),
          line.views,
          line.helpful,
          line.notHelpful,
          updated(line),
        ]),
      },
      {
        id: 'stale',
        title: `Viewed often, not updated for ${settings.staleAfterDays} days`,
        columns: ['Content', 'Kind', 'Views', 'Last updated'],
        rows: stale.map((line) => [name(line), kind(line), line.views, updated(line)]),
      },
      {
        id: 'not-helpful',
        title: 'Most often voted not helpful',
        columns: ['Content', 'Not helpful', 'Helpful'],
        rows: most(lines, 'notHelpful').map((line) => [name(line), line.notHelpful, line.helpful]),
      },
      {
        id: 'followed-by-case',
        title: 'Most often followed by a case within 30 minutes',
        columns: ['Content', 'Followed by a case', 'Views', 'Share of views'],
        rows: most(lines, 'followedByCase').map((line) => [
          name(line),
          line.followedByCase,
          line.views,
          percent(share(line.followedByCase, line.views)),
        ]),
      },
    ],
    notes: [
      'Views are ‘content viewed’ events, kept only when the visitor allowed statistics cookies. Helpful votes are the answers to ‘Was this helpful?’, which visitors send themselves, counted whatever the cookie consent.',
      'A view is followed by a case when the same signed-in person raised a case within 30 minutes after it (from the ‘case submitted’ event, also kept only with statistics consent); guests’ views are never linked to a case.',
      `Content is stale when its last update is more than ${settings.staleAfterDays} days before the range’s last day (INSIGHT_STALE_AFTER_DAYS).`,
      ...filterNote(reader.filters, DIMENSIONS),
    ],
  };
}
