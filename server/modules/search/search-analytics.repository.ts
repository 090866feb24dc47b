import type { Insertable, Selectable } from 'kysely';
import type { ModuleDatabase } from '~server/db/schema.ts';
import type {
  SearchClickTable,
  SearchQueryLogTable,
  SearchUsageEventTable,
} from './search-analytics.tables.ts';
import type { SearchTables } from './search.tables.ts';

type Db = ModuleDatabase<SearchTables>;

export type SearchQueryLogEntry = Selectable<SearchQueryLogTable>;
export type SearchClick = Selectable<SearchClickTable>;
export type SearchUsageEvent = Selectable<SearchUsageEventTable>;

export async function insertSearchQueryLog(
  db: Db,
  row: Insertable<SearchQueryLogTable>,
): Promise<void> {
  await db.insertInto('search_query_log').values(row).execute();
}

export async function insertSearchClick(db: Db, row: Insertable<SearchClickTable>): Promise<void> {
  await db.insertInto('search_click').values(row).execute();
}

export async function findSearchQueryLog(
  db: Db,
  searchUid: string,
): Promise<SearchQueryLogEntry | undefined> {
  return db
    .selectFrom('search_query_log')
    .selectAll()
    .where('search_uid', '=', searchUid)
    .executeTakeFirst();
}

export async function listSearchClicks(db: Db, searchUid: string): Promise<SearchClick[]> {
  return db
    .selectFrom('search_click')
    .selectAll()
    .where('search_uid', '=', searchUid)
    .orderBy('clicked_at')
    .orderBy('id')
    .execute();
}

export async function insertSearchUsageEvent(
  db: Db,
  row: Insertable<SearchUsageEventTable>,
): Promise<void> {
  await db.insertInto('search_usage_event').values(row).execute();
}

/** Usage events of a kind since a time, oldest first. */
export async function listSearchUsageEvents(
  db: Db,
  options: { kind: SearchUsageEventTable['kind']; since: string },
): Promise<SearchUsageEvent[]> {
  return db
    .selectFrom('search_usage_event')
    .selectAll()
    .where('kind', '=', options.kind)
    .where('occurred_at', '>=', options.since)
    .orderBy('occurred_at')
    .orderBy('id')
    .execute();
}

export interface ZeroResultQuery {
  searchHub: string;
  query: string;
  searches: number;
  lastSearchedAt: string;
}

/** Typed queries that found nothing since a time, the most frequent first. */
export async function listZeroResultQueries(
  db: Db,
  options: { since: string; limit: number },
): Promise<ZeroResultQuery[]> {
  const rows = await db
    .selectFrom('search_query_log')
    .select((eb) => [
      'search_hub',
      'query_text',
      eb.fn.countAll<number | string>().as('searches'),
      eb.fn.max('searched_at').as('last_searched_at'),
    ])
    .where('result_count', '=', 0)
    .where('query_text', '!=', '')
    .where('searched_at', '>=', options.since)
    .groupBy(['search_hub', 'query_text'])
    .orderBy('searches', 'desc')
    .orderBy('last_searched_at', 'desc')
    .limit(options.limit)
    .execute();
  return rows.map((row) => ({
    searchHub: row.search_hub,
    query: row.query_text,
    searches: Number(row.searches),
    lastSearchedAt: row.last_searched_at,
  }));
}

export interface DailyQueryCount {
  searchHub: string;
  region: string | null;
  query: string;
  searches: number;
  noResult: number;
  /** Searches that found something and whose results nobody clicked. */
  noClick: number;
}

/** One day's searches per hub, region and query as typed (the insight rollup reads these). */
export async function countSearchesBetween(
  db: Db,
  range: { start: string; end: string },
): Promise<DailyQueryCount[]> {
  const rows = await db
    .selectFrom('search_query_log as q')
    .select((eb) => [
      'q.search_hub',
      'q.user_region',
      'q.query_text',
      eb.fn.countAll<number | string>().as('searches'),
      eb.fn
        .sum<number | string>(eb.case().when('q.result_count', '=', 0).then(1).else(0).end())
        .as('no_result'),
      eb.fn
        .sum<number | string>(
          eb
            .case()
            .when(
              eb.and([
                eb('q.result_count', '>', 0),
                eb.not(
                  eb.exists(
                    eb
                      .selectFrom('search_click as c')
                      .select('c.id')
                      .whereRef('c.search_uid', '=', 'q.search_uid'),
                  ),
                ),
              ]),
            )
            .then(1)
            .else(0)
            .end(),
        )
        .as('no_click'),
    ])
    .where('q.searched_at', '>=', range.start)
    .where('q.searched_at', '<', range.end)
    .groupBy(['q.search_hub', 'q.user_region', 'q.query_text'])
    .execute();
  return rows.map((row) => ({
    searchHub: row.search_hub,
    region: row.user_region,
    query: row.query_text,
    searches: Number(row.searches),
    noResult: Number(row.no_result),
    noClick: Number(row.no_click),
  }));
}

export interface DailyClickCount {
  searchHub: string;
  region: string | null;
  clicks: number;
  /** The clicked results' positions counted from 1, summed. */
  positions: number;
}

/** One day's result clicks per hub and region, with their positions summed. */
export async function countClicksBetween(
  db: Db,
  range: { start: string; end: string },
): Promise<DailyClickCount[]> {
  const rows = await db
    .selectFrom('search_click as c')
    .innerJoin('search_query_log as q', 'q.search_uid', 'c.search_uid')
    .select((eb) => [
      'q.search_hub',
      'q.user_region',
      eb.fn.countAll<number | string>().as('clicks'),
      eb.fn.sum<number | string>('c.position').as('positions'),
    ])
    .where('c.clicked_at', '>=', range.start)
    .where('c.clicked_at', '<', range.end)
    .groupBy(['q.search_hub', 'q.user_region'])
    .execute();
  return rows.map((row) => ({
    searchHub: row.search_hub,
    region: row.user_region,
    clicks: Number(row.clicks),
    positions: Number(row.positions) + Number(row.clicks),
  }));
}

/** Deletes searches and clicks recorded before a time (the insight retention). */
export async function deleteSearchAnalyticsBefore(db: Db, before: string): Promise<number> {
  await db.deleteFrom('search_click').where('clicked_at', '<', before).execute();
  const deleted = await db
    .deleteFrom('search_query_log')
    .where('searched_at', '<', before)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
