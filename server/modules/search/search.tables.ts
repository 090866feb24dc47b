import type { SearchIndexTables } from './search-index.tables.ts';
import type { SearchAnalyticsTables } from './search-analytics.tables.ts';
import type { SearchDocumentTables } from './search-documents.tables.ts';
import type { SearchSynonymTables } from './search-synonyms.tables.ts';

/** The tables the search module owns: documents, its analytics, the engine's state, synonyms. */
export type SearchTables = SearchDocumentTables &
  SearchAnalyticsTables &
  SearchIndexTables &
  SearchSynonymTables;
