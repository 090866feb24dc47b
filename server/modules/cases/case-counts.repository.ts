import type { SelectQueryBuilder } from 'kysely';
import type { ModuleDatabase } from '~server/db/schema.ts';
import type { CaseTables } from './cases.tables.ts';

/* What the insight rollup and dashboards read of the support cases (docs/insight.md). */

type Db = ModuleDatabase<CaseTables>;
type Range = { start: string; end: string };

export interface CaseTiming {
  caseId: string;
  product: string | null;
  queue: string;
  category: string;
  /** Minutes from raising the case to the moment measured (first answer, solving). */
  minutes: number;
}

const minutesBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 60_000;

/** Cases per product, queue and category, among those `narrow` keeps. */
async function countCasesPerGroup(
  db: Db,
  narrow: <Row>(query: CaseCountQuery<Row>) => CaseCountQuery<Row>,
) {
  const rows = await narrow(
    db
      .selectFrom('support_case')
      .select((eb) => [
        'product',
        'queue',
        'category_name',
        eb.fn.countAll<number | string>().as('cases'),
      ]),
  )
    .groupBy(['product', 'queue', 'category_name'])
    .execute();
  return rows.map((row) => ({
    product: row.product,
    queue: row.queue,
    category: row.category_name,
    cases: Number(row.cases),
  }));
}

type CaseCountQuery<Row> = SelectQueryBuilder<CaseTables, 'support_case', Row>;

/** Cases raised in a range, per product, queue and category. */
export function countCasesRaisedBetween(db: Db, range: Range) {
  return countCasesPerGroup(db, (query) =>
    query.where('created_at', '>=', range.start).where('created_at', '<', range.end),
  );
}

/** Cases solved in a range, each with the minutes it took from raising to solving. */
export async function listCasesSolvedBetween(db: Db, range: Range): Promise<CaseTiming[]> {
  const rows = await db
    .selectFrom('support_case')
    .select(['id', 'product', 'queue', 'category_name', 'created_at', 'solved_at'])
    .where('solved_at', '>=', range.start)
    .where('solved_at', '<', range.end)
    .execute();
  return rows.map((row) => ({
    caseId: row.id,
    product: row.product,
    queue: row.queue,
    category: row.category_name,
    minutes: minutesBetween(row.created_at, row.solved_at!),
  }));
}

/** Cases whose first answer from an agent (an internal note is not one) came in a range. */
export async function listFirstResponsesBetween(db: Db, range: Range): Promise<CaseTiming[]> {
  const rows = await db
    .selectFrom('support_case as c')
    .innerJoin('support_case_message as m', 'm.case_id', 'c.id')
    .select((eb) => [
      'c.id',
      'c.product',
      'c.queue',
      'c.category_name',
      'c.created_at',
      eb.fn.min('m.created_at').as('first_answer_at'),
    ])
    .where('m.author_role', '=', 'agent')
    .where('m.visibility', '=', 'public')
    .groupBy(['c.id', 'c.product', 'c.queue', 'c.category_name', 'c.created_at'])
    .having((eb) => eb.fn.min('m.created_at'), '>=', range.start)
    .having((eb) => eb.fn.min('m.created_at'), '<', range.end)
    .execute();
  return rows.map((row) => ({
    caseId: row.id,
    product: row.product,
    queue: row.queue,
    category: row.category_name,
    minutes: minutesBetween(row.created_at, row.first_answer_at),
  }));
}

/** Ratings given in a range, per product and stars. */
export async function countRatingsBetween(db: Db, range: Range) {
  const rows = await db
    .selectFrom('support_case')
    .select((eb) => ['product', 'rating', eb.fn.countAll<number | string>().as('ratings')])
    .where('rated_at', '>=', range.start)
    .where('rated_at', '<', range.end)
    .where('rating', 'is not', null)
    .groupBy(['product', 'rating'])
    .execute();
  return rows.map((row) => ({
    product: row.product,
    rating: Number(row.rating),
    ratings: Number(row.ratings),
  }));
}

/** The cases still being worked on now, per product, queue and category. */
export async function countOpenCases(db: Db) {
  const rows = await db
    .selectFrom('support_case')
    .select((eb) => [
      'product',
      'queue',
      'category_name',
      eb.fn.countAll<number | string>().as('cases'),
    ])
    .where('status', 'in', ['new', 'open', 'awaiting-reply'])
    .groupBy(['product', 'queue', 'category_name'])
    .execute();
  return rows.map((row) => ({
    product: row.product,
    queue: row.queue,
    category: row.category_name,
    cases: Number(row.cases),
  }));
}

/**
 * The cases open (new, open or awaiting a reply) at a moment, per product, queue and category,
 * derived from when each was raised, solved and closed: no status history is kept, and a case
 * reopened has its solving cleared, so it reads as open from when it was raised.
 */
export function countOpenCasesAt(db: Db, at: string) {
  return countCasesPerGroup(db, (query) =>
    query
      .where('created_at', '<', at)
      .where((eb) => eb.or([eb('solved_at', 'is', null), eb('solved_at', '>=', at)]))
      .where((eb) => eb.or([eb('closed_at', 'is', null), eb('closed_at', '>=', at)])),
  );
}
