import { sql } from 'kysely';
import { splitIntoMonths } from '~core/insight';
import type { ModuleDatabase } from '~server/db/schema.ts';
import type {
  GapStatus,
  InsightDailyTable,
  InsightMonthlyTable,
  InsightTables,
} from './insight.tables.ts';

type Db = ModuleDatabase<InsightTables>;

export type DailyRow = Omit<InsightDailyTable, 'day'>;
export type Dimension = 'region' | 'product' | 'hub';

// Rows per insert: well under SQLite's bound-parameter limit with 8 columns.
const INSERT_CHUNK = 500;

/** Replaces a day's aggregates with these, in the caller's transaction. */
export async function replaceDay(db: Db, day: string, rows: readonly DailyRow[], at: string) {
  // The day's rollup row first: it locks the day, so a second rollup of it (another worker, a
  // retry) waits for this one to commit, then deletes what this one wrote instead of
  // inserting beside it.
  await db
    .insertInto('insight_rollup')
    .values({ day, rolled_at: at })
    .onConflict((conflict) => conflict.column('day').doUpdateSet({ rolled_at: at }))
    .execute();
  await db.deleteFrom('insight_daily').where('day', '=', day).execute();
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await db
      .insertInto('insight_daily')
      .values(rows.slice(start, start + INSERT_CHUNK).map((row) => ({ ...row, day })))
      .execute();
  }
}

export async function lastRolledDay(db: Db): Promise<string | undefined> {
  const row = await db
    .selectFrom('insight_rollup')
    .select((eb) => eb.fn.max('day').as('day'))
    .executeTakeFirst();
  return row?.day ?? undefined;
}

export interface FigureQuery {
  figures: readonly string[];
  from: string;
  to: string;
  /** The filters, each applied only when the figures carry that dimension. */
  where: Partial<Record<Dimension, string>>;
  /**
   * Per day and item, per day summed over the items (item '': for series that only need the
   * day's total, so a figure of thousands of items a day reads a row a day), or over the
   * whole range.
   */
  byDay: boolean | 'summing items';
}

export interface FigureSum {
  figure: string;
  /** The day, or '' when summed over the range. */
  day: string;
  item: string;
  count: number;
  amount: number;
}

/** Counts and amounts of figures, summed over the filters' dimensions. */
export async function sumFigures(db: Db, query: FigureQuery): Promise<FigureSum[]> {
  if (query.figures.length === 0) return [];
  if (query.byDay === 'summing items') {
    const rows = await filtered(db, 'insight_daily', query)
      .select((eb) => [
        'figure',
        'day',
        eb.val('').as('item'),
        eb.fn.sum<number | string>('count').as('count'),
        eb.fn.sum<number | string>('amount').as('amount'),
      ])
      .where('day', '>=', query.from)
      .where('day', '<=', query.to)
      .groupBy(['figure', 'day'])
      .execute();
    return rows.map((row) => ({ ...figureSum(row), day: row.day }));
  }
  if (query.byDay) {
    const rows = await dailySums(db, query, query).select('day').groupBy('day').execute();
    return rows.map((row) => ({ ...figureSum(row), day: row.day }));
  }
  // Whole months are read from their monthly rows, so a year reads 12 of them, not 365.
  const { months, days } = splitIntoMonths(query.from, query.to);
  const parts = await Promise.all([
    ...days.map((range) => dailySums(db, query, range).execute()),
    ...(months.length === 0 ? [] : [monthlySums(db, query, months).execute()]),
  ]);
  const byItem = new Map<string, FigureSum>();
  for (const row of parts.flat()) {
    const sum = figureSum(row);
    const key = `${sum.figure}\n${sum.item}`;
    const known = byItem.get(key);
    if (known) {
      known.count += sum.count;
      known.amount += sum.amount;
    } else byItem.set(key, sum);
  }
  return [...byItem.values()];
}

type SummedRow = { figure: string; item: string; count: number | string; amount: number | string };

function figureSum(row: SummedRow): FigureSum {
  return {
    figure: row.figure,
    day: '',
    item: row.item,
    count: Number(row.count),
    amount: Number(row.amount),
  };
}

function dailySums(db: Db, query: FigureQuery, range: { from: string; to: string }) {
  return groupedSums(db, 'insight_daily', query)
    .where('day', '>=', range.from)
    .where('day', '<=', range.to);
}

function monthlySums(db: Db, query: FigureQuery, months: readonly string[]) {
  return groupedSums(db, 'insight_monthly', query).where('month', 'in', months);
}

/** The rows of the query's figures, over its filters, from either table. */
function filtered(
  db: Db,
  table: 'insight_daily' | 'insight_monthly',
  query: Pick<FigureQuery, 'figures' | 'where'>,
) {
  let select = db.selectFrom(table).where('figure', 'in', query.figures);
  for (const [dimension, value] of Object.entries(query.where) as [Dimension, string][]) {
    select = select.where(dimension, '=', value);
  }
  return select;
}

/** The figures' counts and amounts per item, over the query's filters, from either table. */
function groupedSums(db: Db, table: 'insight_daily' | 'insight_monthly', query: FigureQuery) {
  return filtered(db, table, query)
    .select((eb) => [
      'figure',
      'item',
      eb.fn.sum<number | string>('count').as('count'),
      eb.fn.sum<number | string>('amount').as('amount'),
    ])
    .groupBy(['figure', 'item']);
}

