import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import {
  candidateScore,
  DEFAULT_SYNONYMS,
  formatQuery,
  ftsAnyGroup,
  ftsGroup,
  ftsNearGroups,
  ftsNegated,
  groupWeight,
  parseSearchQuery,
  planBeginnings,
  relevancePlan,
  withCompletions,
  type ParsedQuery,
  type RelevancePlan,
  type SynonymRule,
} from '~core/search';
import { recordPastQuery } from '../engine/past-queries.repository.ts';
import { searchIndexVersion } from '../engine/search-index-state.repository.ts';
import { highlightedHit } from '../highlighted-hit.ts';
import { listSearchDocumentsByIds } from '../search-documents.repository.ts';
import { correctQuery } from '../query-correction.ts';
import type { EngineQuery, EngineResult, SearchEngine } from '../search-engine.ts';
import type { SearchTables } from '../search.tables.ts';
import { suggestFrom } from '../suggestions.ts';
import {
  countMatches,
  markedTexts,
  rankCandidates,
  runFts5Search,
  type Candidate,
  type RankingInput,
} from './fts5-search.repository.ts';
import {
  sqliteCompletions,
  sqliteCorrectionCandidates,
  sqliteTitleCandidates,
  sqliteWordCounts,
} from './vocabulary.repository.ts';

const MAX_LIMIT = 1000;
// Whole words a beginning stands for: the most common ones, enough for the pages it means.
const COMPLETIONS = 6;
// Searches' candidates by index version, words and scope: a results page asks for the same
// candidates once for its list and once for each date range it counts.
const CACHED_CANDIDATE_SETS = 64;

export interface Fts5ProviderOptions {
  synonyms?: readonly SynonymRule[];
}

/**
 * Search on SQLite's FTS5 with no copy of the documents in memory: every search reads the
 * index as it is, so a write is found by the next search of every process.
 */
export function createFts5SearchEngine(
  db: Kysely<SearchTables>,
  options: Fts5ProviderOptions = {},
): SearchEngine {
  const synonyms = options.synonyms ?? DEFAULT_SYNONYMS;
  // How many documents match each group expression, valid for one index version.
  let counts = { version: -1, documents: 0, matching: new Map<string, number>() };
  const candidateSets = new LRUCache<string, Candidate[]>({ max: CACHED_CANDIDATE_SETS });

  async function weightsOf(
    version: number,
    expressions: string[],
  ): Promise<{ documents: number; weights: number[] }> {
    if (counts.version !== version) counts = { version, documents: -1, matching: new Map() };
    const known = counts;
    const unknown = expressions.filter((expression) => !known.matching.has(expression));
    if (unknown.length > 0 || known.documents < 0) {
      const counted = await countMatches(db, unknown);
      known.documents = counted.documents;
      unknown.forEach((expression, index) =>
        known.matching.set(expression, counted.matching[index]!),
      );
    }
    return {
      documents: known.documents,
      weights: expressions.map((expression) =>
        groupWeight(known.matching.get(expression) ?? 0, known.documents),
      ),
    };
  }

  async function planOf(request: EngineQuery, query: ParsedQuery): Promise<RelevancePlan> {
    const typed = relevancePlan(query, {
      synonyms,
      ...(request.region ? { region: request.region } : {}),
      typingLastWord: /[\p{L}\p{N}]$/u.test(request.text),
    });
    const completions = new Map<string, string[]>();
    for (const beginning of planBeginnings(typed)) {
      completions.set(beginning, await sqliteCompletions(db, beginning, COMPLETIONS));
    }
    return withCompletions(typed, completions);
  }

  async function rankingOf(
    version: number,
    plan: RelevancePlan,
  ): Promise<RankingInput | undefined> {
    const any = ftsAnyGroup(plan);
    if (any === undefined) return undefined;
    const { weights } = await weightsOf(version, plan.groups.map(ftsGroup));
    const near = ftsNearGroups(plan);
    return { plan, any, weights, ...(near ? { near } : {}) };
  }

  async function candidatesOf(version: number, request: EngineQuery, ranking: RankingInput) {
    const key = JSON.stringify([
      version,
      ranking.any,
      ranking.near,
      ranking.plan.groups.map(ftsGroup),
      request.scope,
      request.notFilters,
    ]);
    let candidates = candidateSets.get(key);
    if (candidates === undefined) {
      candidates = await rankCandidates(db, request, ranking);
      candidateSets.set(key, candidates);
    }
    return candidates;
  }

  async function run(request: EngineQuery, query: ParsedQuery, now: string) {
    if (query.clauses.length === 0) {
      return { rows: await runFts5Search(db, request, undefined, now), ranking: undefined };
    }
    const plan = await planOf(request, query);
    const version = await searchIndexVersion(db);
    const ranking = await rankingOf(version, plan);
    if (ranking === undefined) {
      // Only -negated words: every page but those having them, in the order without a query.
      const rows = await runFts5Search(db, request, undefined, now, ftsNegated(plan));
      return { rows, ranking };
    }
    const candidates = await candidatesOf(version, request, ranking);
    const context = {
      weights: ranking.weights,
      text: request.text,
      now: new Date(now),
      ...(request.region ? { region: request.region } : {}),
    };
    const scored = candidates.map((page) => ({
      rowid: page.rowid,
      ...candidateScore(page, context),
    }));
    return { rows: await runFts5Search(db, request, scored, now), ranking };
  }

  // The last word while typed counts as a beginning: it is not a misspelling when words begin so.
  async function correctionOf(request: EngineQuery, query: ParsedQuery) {
    const last = query.clauses.at(-1);
    const typing =
      last !== undefined &&
      !last.negated &&
      !last.prefix &&
      /[\p{L}\p{N}]$/u.test(request.text) &&
      (await sqliteCompletions(db, last.words.at(-1)!, 1)).length > 0;
    const asTyped = typing
      ? { clauses: [...query.clauses.slice(0, -1), { ...last, prefix: true }] }
      : query;
    const corrected = await correctQuery(
      {
        wordCounts: (words) => sqliteWordCounts(db, words),
        correctionCandidates: (word) => sqliteCorrectionCandidates(db, word),
      },
      asTyped,
    );
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
      let { rows, ranking } = await run(bounded, query, now);
      let correction: string | undefined;
      const corrected =
        query.clauses.length > 0 && bounded.correct !== false
          ? await correctionOf(bounded, query)
          : undefined;
      if (corrected !== undefined) {
        const text = formatQuery(corrected);
        const again = await run({ ...bounded, text }, corrected, now);
        if (again.rows.total >= rows.total && again.rows.total > 0) {
          ({ rows, ranking } = again);
          correction = text;
        }
      }
      const marked = ranking
        ? await markedTexts(
            db,
            ranking.any,
            rows.page.map((row) => row.rowid),
          )
        : new Map();
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
        return document ? [highlightedHit(document, row.score, marked.get(row.rowid))] : [];
      });
      return {
        total: rows.total,
        hits,
        facets: rows.facets,
        ...(correction ? { correction } : {}),
      };
    },

    suggest: (request) =>
      suggestFrom(
        db,
        (words, lastIsPrefix, scope, limit) =>
          sqliteTitleCandidates(db, words, lastIsPrefix, scope, limit),
        request,
      ),

    async recordQuery(entry) {
      await recordPastQuery(db, entry, new Date().toISOString());
    },
  };
}
