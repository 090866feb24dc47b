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
