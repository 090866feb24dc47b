import type { Kysely } from 'kysely';
import {
  chooseCorrection,
  correctableWords,
  extractMarkedRanges,
  formatQuery,
  highlightSuggestion,
  normaliseText,
  parseSearchQuery,
  queryKey,
  replaceWords,
  tokenize,
  type ParsedQuery,
} from '~core/search';
import type {
  EngineQuery,
  EngineResult,
  SearchEngine,
  SearchHit,
  SuggestQuery,
  Suggestion,
} from '../search-engine.ts';
import { buildDocumentStore, type DocumentStore } from './document-store.ts';
import { findPastQueries, recordPastQuery } from './past-queries.repository.ts';
import { createResultCache } from './result-cache.ts';
import { searchIndexVersion } from './search-index-state.repository.ts';
import {
  HIGHLIGHT_CLOSE,
  HIGHLIGHT_OPEN,
  runIndexSearch,
  scopeCondition,
  type IndexDialect,
  type IndexSearchRows,
} from './search-index.repository.ts';
import type { SearchTables } from '../search.tables.ts';

/** Below this many results the engine tries the query with misspelt words corrected. */
export const CORRECTION_THRESHOLD = 3;
export const DEFAULT_SUGGESTIONS = 5;
// Title matches fetched before ranking them; enough to find the best few among many.
const TITLE_CANDIDATES = 200;
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
      return suggest(db, dialect, request);
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
  if (rows.total < CORRECTION_THRESHOLD) {
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

async function correctQuery(
  dialect: IndexDialect,
  query: ParsedQuery,
): Promise<ParsedQuery | undefined> {
  const words = [...new Set(correctableWords(query))];
  if (words.length === 0) return undefined;
  const counts = await dialect.wordCounts(words);
  const replacements = new Map<string, string>();
  for (const word of words) {
    if ((counts.get(word) ?? 0) > 0) continue;
    const replacement = chooseCorrection(word, await dialect.correctionCandidates(word));
    if (replacement !== undefined) replacements.set(word, replacement);
  }
  return replacements.size === 0 ? undefined : replaceWords(query, replacements);
}

async function withHighlights(
  dialect: IndexDialect,
  query: ParsedQuery,
  rows: IndexSearchRows,
): Promise<EngineResult> {
  const marked = await dialect.markedTexts(query, rows.keys);
  const hits = rows.hits.map(({ document, score }): SearchHit => {
    const texts = marked.get(document.unique_id);
    const title = texts
      ? extractMarkedRanges(texts.title, HIGHLIGHT_OPEN, HIGHLIGHT_CLOSE)
      : undefined;
    const excerpt = [texts?.body, texts?.excerpt]
      .filter((text): text is string => text !== undefined && text.includes(HIGHLIGHT_OPEN))
      .map((text) => extractMarkedRanges(text, HIGHLIGHT_OPEN, HIGHLIGHT_CLOSE))[0];
    return {
      document,
      score,
      titleHighlights: title?.text === document.title ? title.ranges : [],
      excerpt: excerpt?.text ?? document.excerpt,
      excerptHighlights: excerpt?.ranges ?? [],
    };
  });
  return { total: rows.total, hits, facets: rows.facets };
}

async function suggest(
  db: Kysely<SearchTables>,
  dialect: IndexDialect,
  request: SuggestQuery,
): Promise<Suggestion[]> {
  const limit = Math.max(0, Math.min(50, Math.floor(request.limit ?? DEFAULT_SUGGESTIONS)));
  const key = queryKey(request.text);
  const words = tokenize(request.text);
  if (words.length === 0 || limit === 0) return [];
  const past = await findPastQueries(db, { key, hub: request.hub, limit });
  const titles = await dialect.titleCandidates(
    words,
    !key.endsWith(' '),
    scopeCondition(request.scope),
    TITLE_CANDIDATES,
  );
  const typed = normaliseText(request.text.trim());
  const rankedTitles = titles
    .map((title) => ({ title, startsWithTyped: normaliseText(title).startsWith(typed) }))
    .sort(
      (a, b) =>
        Number(b.startsWithTyped) - Number(a.startsWithTyped) ||
        a.title.length - b.title.length ||
        a.title.localeCompare(b.title),
    )
    .map((candidate) => candidate.title);
  const seen = new Set<string>();
  const suggestions: Suggestion[] = [];
  for (const rawValue of [...past, ...rankedTitles]) {
    const seenKey = queryKey(rawValue);
    if (seen.has(seenKey)) continue;
    seen.add(seenKey);
    suggestions.push({ rawValue, highlightedValue: highlightSuggestion(rawValue, request.text) });
    if (suggestions.length === limit) break;
  }
  return suggestions;
}
