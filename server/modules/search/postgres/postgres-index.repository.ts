import { type Kysely, sql } from 'kysely';
import { tsAnyGroup, tsGroup, type VocabularyWord } from '~core/search';
import { HIGHLIGHT_CLOSE, HIGHLIGHT_OPEN, type MarkedTexts } from '../highlighted-hit.ts';
import type { TextIndex } from '../ranked-search-engine.ts';
import type { SearchTables } from '../search.tables.ts';
import {
  countPostgresMatches,
  rankPostgresCandidates,
  runPostgresSearch,
} from './postgres-search.repository.ts';

/*
 * PostgreSQL's words (migration 0006): search_word counts the documents of each word as
 * written, with a trigram index (pg_trgm) for the words a misspelling may mean; title_words
 * holds each title's words unstemmed, for suggestions.
 */

const MARKERS = `StartSel="${HIGHLIGHT_OPEN}", StopSel="${HIGHLIGHT_CLOSE}"`;
const WHOLE_TEXT = `HighlightAll=true, ${MARKERS}`;
const FRAGMENT = `MaxWords=32, MinWords=16, MaxFragments=1, FragmentDelimiter=" … ", ${MARKERS}`;
// Candidate corrections: the words sharing most trigrams with the misspelt one.
const CORRECTION_CANDIDATES = 50;

/** PostgreSQL's tsvector index as the index of a ranked search. */
export function postgresIndex(db: Kysely<SearchTables>): TextIndex {
  return {
    groupExpression: (group) => tsGroup(group),
    countMatches: (expressions) => countPostgresMatches(db, expressions),
    async completions(beginning, limit) {
      // Words are letters and digits (core/search tokenize): nothing LIKE would read as a pattern.
      const rows = await sql<{ word: string }>`
        select word from search_word where word like ${`${beginning}%`}
        order by document_count desc, word limit ${limit}`.execute(db);
      return rows.rows.map((row) => row.word);
    },
    rankCandidates: (request, ranking) => rankPostgresCandidates(db, request, ranking),
    runSearch: (request, scored, now, negated) =>
      runPostgresSearch(db, request, scored, now, negated),
    async markedTexts(plan, keys) {
      const texts = new Map<string | number, MarkedTexts>();
      const any = tsAnyGroup({ ...plan, negated: [] });
      if (any === undefined || keys.length === 0) return texts;
      const query = sql`to_tsquery('english', ${any})`;
      const rows = await sql<MarkedTexts & { unique_id: string }>`
        select sd.unique_id,
          ts_headline('english', sd.title, ${query}, ${WHOLE_TEXT}) as title,
          ts_headline('english', sd.body_text, ${query}, ${FRAGMENT}) as body,
          ts_headline('english', sd.excerpt, ${query}, ${WHOLE_TEXT}) as excerpt
        from search_document sd where sd.unique_id = any(${sql.val(keys.map(String))}::text[])`.execute(
        db,
      );
      for (const row of rows.rows) texts.set(row.unique_id, row);
      return texts;
    },
    async wordCounts(words) {
      const counts = new Map(words.map((word) => [word, 0]));
      if (words.length === 0) return counts;
      const rows = await sql<{ word: string; document_count: number }>`
        select word, document_count from search_word
        where word = any(${sql.val(words)}::text[])`.execute(db);
      for (const row of rows.rows) counts.set(row.word, row.document_count);
      return counts;
    },
    async correctionCandidates(word) {
      const rows = await sql<{ word: string; document_count: number }>`
        select word, document_count from search_word
        where word operator(public.%) ${word}
        order by public.similarity(word, ${word}) desc, document_count desc
        limit ${CORRECTION_CANDIDATES}`.execute(db);
      return rows.rows.map((row): VocabularyWord => ({
        word: row.word,
        documentCount: row.document_count,
      }));
    },
    async titleCandidates(words, lastIsPrefix, scope, limit) {
      const query = words
        .map((word, index) => (lastIsPrefix && index === words.length - 1 ? `${word}:*` : word))
        .join(' & ');
      const rows = await sql<{ title: string }>`
        select sd.title from search_document sd join search_index si on si.unique_id = sd.unique_id
        where si.title_words @@ to_tsquery('simple', ${query}) and ${scope}
        limit ${limit}`.execute(db);
      return rows.rows.map((row) => row.title);
    },
  };
}
