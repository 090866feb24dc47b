import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import {
  candidateScore,
  DEFAULT_SYNONYMS,
  formatQuery,
  groupWeight,
  parseSearchQuery,
  RANKED_CANDIDATES,
  planBeginnings,
  relevancePlan,
  storedSynonymRules,
  withCompletions,
  type ParsedQuery,
  type RelevancePlan,
  type ScoredCandidate,
  type SynonymRule,
  type TermGroup,
} from '~core/search';
import { recordPastQuery } from './past-queries.repository.ts';
import { searchIndexVersion } from './search-index-state.repository.ts';
import { listSynonymTerms } from './search-synonyms.repository.ts';
import type { MarkedTexts } from './highlighted-hit.ts';
import { highlightedHit } from './highlighted-hit.ts';
import { indexVersions, type IndexAtVersion } from './index-at-version.ts';
import { correctQuery, type Vocabulary } from './query-correction.ts';
import { listSearchDocumentsByIds } from './search-documents.repository.ts';
import type { EngineQuery, EngineResult, FacetCount, SearchEngine } from './search-engine.ts';
import type { SearchTables } from './search.tables.ts';
import { suggestFrom, type TitleCandidates } from './suggestions.ts';

/*
 * One way of searching, whatever the engine: the query becomes a relevance plan (core/search),
 * the engine's full-text index picks the best few hundred candidates by its own text relevance
 * and says which of the query's groups each matches, core/search scores them, and the index
 * counts, filters and pages them in SQL. Nothing of the corpus is held in memory, so a write is
 * found by the next search of every process.
 */

const MAX_LIMIT = 1000;
// Whole words a beginning stands for: the most common ones, enough for the pages it means.
const COMPLETIONS = 6;
// Searches' candidates by index version, words and scope: a results page asks for the same
// candidates once for its list and once for each date range it counts.
const CACHED_CANDIDATE_SETS = 64;

/** A page of the index: its rowid in SQLite, its unique id in PostgreSQL. */
export type IndexKey = number | string;

/** What a search's ranking knows about its words: the plan and each group's weight. */
export interface RankingInput {
  plan: RelevancePlan;
  /** Each group's weight (core/search groupWeight), in plan order. */
  weights: number[];
}

export interface IndexCandidate extends ScoredCandidate {
  key: IndexKey;
}

export interface ScoredPage {
  key: IndexKey;
  score: number;
  exactTitle: boolean;
}

export interface IndexRows {
  total: number;
  page: { key: IndexKey; uniqueId: string; score: number }[];
  facets: FacetCount[];
  rangeTotals: number[];
}

/** A full-text index a search runs on (FTS5, PostgreSQL's tsvector). */
export interface TextIndex extends Vocabulary {
  /** The index's expression of a group: counted once per index version. */
  groupExpression(group: TermGroup): string;
  /** Documents in the index, and how many match each expression. */
  countMatches(expressions: readonly string[]): Promise<{ documents: number; matching: number[] }>;
  /** Words of the index beginning so, those in most documents first. */
  completions(beginning: string, limit: number): Promise<string[]>;
  /** The best pages by the index's text relevance (at most a few hundred), in scope. */
  rankCandidates(
    request: Pick<EngineQuery, 'scope' | 'notFilters'>,
    ranking: RankingInput,
  ): Promise<IndexCandidate[]>;
  /**
   * The total, facets and page of a search over its scored candidates; with none (no words to
   * rank by), over the pages in scope not matching the plan's negated clauses.
   */
  runSearch(
    request: EngineQuery,
    scored: readonly ScoredPage[] | undefined,
    now: string,
    negated?: RelevancePlan,
  ): Promise<IndexRows>;
  /** The pages' title, excerpt and body around the matches, with the matches marked. */
  markedTexts(plan: RelevancePlan, keys: readonly IndexKey[]): Promise<Map<IndexKey, MarkedTexts>>;
  titleCandidates: TitleCandidates;
}

export interface RankedSearchOptions {
  synonyms?: readonly SynonymRule[];
}

