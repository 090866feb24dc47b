/**
 * Search analytics: every search the API answers and every result click. A search that found
 * nothing is a row with result_count 0; the zero-result report reads those. They are kept
 * without a user id: search analytics are about what visitors look for, not who they are.
 */
export interface SearchQueryLogTable {
  id: string;
  search_uid: string;
  search_hub: string;
  /** The recommendations tab, when the hub is 'recommendations'. */
  tab: string | null;
  query_text: string;
  result_count: number;
  is_guest: number;
  user_region: string | null;
  /** What started the search (searchboxSubmit, omniboxAnalytics, facetSelect…), as sent. */
  cause: string | null;
  /** The cause's metadata as JSON (a standalone box's partial query and suggestion). */
  cause_metadata: string | null;
  searched_at: string;
}

export interface SearchClickTable {
  id: string;
  search_uid: string;
  unique_id: string;
  /** Zero-based position of the result in the whole result list. */
  position: number;
  clicked_at: string;
}

export interface SearchAnalyticsTables {
  search_query_log: SearchQueryLogTable;
  search_click: SearchClickTable;
}