export type MonthRow = Omit<InsightMonthlyTable, 'month'>;

/**
 * Takes the month's lock row, in the caller's transaction: a second rollup of a day of the same
 * month waits for this one to commit, then sums the month with this one's day in it.
 */
export async function lockMonth(db: Db, month: string, at: string) {
  await db
    .insertInto('insight_month_rollup')
    .values({ month, rolled_at: at })
    .onConflict((conflict) => conflict.column('month').doUpdateSet({ rolled_at: at }))
    .execute();
}

/** The daily rows of a month's days, summed per figure, dimensions and item. */
export async function sumDaysOfMonth(db: Db, range: { from: string; to: string }) {
  const rows = await db
    .selectFrom('insight_daily')
    .select((eb) => [
      'figure',
      'region',
      'product',
      'hub',
      'item',
      eb.fn.sum<number | string>('count').as('count'),
      eb.fn.sum<number | string>('amount').as('amount'),
    ])
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .groupBy(['figure', 'region', 'product', 'hub', 'item'])
    .execute();
  return rows.map((row) => ({ ...row, count: Number(row.count), amount: Number(row.amount) }));
}

/** Replaces a month's rows with these, in the caller's transaction (after lockMonth). */
export async function replaceMonth(db: Db, month: string, rows: readonly MonthRow[]) {
  await db.deleteFrom('insight_monthly').where('month', '=', month).execute();
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await db
      .insertInto('insight_monthly')
      .values(rows.slice(start, start + INSERT_CHUNK).map((row) => ({ ...row, month })))
      .execute();
  }
}

/**
 * Percentiles of the amounts of single items (one case's minutes each), exact, as
 * core/insight's `percentile` takes them (the value at place ceil(fraction x n) in order),
 * found by the database so that a range of thousands of cases sends one row per figure and
 * fraction. `fractions` are whole percents.
 */
export async function itemAmountPercentiles(
  db: Db,
  query: Omit<FigureQuery, 'byDay'>,
  percents: readonly number[],
): Promise<{ figure: string; percent: number; amount: number }[]> {
  if (query.figures.length === 0 || percents.length === 0) return [];
  const ranked = filtered(db, 'insight_daily', query)
    .select((eb) => [
      'figure',
      'amount',
      sql<number>`row_number() over (partition by figure order by amount)`.as('place'),
      eb.fn
        .countAll<number>()
        .over((over) => over.partitionBy('figure'))
        .as('items'),
    ])
    .where('day', '>=', query.from)
    .where('day', '<=', query.to);
  const rows = await db
    .selectFrom(ranked.as('ranked'))
    .innerJoin(
      sql<{ percent: number }>`(${sql.join(
        percents.map((percent) => sql`select ${sql.lit(percent)} as percent`),
        sql` union all `,
      )})`.as('wanted'),
      (join) => join.onTrue(),
    )
    .select(['ranked.figure', 'ranked.amount', 'wanted.percent'])
    // ceil(percent x items / 100) in whole numbers, at least 1, as both databases count.
    .whereRef(
      'ranked.place',
      '=',
      sql<number>`case when (wanted.percent * ranked.items + 99) / 100 < 1 then 1
        else (wanted.percent * ranked.items + 99) / 100 end`,
    )
    .execute();
  return rows.map((row) => ({
    figure: row.figure,
    percent: Number(row.percent),
    amount: Number(row.amount),
  }));
}

export interface GapAction {
  gapKey: string;
  status: GapStatus;
  assigneeId: string | null;
  synonym: string | null;
  updatedAt: string;
}

export async function listGapActions(db: Db): Promise<GapAction[]> {
  const rows = await db.selectFrom('insight_gap').selectAll().execute();
  return rows.map((row) => ({
    gapKey: row.gap_key,
    status: row.status,
    assigneeId: row.assignee_id,
    synonym: row.synonym,
    updatedAt: row.updated_at,
  }));
}

/** Sets what was done about a gap; a later action on the same gap replaces the earlier one. */
export async function saveGapAction(
  db: Db,
  action: { gapKey: string; status: GapStatus; assigneeId?: string; synonym?: string },
  by: { userId: string; at: string },
): Promise<void> {
  const changes = {
    status: action.status,
    ...(action.assigneeId !== undefined ? { assignee_id: action.assigneeId } : {}),
    ...(action.synonym !== undefined ? { synonym: action.synonym } : {}),
    updated_at: by.at,
    updated_by: by.userId,
  };
  await db
    .insertInto('insight_gap')
    .values({
      gap_key: action.gapKey,
      assignee_id: null,
      synonym: null,
      ...changes,
    })
    .onConflict((conflict) => conflict.column('gap_key').doUpdateSet(changes))
    .execute();
}

export async function isDigestSubscriber(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('insight_digest_subscriber')
    .select('user_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function setDigestSubscriber(db: Db, userId: string, subscribed: boolean, at: string) {
  if (!subscribed) {
    await db.deleteFrom('insight_digest_subscriber').where('user_id', '=', userId).execute();
    return;
  }
  await db
    .insertInto('insight_digest_subscriber')
    .values({ user_id: userId, subscribed_at: at })
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .execute();
}

export async function listDigestSubscribers(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('insight_digest_subscriber').select('user_id').execute();
  return rows.map((row) => row.user_id);
}
