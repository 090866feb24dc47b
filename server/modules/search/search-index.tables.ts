/*
 * Past queries, one row per search hub and normalised query: suggestions offer the ones that
 * found results, most often searched first. The full-text index tables (migration
 * 0006-search-index) are dialect-specific and read through raw SQL only.
 */
export interface SearchPastQueryTable {
  hub: string;
  /** The query's words, normalised (core/search/query.ts queryKey). */
  query_key: string;
  /** The query as last typed. */
  query_text: string;
  search_count: number;
  /** Results the last run of the query found. */
  result_count: number;
  last_searched_at: string;
}

/** One row (id 1) whose version goes up with every change of search_document. */
export interface SearchIndexStateTable {
  id: number;
  version: number;
}

export interface SearchIndexTables {
  search_past_query: SearchPastQueryTable;
  search_index_state: SearchIndexStateTable;
}
