/** The search HTTP API's shapes as the browser sees them (see docs/search-ui.md). */
import type { SearchResult } from '~core/search';

export const SEARCH_ENDPOINT = '/api/search';
export const SUGGESTIONS_ENDPOINT = '/api/search/suggestions';
export const CLICK_ENDPOINT = '/api/search/click';
export const VIEW_ENDPOINT = '/api/search/view';

export interface FacetValue {
  value: string;
  label: string;
  numberOfResults: number;
  state: 'idle' | 'selected';
}

export interface Facet {
  field: string;
  label: string;
  values: FacetValue[];
}

export interface SearchResponse {
  searchUid: string;
  totalCount: number;
  results: SearchResult[];
  facets: Facet[];
  queryCorrections: { correctedQuery: string }[];
  /** The query was longer than a query may be; this beginning of it was searched. */
  queryCut?: { searchedFor: string };
}

/** What a search was run for, sent to search analytics (spec 3 'Standalone search box state'). */
export interface SearchAnalytics {
  cause: string;
  metadata?: Record<string, string>;
}

export interface Suggestion {
  rawValue: string;
  highlightedValue: string;
}
