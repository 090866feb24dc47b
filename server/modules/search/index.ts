/*
 * The search module's public face: the only file other modules, the app's server files and
 * tests import from it.
 */
export type { ContentSource } from './content-source.ts';
export { optimizeSearchIndex } from './search-index-maintenance.repository.ts';
export { searchIndexVersion } from './search-index-state.repository.ts';
export {
  countSearchDocuments,
  findSearchDocument,
  listLearningItemDocuments,
  listSearchDocuments,
  listSearchDocumentsByIds,
  type SearchDocument,
} from './search-documents.repository.ts';
export {
  removeSearchDocument,
  saveSearchDocument,
  type SearchDocumentInput,
} from './search-documents.service.ts';
export type { SearchDocumentTable } from './search-documents.tables.ts';
export { recommend } from './recommendations.ts';
export { SUGGESTED_HELP_COUNT, suggestedHelp } from './suggested-help.ts';
export type { EngineQuery, SearchEngine } from './search-engine.ts';
export {
  createSearchProvider,
  searchProviderFor,
  type SearchProvider,
  type SearchProviderSettings,
  type SearchStatistics,
} from './search-provider.ts';
export {
  createSearchService,
  SearchRequestError,
  type DateRangeFacet,
  type SearchResponse,
  type SearchService,
  type SearchVisitor,
} from './search.service.ts';
export { recordSearchUsageEvent } from './search-analytics.service.ts';
export { visitorPseudonyms } from './search-visitor.ts';
export {
  findSearchQueryLog,
  listSearchClicks,
  listSearchUsageEvents,
} from './search-analytics.repository.ts';
export { rawFieldsOf, resultOfDocument } from './search-results.ts';
export { registerSearchRoutes, SEARCH_PATH } from './search.routes.ts';
export type { SearchTables } from './search.tables.ts';
export { UNUSED_SEARCH_FIELDS } from './unused-search-fields.ts';
export {
  countClicksBetween,
  countSearchesBetween,
  deleteSearchAnalyticsBefore,
  type DailyClickCount,
  type DailyQueryCount,
} from './search-analytics.repository.ts';
export {
  countVisitorsBetween,
  listVisitorSearchesBetween,
  type DailyVisitorCount,
  type PseudonymousSearch,
} from './search-visitors.repository.ts';
export { addSynonym, storedSynonyms, type SynonymOutcome } from './search-synonyms.service.ts';