export function createRankedSearchEngine(
  db: Kysely<SearchTables>,
  index: TextIndex,
  options: RankedSearchOptions = {},
): SearchEngine {
  const synonyms = options.synonyms ?? DEFAULT_SYNONYMS;
  // How many documents match each group expression, valid for one index version.
  let counts = { version: -1, documents: 0, matching: new Map<string, number>() };
  const candidateSets = new LRUCache<string, IndexCandidate[]>({ max: CACHED_CANDIDATE_SETS });
  const atVersion = indexVersions(index);

  async function weightsOf(version: number, expressions: string[]): Promise<number[]> {
    if (counts.version !== version) counts = { version, documents: -1, matching: new Map() };
    const known = counts;
    const unknown = expressions.filter((expression) => !known.matching.has(expression));
    if (unknown.length > 0 || known.documents < 0) {
      const counted = await index.countMatches(unknown);
      known.documents = counted.documents;
      unknown.forEach((expression, at) => known.matching.set(expression, counted.matching[at]!));
    }
    return expressions.map((expression) =>
      groupWeight(known.matching.get(expression) ?? 0, known.documents),
    );
  }

  // Staff's stored rules join the built-in ones; adding one raises the index version.
  let stored = { version: -1, synonyms };
  async function synonymsAt(version: number): Promise<readonly SynonymRule[]> {
    if (stored.version !== version) {
      stored = {
        version,
        synonyms: [...synonyms, ...storedSynonymRules(await listSynonymTerms(db))],
      };
    }
    return stored.synonyms;
  }

  async function planOf(
    request: EngineQuery,
    query: ParsedQuery,
    version: number,
  ): Promise<RelevancePlan> {
    const typed = relevancePlan(query, {
      synonyms: await synonymsAt(version),
      ...(request.region ? { region: request.region } : {}),
      typingLastWord: /[\p{L}\p{N}]$/u.test(request.text),
    });
    const completions = new Map<string, string[]>();
    for (const beginning of planBeginnings(typed)) {
      completions.set(beginning, await atVersion(version).completions(beginning, COMPLETIONS));
    }
    return withCompletions(typed, completions);
  }

  async function candidatesOf(version: number, request: EngineQuery, ranking: RankingInput) {
    const key = JSON.stringify([
      version,
      ranking.plan.groups.map((group) => index.groupExpression(group)),
      ranking.plan.negated,
      request.scope,
      request.notFilters,
    ]);
    let candidates = candidateSets.get(key);
    if (candidates === undefined) {
      candidates = await index.rankCandidates(request, ranking);
      candidateSets.set(key, candidates);
    }
    return candidates;
  }

  async function run(request: EngineQuery, query: ParsedQuery, now: string, version: number) {
    if (query.clauses.length === 0) {
      return { rows: await index.runSearch(request, undefined, now), plan: undefined };
    }
    const plan = await planOf(request, query, version);
    if (plan.groups.length === 0) {
      // Only -negated words: every page but those having them, in the order without a query.
      return { rows: await index.runSearch(request, undefined, now, plan), plan: undefined };
    }
    const weights = await weightsOf(
      version,
      plan.groups.map((group) => index.groupExpression(group)),
    );
    const candidates = await candidatesOf(version, request, { plan, weights });
    const context = {
      weights,
      text: request.text,
      now: new Date(now),
      ...(request.region ? { region: request.region } : {}),
    };
    const scored = candidates.map((page) => ({ key: page.key, ...candidateScore(page, context) }));
    return { rows: await index.runSearch(request, scored, now), plan };
  }

  // The last word while typed counts as a beginning: it is not a misspelling when words begin so.
  async function correctionOf(
    request: EngineQuery,
    query: ParsedQuery,
    vocabulary: IndexAtVersion,
  ) {
    const last = query.clauses.at(-1);
    const typing =
      last !== undefined &&
      !last.negated &&
      !last.prefix &&
      /[\p{L}\p{N}]$/u.test(request.text) &&
      (await vocabulary.completions(last.words.at(-1)!, 1)).length > 0;
    const asTyped = typing
      ? { clauses: [...query.clauses.slice(0, -1), { ...last, prefix: true }] }
      : query;
    const corrected = await correctQuery(vocabulary, asTyped);
    if (corrected === undefined || !typing) return corrected;
    return {
      clauses: [...corrected.clauses.slice(0, -1), { ...corrected.clauses.at(-1)!, prefix: false }],
    };
  }

  return {
    async search(request): Promise<EngineResult> {
      const bounded: EngineQuery = {
        ...request,
        offset: Math.max(0, Math.floor(request.offset)),
        limit: Math.min(MAX_LIMIT, Math.max(0, Math.floor(request.limit))),
      };
      const now = new Date().toISOString();
      const query = parseSearchQuery(bounded.text);
      const version = await searchIndexVersion(db);
      const indexNow = atVersion(version);
      const corrected =
        query.clauses.length > 0 && bounded.correct !== false
          ? await correctionOf(bounded, query, indexNow)
          : undefined;
      let correction: string | undefined;
      let found: Awaited<ReturnType<typeof run>>;
      if (corrected === undefined) {
        found = await run(bounded, query, now, version);
      } else {
        const text = formatQuery(corrected);
        const again = await run({ ...bounded, text }, corrected, now, version);
        // Words to rank by find at most RANKED_CANDIDATES pages: when the correction finds as
        // many, the words as typed cannot find more, and are not searched too.
        const asTyped =
          again.rows.total >= RANKED_CANDIDATES && query.clauses.some((clause) => !clause.negated)
            ? undefined
            : await run(bounded, query, now, version);
        const better =
          asTyped === undefined || (again.rows.total >= asTyped.rows.total && again.rows.total > 0);
        found = better ? again : asTyped;
        if (better) correction = text;
      }
      const { rows, plan } = found;
      const keys = rows.page.map((row) => row.key);
      const marked = plan
        ? await indexNow.markedTexts(plan, keys)
        : new Map<IndexKey, MarkedTexts>();
      const documents = new Map(
        (
          await listSearchDocumentsByIds(
            db,
            rows.page.map((row) => row.uniqueId),
          )
        ).map((document) => [document.unique_id, document]),
      );
      const hits = rows.page.flatMap((row) => {
        const document = documents.get(row.uniqueId);
        return document ? [highlightedHit(document, row.score, marked.get(row.key))] : [];
      });
      return {
        total: rows.total,
        hits,
        facets: rows.facets,
        rangeTotals: rows.rangeTotals,
        ...(correction ? { correction } : {}),
      };
    },

    suggest: (request) => suggestFrom(db, index.titleCandidates, request),

    async recordQuery(entry) {
      await recordPastQuery(db, entry, new Date().toISOString());
    },
  };
}
