import type { Kysely } from 'kysely';
import { ftsAnyGroup, ftsGroup } from '~core/search';
import {
  createRankedSearchEngine,
  type RankedSearchOptions,
  type TextIndex,
} from '../ranked-search-engine.ts';
import type { SearchEngine } from '../search-engine.ts';
import type { SearchTables } from '../search.tables.ts';
import {
  countMatches,
  markedTexts,
  rankCandidates,
  runFts5Search,
} from './fts5-search.repository.ts';
import {
  sqliteCompletions,
  sqliteCorrectionCandidates,
  sqliteTitleCandidates,
  sqliteWordCounts,
} from './vocabulary.repository.ts';

/** SQLite's FTS5 as the index of a ranked search (migration 0006). */
export function fts5Index(db: Kysely<SearchTables>): TextIndex {
  return {
    groupExpression: ftsGroup,
    countMatches: (expressions) => countMatches(db, expressions),
    completions: (beginning, limit) => sqliteCompletions(db, beginning, limit),
    rankCandidates: (request, ranking) => rankCandidates(db, request, ranking),
    runSearch: (request, scored, now, negated) => runFts5Search(db, request, scored, now, negated),
    async markedTexts(plan, keys) {
      const any = ftsAnyGroup(plan);
      return any === undefined ? new Map() : markedTexts(db, any, keys.map(Number));
    },
    wordCounts: (words) => sqliteWordCounts(db, words),
    correctionCandidates: (word) => sqliteCorrectionCandidates(db, word),
    titleCandidates: (words, lastIsPrefix, scope, limit) =>
      sqliteTitleCandidates(db, words, lastIsPrefix, scope, limit),
  };
}

/**
 * Search on SQLite's FTS5 with no copy of the documents in memory: every search reads the
 * index as it is, so a write is found by the next search of every process.
 */
export function createFts5SearchEngine(
  db: Kysely<SearchTables>,
  options: RankedSearchOptions = {},
): SearchEngine {
  return createRankedSearchEngine(db, fts5Index(db), options);
}
