import { sql, type Insertable } from 'kysely';
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

/** A deleted account's analytics events, which may carry its user data (spec 6), go. */
export async function forgetAnalyticsOfUser(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('analytics_event').where('user_id', '=', userId).execute();
}
