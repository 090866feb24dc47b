import type { Kysely } from 'kysely';
import { defaultSearchProvider, type SearchProviderName } from '~core/search';
import type { PortalDatabase } from '~server/db/database.ts';
import type { Database } from '~server/db/schema.ts';
import { createFts5SearchEngine } from './fts5/fts5-provider.ts';
import { createPostgresRankedEngine } from './postgres/postgres-provider.ts';
import type { RankedSearchOptions } from './ranked-search-engine.ts';
import type { SearchEngine } from './search-engine.ts';
import { countSearchDocuments } from './search-documents.repository.ts';
import {
  removeSearchDocument,
  saveSearchDocuments,
  type SearchDocumentInput,
} from './search-documents.service.ts';

/*
 * A search provider, in the product's words: it takes documents in and out, answers searches
 * (text, filters, facets, sort, paging, highlights, region and audience) and suggestions, and
 * says how big its index is. Documents are written in the writer's own transaction into
 * search_document; each provider's index follows that table inside the same transaction
 * (triggers of migration 0006), so a committed write is searchable by every process at once
 * and nothing is rebuilt. SEARCH_PROVIDER chooses the provider (decision 020).
 */

export interface SearchStatistics {
  provider: SearchProviderName;
  /** Documents the provider searches. */
  documents: number;
}

export interface SearchProvider extends SearchEngine {
  readonly name: SearchProviderName;
  /** Adds documents or replaces the ones with the same unique ids, in the caller's transaction. */
  saveDocuments(db: Kysely<Database>, documents: readonly SearchDocumentInput[]): Promise<void>;
  removeDocuments(db: Kysely<Database>, uniqueIds: readonly string[]): Promise<void>;
  statistics(): Promise<SearchStatistics>;
}

/** Which provider a process uses, and with which synonym list (the built-in one by default). */
export interface SearchProviderSettings {
  searchProvider?: SearchProviderName;
  searchSynonyms?: RankedSearchOptions['synonyms'];
}

/** A new provider over the database's own index. */
export function createSearchProvider(
  database: PortalDatabase,
  settings: SearchProviderSettings = {},
): SearchProvider {
  const name = settings.searchProvider ?? defaultSearchProvider(database.dialect);
  const options = settings.searchSynonyms ? { synonyms: settings.searchSynonyms } : {};
  const engine =
    name === 'fts5'
      ? createFts5SearchEngine(database.db, options)
      : createPostgresRankedEngine(database.db, options);
  return {
    ...engine,
    name,
    saveDocuments: saveSearchDocuments,
    async removeDocuments(db, uniqueIds) {
      for (const uniqueId of uniqueIds) await removeSearchDocument(db, uniqueId);
    },
    async statistics() {
      return { provider: name, documents: await countSearchDocuments(database.db) };
    },
  };
}

const providers = new WeakMap<PortalDatabase, Map<SearchProviderName, SearchProvider>>();

/**
 * The provider of a database, one per database and name so its word weights and candidates are
 * shared; the settings of its first caller decide its synonyms (a process has one list).
 */
export function searchProviderFor(
  database: PortalDatabase,
  settings: SearchProviderSettings = {},
): SearchProvider {
  const name = settings.searchProvider ?? defaultSearchProvider(database.dialect);
  let byName = providers.get(database);
  if (byName === undefined) {
    byName = new Map();
    providers.set(database, byName);
  }
  let provider = byName.get(name);
  if (provider === undefined) {
    provider = createSearchProvider(database, { ...settings, searchProvider: name });
    byName.set(name, provider);
  }
  return provider;
}
