import { PostgresAdapter, sql, type Insertable, type RawBuilder } from 'kysely';
import type { DatabaseDialect } from '~server/db/database.ts';
import type { ModuleDatabase } from '~server/db/schema.ts';
import type { AnalyticsEventTable, AnalyticsTables, ErrorReportTable } from './analytics.tables.ts';

type Db = ModuleDatabase<AnalyticsTables>;

/** Stores a batch in one statement, so a batch is kept whole or not at all. */
export async function insertAnalyticsEvents(
  db: Db,
  rows: ReadonlyArray<Insertable<AnalyticsEventTable>>,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('analytics_event')
    .values([...rows])
    .execute();
}

export async function insertErrorReport(db: Db, row: Insertable<ErrorReportTable>): Promise<void> {
  await db.insertInto('error_report').values(row).execute();
}

/** How often each content id was viewed ('content viewed' events) since a time, most first. */
export async function countContentViews(
  db: Db,
  options: { dialect: DatabaseDialect; since: string; limit: number },
): Promise<{ contentId: string; views: number }[]> {
  // fields is JSON text; each dialect reads a property of it its own way.
  const contentId =
    options.dialect === 'postgres'
      ? sql<string | null>`(fields::jsonb ->> 'contentId')`
      : sql<string | null>`json_extract(fields, '$.contentId')`;
  const rows = await db
    .selectFrom('analytics_event')
    .select((eb) => [contentId.as('content_id'), eb.fn.countAll<number | string>().as('views')])
    .where('name', '=', 'content viewed')
    .where('occurred_at', '>=', options.since)
    .where(contentId, 'is not', null)
    .where(contentId, '!=', '')
    .groupBy(contentId)
    .orderBy('views', 'desc')
    .limit(options.limit)
    .execute();
  return rows.map((row) => ({ contentId: row.content_id ?? '', views: Number(row.views) }));
}

/** An event field read from the JSON text, each dialect its own way. */
function eventField(db: Db, name: 'contentId'): RawBuilder<string | null> {
  return db.getExecutor().adapter instanceof PostgresAdapter
    ? sql<string | null>`(fields::jsonb ->> ${sql.lit(name)})`
    : sql<string | null>`json_extract(fields, ${sql.lit(`$.${name}`)})`;
}

/** One day's 'content viewed' events per content id (the insight rollup reads these). */
export async function countContentViewsBetween(
  db: Db,
  range: { start: string; end: string },
): Promise<{ contentId: string; views: number }[]> {
  const contentId = eventField(db, 'contentId');
  const rows = await db
    .selectFrom('analytics_event')
    .select((eb) => [contentId.as('content_id'), eb.fn.countAll<number | string>().as('views')])
    .where('name', '=', 'content viewed')
    .where('occurred_at', '>=', range.start)
    .where('occurred_at', '<', range.end)
    .where(contentId, 'is not', null)
    .where(contentId, '!=', '')
    .groupBy(contentId)
    .execute();
  return rows.map((row) => ({ contentId: row.content_id ?? '', views: Number(row.views) }));
}

/** Signed-in people's 'case submitted' events between two times. */
export async function listCasesSubmittedBetween(
  db: Db,
  range: { start: string; end: string },
): Promise<{ userId: string; at: string }[]> {
  const rows = await db
    .selectFrom('analytics_event')
    .select(['user_id', 'occurred_at'])
    .where('name', '=', 'case submitted')
    .where('user_id', 'is not', null)
    .where('occurred_at', '>=', range.start)
    .where('occurred_at', '<', range.end)
    .execute();
  return rows.map((row) => ({ userId: row.user_id ?? '', at: row.occurred_at }));
}

/** These people's 'content viewed' events between two times. */
export async function listContentViewsOf(
  db: Db,
  userIds: readonly string[],
  range: { start: string; end: string },
): Promise<{ userId: string; contentId: string; at: string }[]> {
  if (userIds.length === 0) return [];
  const contentId = eventField(db, 'contentId');
  const rows = await db
    .selectFrom('analytics_event')
    .select(['user_id', 'occurred_at', contentId.as('content_id')])
    .where('name', '=', 'content viewed')
    .where('user_id', 'in', [...userIds])
    .where('occurred_at', '>=', range.start)
    .where('occurred_at', '<', range.end)
    .where(contentId, 'is not', null)
    .where(contentId, '!=', '')
    .execute();
  return rows.map((row) => ({
    userId: row.user_id ?? '',
    contentId: row.content_id ?? '',
    at: row.occurred_at,
  }));
}

/** A deleted account's analytics events, which may carry its user data (spec 6), go. */
export async function forgetAnalyticsOfUser(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('analytics_event').where('user_id', '=', userId).execute();
}
