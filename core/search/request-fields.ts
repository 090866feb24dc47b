/**
 * The fields, sorts and limits of a search request (docs/search-api.md): what the browser needs
 * to build one. The server's checks of a request are in request.ts.
 */

/** Fields a search may filter and count on; list fields match any of their values. */
export const SEARCH_FACET_FIELDS = [
  'common_contenttype',
  'sfcoreproductc',
  'sfaudiencec',
  'sftopicfirstlevelc',
] as const;
export type SearchFacetField = (typeof SEARCH_FACET_FIELDS)[number];

/** Fields an advanced query may exclude a value of ('field NOT value'). */
export const ADVANCED_NOT_FIELDS = [
  ...SEARCH_FACET_FIELDS,
  'objecttype',
  'sfurlname',
  'sfkbid',
  'syssource',
  'unique_id',
  'region',
] as const;
/** Fields an advanced query may require a value of ('field==value'). */
export const ADVANCED_EQUALS_FIELDS = SEARCH_FACET_FIELDS;

/** Spec 2.4: the home page's recommendation blocks, each a tab of the 'recommendations' hub. */
export const RECOMMENDATION_TABS = [
  'all_content',
  'all_learning',
  'recent_discussions',
  'topics',
] as const;
export type RecommendationTab = (typeof RECOMMENDATION_TABS)[number];

/** 'date' and 'date descending' both mean newest first. */
export const SEARCH_SORTS = ['relevancy', 'date', 'date descending'] as const;

/** Spec 9: 10 results by default. */
export const DEFAULT_NUMBER_OF_RESULTS = 10;
/** Spec 9: up to 100 folded results; no page is bigger either. */
export const MAX_NUMBER_OF_RESULTS = 100;
/** Deep paging past this is refused: nobody reads page 1001, and it costs the index. */
export const MAX_FIRST_RESULT = 10_000;
export const MAX_QUERY_LENGTH = 500;
/**
 * What the API takes as typed: longer queries are cut to MAX_QUERY_LENGTH (cutQuery) with a
 * notice, so a pasted page is still searched; beyond this it is not a query at all.
 */
export const MAX_TYPED_QUERY_LENGTH = 10_000;
/** Entries of a search's analytics metadata. */
export const MAX_ANALYTICS_METADATA = 10;
export const DEFAULT_SUGGESTION_COUNT = 5;
export const MAX_SUGGESTION_COUNT = 10;

/** Spec 7: a view event names the record a page shows under this key. */
export const VIEW_CONTENT_ID_KEY = '@sfid';
