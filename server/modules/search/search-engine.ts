import type { SearchDocument } from './search-documents.repository.ts';

/**
 * The facet fields a search can filter and count on (list fields hold JSON text lists), and the
 * fields an advanced query may exclude a value of: the same lists the search request accepts.
 */
export {
  SEARCH_FACET_FIELDS as FACET_FIELDS,
  ADVANCED_NOT_FIELDS as NOT_FILTER_FIELDS,
  type SearchFacetField as FacetField,
} from '~core/search';
import type { ADVANCED_NOT_FIELDS, SearchFacetField } from '~core/search';

type FacetField = SearchFacetField;
export type NotFilterField = (typeof ADVANCED_NOT_FIELDS)[number];

export interface TextRange {
  offset: number;
  length: number;
}

export interface DateRange {
  field: 'sfcreateddate' | 'updated_at';
  from?: string;
  to?: string;
}

export interface EngineQuery {
  /** What the user typed: terms, "phrases", prefix* terms and -negated terms. */
  text: string;
  /** Only documents of these object types or common content types (either list may be absent). */
  scope: { objecttypes?: string[]; commonContentTypes?: string[] };
  /** Each filter keeps documents having at least one of its values; filters combine with AND. */
  filters: { field: FacetField; values: string[] }[];
  notFilters: { field: NotFilterField; value: string }[];
  /** Inclusive ISO-8601 bounds. */
  dateRange?: DateRange;
  /**
   * Date ranges to count the results of: each over the search with its facet filters, the range
   * in place of `dateRange` (a date facet's counts), in the result's `rangeTotals`.
   */
  rangeCounts?: readonly DateRange[];
  /** Facets to count; each counts over the filtered set without its own filter. */
  facets: FacetField[];
  sort: 'relevancy' | 'date';
  offset: number;
  limit: number;
  /** The visitor's region (AU, CA, …): documents of that region rank slightly higher. */
  region?: string;
  /** False: misspelt words are searched as typed, never corrected. */
  correct?: boolean;
}

export interface SearchHit {
  document: SearchDocument;
  /** Text relevance times the ranking factors; the factors alone when sorted by date. */
  score: number;
  titleHighlights: TextRange[];
  /** Plain text around the matches (or the document excerpt when nothing matched in it). */
  excerpt: string;
  excerptHighlights: TextRange[];
}

export interface FacetCount {
  field: FacetField;
  values: { value: string; count: number }[];
}

export interface EngineResult {
  total: number;
  hits: SearchHit[];
  facets: FacetCount[];
  /** How many results each of the query's `rangeCounts` has, in its order. */
  rangeTotals: number[];
  /** The corrected query ('Did you mean'), when the typed one found little and this was run instead. */
  correction?: string;
}

export interface SuggestQuery {
  text: string;
  /** Default 5. */
  limit?: number;
  /** Past queries count only from this search hub when given. */
  hub?: string;
  scope?: EngineQuery['scope'];
  /** Titles of these object types are never offered (the partners' own, to others). */
  hiddenObjectTypes?: readonly string[];
}

export interface Suggestion {
  rawValue: string;
  /** rawValue with <b> and </b> around the parts the user did not type (HTML-escaped text). */
  highlightedValue: string;
}

export interface QueryLogEntry {
  hub: string;
  text: string;
  resultCount: number;
}

/** The querying part of a search provider (search-provider.ts), what searches and suggestions use. */
export interface SearchEngine {
  search(request: EngineQuery): Promise<EngineResult>;
  suggest(request: SuggestQuery): Promise<Suggestion[]>;
  /** Remembers a query a visitor ran; queries that found results feed the suggestions. */
  recordQuery(entry: QueryLogEntry): Promise<void>;
}
