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
  /**
   * The visitor's pseudonym (search-visitor.ts): a keyed hash of the id their browser keeps
   * under statistics consent, never a user id or an address; null before it existed.
   */
  visitor_key: string | null;
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

/**
 * The search library's other usage events (docs/headless-compatibility.md): 'custom' events a
 * front end sends (its own event type and value) and 'view' events (a page or record seen, with
 * its content type and id). Kept without a user id, like searches and clicks.
 */
export interface SearchUsageEventTable {
  id: string;
  kind: 'custom' | 'view';
  search_hub: string | null;
  /** The search the event followed, when it names one. */
  search_uid: string | null;
  /** A custom event's type and value; a view's content type and the page it was on. */
  event_type: string;
  event_value: string | null;
  content_id_key: string | null;
  content_id_value: string | null;
  occurred_at: string;
}

export interface SearchAnalyticsTables {
  search_query_log: SearchQueryLogTable;
  search_click: SearchClickTable;
  search_usage_event: SearchUsageEventTable;
}
