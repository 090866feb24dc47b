import type { Kysely } from 'kysely';
import { formatQuery, parseSearchQuery, type ParsedQuery } from '~core/search';
import type { EngineQuery, EngineResult, SearchEngine } from '../search-engine.ts';
import { correctQuery } from '../query-correction.ts';
import { highlightedHit } from '../highlighted-hit.ts';
import { suggestFrom } from '../suggestions.ts';
import { buildDocumentStore, type DocumentStore } from './document-store.ts';
import { recordPastQuery } from './past-queries.repository.ts';
import { createResultCache } from './result-cache.ts';
import { searchIndexVersion } from './search-index-state.repository.ts';
import {
  runIndexSearch,
  type IndexDialect,
  type IndexSearchRows,
} from './search-index.repository.ts';
import type { SearchTables } from '../search.tables.ts';

/** Below this many results the engine tries the query with misspelt words corrected. */
export const CORRECTION_THRESHOLD = 3;
const MAX_LIMIT = 1000;

export interface SearchEngineOptions {
  /** Keep recent results in memory (default); off to measure the index itself. */
  resultCache?: boolean;
}

export function createIndexSearchEngine(
  db: Kysely<SearchTables>,
  dialect: IndexDialect,
  options: SearchEngineOptions = {},
): SearchEngine {
  const cache = options.resultCache === false ? undefined : createResultCache();
  let store: Promise<DocumentStore> | undefined;
  // The store of the current index version; one load at a time, shared by concurrent searches.
  async function currentStore(version: number): Promise<DocumentStore> {
    const loading = store;
    if (loading !== undefined) {
      const loaded = await loading.catch(() => undefined);
      if (loaded?.version === version) return loaded;
      if (store !== loading) return currentStore(version);
    }
    const next = dialect.loadFields().then((rows) => buildDocumentStore(rows, version));
    store = next;
    return next;
  }
  return {
    async search(request) {
      const bounded: EngineQuery = {
        ...request,
        offset: Math.max(0, Math.floor(request.offset)),
        limit: Math.min(MAX_LIMIT, Math.max(0, Math.floor(request.limit))),
      };
      const version = await searchIndexVersion(db);
      const cached = cache?.get(bounded, version, Date.now());
      if (cached !== undefined) return cached;
      const result = await searchIndex(db, dialect, await currentStore(version), bounded);
      cache?.set(bounded, version, Date.now(), result);
      return result;
    },

    async suggest(request) {
      return suggestFrom(db, dialect.titleCandidates, request);
    },

    async recordQuery(entry) {
      await recordPastQuery(db, entry, new Date().toISOString());
    },
  };
}

async function searchIndex(
  db: Kysely<SearchTables>,
  dialect: IndexDialect,
  store: DocumentStore,
  request: EngineQuery,
): Promise<EngineResult> {
  const now = new Date().toISOString();
  const query = parseSearchQuery(request.text);
  let rows = await runIndexSearch(db, dialect, store, { request, query, now });
  let used = query;
  let correction: string | undefined;
  if (rows.total < CORRECTION_THRESHOLD && request.correct !== false) {
    const corrected = await correctQuery(dialect, query);
    if (corrected !== undefined) {
      const correctedRows = await runIndexSearch(db, dialect, store, {
        request: { ...request, text: formatQuery(corrected) },
        query: corrected,
        now,
      });
      if (correctedRows.total > rows.total) {
        rows = correctedRows;
        used = corrected;
        correction = formatQuery(corrected);
      }
    }
  }
  return { ...(await withHighlights(dialect, used, rows)), ...(correction ? { correction } : {}) };
}

async function withHighlights(
  dialect: IndexDialect,
  query: ParsedQuery,
  rows: IndexSearchRows,
): Promise<EngineResult> {
  const marked = await dialect.markedTexts(query, rows.keys);
  const hits = rows.hits.map(({ document, score }) =>
    highlightedHit(document, score, marked.get(document.unique_id)),
  );
  return { total: rows.total, hits, facets: rows.facets };
}
