import type { ModuleDatabase } from '~server/db/schema.ts';
import type { SearchTables } from './search.tables.ts';

/* Searches by visitor pseudonym (search-visitor.ts), for the insight rollup. */

type Db = ModuleDatabase<SearchTables>;

export interface DailyVisitorCount {
  searchHub: string;
  region: string | null;
  /** Distinct pseudonyms that searched. */
  visitors: number;
  /** Their searches (searches without a pseudonym are not among them). */
  searches: number;
}

/** Per hub and region, the visitors who searched in a range and how often. */
export async function countVisitorsBetween(
  db: Db,
  range: { start: string; end: string },
): Promise<DailyVisitorCount[]> {
  const rows = await db
    .selectFrom('search_query_log')
    .select((eb) => [
      'search_hub',
      'user_region',
      eb.fn.count<number | string>('visitor_key').distinct().as('visitors'),
      eb.fn.countAll<number | string>().as('searches'),
    ])
    .where('visitor_key', 'is not', null)
    .where('searched_at', '>=', range.start)
    .where('searched_at', '<', range.end)
    .groupBy(['search_hub', 'user_region'])
    .execute();
  return rows.map((row) => ({
    searchHub: row.search_hub,
    region: row.user_region,
    visitors: Number(row.visitors),
    searches: Number(row.searches),
  }));
}

export interface PseudonymousSearch {
  visitor: string;
  hub: string;
  region: string | null;
  query: string;
  at: string;
  clicked: boolean;
}

/** The searches with a pseudonym in a range, each with whether a result of it was clicked. */
export async function listVisitorSearchesBetween(
  db: Db,
  range: { start: string; end: string },
): Promise<PseudonymousSearch[]> {
  const rows = await db
    .selectFrom('search_query_log as q')
    .select((eb) => [
      'q.visitor_key',
      'q.search_hub',
      'q.user_region',
      'q.query_text',
      'q.searched_at',
      eb
        .exists(
          eb
            .selectFrom('search_click as c')
            .select('c.id')
            .whereRef('c.search_uid', '=', 'q.search_uid'),
        )
        .as('clicked'),
    ])
    .where('q.visitor_key', 'is not', null)
    .where('q.searched_at', '>=', range.start)
    .where('q.searched_at', '<', range.end)
    .orderBy('q.searched_at')
    .orderBy('q.id')
    .execute();
  return rows.map((row) => ({
    visitor: row.visitor_key!,
    hub: row.search_hub,
    region: row.user_region,
    query: row.query_text,
    at: row.searched_at,
    // SQLite answers 0 or 1, PostgreSQL true or false.
    clicked: Boolean(row.clicked),
  }));
}
