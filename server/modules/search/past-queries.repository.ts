import type { Kysely } from 'kysely';
import { queryKey } from '~core/search';
import type { QueryLogEntry } from './search-engine.ts';
import type { SearchTables } from './search.tables.ts';

// Longer texts are pasted passages rather than queries worth suggesting to others.
const MAX_QUERY_LENGTH = 200;

/** Counts one run of a query; the last run's result count decides whether it is suggested. */
export async function recordPastQuery(
  db: Kysely<SearchTables>,
  entry: QueryLogEntry,
  now: string,
): Promise<void> {
  const text = entry.text.trim().replace(/\s+/g, ' ');
  const key = queryKey(text);
  if (key === '' || text.length > MAX_QUERY_LENGTH) return;
  await db
    .insertInto('search_past_query')
    .values({
      hub: entry.hub,
      query_key: key,
      query_text: text,
      search_count: 1,
      result_count: entry.resultCount,
      last_searched_at: now,
    })
    .onConflict((conflict) =>
      conflict.columns(['hub', 'query_key']).doUpdateSet((update) => ({
        query_text: update.ref('excluded.query_text'),
        search_count: update('search_past_query.search_count', '+', 1),
        result_count: update.ref('excluded.result_count'),
        last_searched_at: update.ref('excluded.last_searched_at'),
      })),
    )
    .execute();
}

/**
 * The hub's most searched queries that found results, for a box focused before anything is
 * typed. Only queries searched at least `minSearches` times: one visitor's query (a name, an
 * invoice number) is never shown to everyone.
 */
export async function findPopularQueries(
  db: Kysely<SearchTables>,
  request: { hub?: string; limit: number; minSearches: number },
): Promise<string[]> {
  let query = db
    .selectFrom('search_past_query')
    .select('query_text')
    .where('result_count', '>', 0)
    .where('search_count', '>=', request.minSearches);
  if (request.hub !== undefined) query = query.where('hub', '=', request.hub);
  const rows = await query
    .orderBy('search_count', 'desc')
    .orderBy('last_searched_at', 'desc')
    .limit(request.limit)
    .execute();
  return rows.map((row) => row.query_text);
}

/** Past queries that found results and begin with the typed words, most searched first. */
export async function findPastQueries(
  db: Kysely<SearchTables>,
  request: { key: string; hub?: string; limit: number },
): Promise<string[]> {
  let query = db
    .selectFrom('search_past_query')
    .select('query_text')
    .where('result_count', '>', 0)
    .where('query_key', '>=', request.key)
    .where('query_key', '<', `${request.key}\uffff`);
  if (request.hub !== undefined) query = query.where('hub', '=', request.hub);
  const rows = await query
    .orderBy('search_count', 'desc')
    .orderBy('last_searched_at', 'desc')
    .limit(request.limit)
    .execute();
  return rows.map((row) => row.query_text);
}
