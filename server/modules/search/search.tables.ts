import type { SearchIndexTables } from './search-index.tables.ts';
import type { SearchAnalyticsTables } from './search-analytics.tables.ts';
import type { SearchDocumentTables } from './search-documents.tables.ts';

/** The tables the search module owns: documents, its analytics and the engine's own state. */
export type SearchTables = SearchDocumentTables & SearchAnalyticsTables & SearchIndexTables;
