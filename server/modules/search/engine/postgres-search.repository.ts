import { type Kysely, sql } from 'kysely';
import {
  negatedClauses,
  positiveClauses,
  type QueryClause,
  stemPrefix,
  type VocabularyWord,
} from '~core/search';
import type { SearchEngine } from '../search-engine.ts';
import { createIndexSearchEngine, type SearchEngineOptions } from './index-search-engine.ts';
import {
  HIGHLIGHT_CLOSE,
  HIGHLIGHT_OPEN,
  storedFieldsQuery,
  type IndexDialect,
  type MarkedTexts,
} from './search-index.repository.ts';
import type { SearchTables } from '../search.tables.ts';

// ts_rank_cd weights in the order D, C, B, A: body (C) 0.1, excerpt (B) 0.3, title (A) 1.
const RANK_WEIGHTS = '{0.1, 0.1, 0.3, 1.0}';
const MARKERS = `StartSel="${HIGHLIGHT_OPEN}", StopSel="${HIGHLIGHT_CLOSE}"`;
const WHOLE_TEXT = `HighlightAll=true, ${MARKERS}`;
const FRAGMENT = `MaxWords=32, MinWords=16, MaxFragments=1, FragmentDelimiter=" … ", ${MARKERS}`;
// Candidate corrections: the words sharing most trigrams with the misspelt one.
const CORRECTION_CANDIDATES = 50;

/** Search over the tsvector and word tables of migration 0006 (search_index, search_word). */
export function createPostgresSearchEngine(
  db: Kysely<SearchTables>,
  options: SearchEngineOptions = {},
): SearchEngine {
  return createIndexSearchEngine(db, postgresDialect(db), options);
}

// Words are letters and digits only (core/search/query.ts), so they are safe tsquery operands.
function tsClause(clause: QueryClause): string {
  const words = clause.words.map((word, index) =>
    clause.prefix && index === clause.words.length - 1 ? `${word}:*` : word,
  );
  if (words.length > 1) return `(${words.join(' <-> ')})`;
  const prefix = clause.prefix ? undefined : stemPrefix(words[0]!);
  return prefix === undefined ? words[0]! : `(${words[0]} | ${prefix}:*)`;
}

function tsExpression(clauses: QueryClause[], join: ' & ' | ' | '): string {
  return clauses.map(tsClause).join(join);
}

function postgresDialect(db: Kysely<SearchTables>): IndexDialect {
  return {
    textMatch(query) {
      const parts = [
        ...positiveClauses(query).map(tsClause),
        ...negatedClauses(query).map((clause) => `!${tsClause(clause)}`),
      ];
      const tsquery = sql`to_tsquery('english', ${parts.join(' & ')})`;
      const where = sql`si.document_vector @@ ${tsquery}`;
      return {
        keys: sql`select si.unique_id from search_index si where ${where}`,
        from: sql`search_index si`,
        title: sql`(select title from search_document where unique_id = si.unique_id)`,
        key: sql`si.unique_id`,
        where,
        relevance: positiveClauses(query).length
          ? sql`ts_rank_cd(${RANK_WEIGHTS}::float4[], si.document_vector, ${tsquery})`
          : sql`1.0`,
      };
    },
    // ts_rank_cd reads only the scored rows' vectors: nothing to leave out.
    scoringMatch: async (_query, match) => match,
    async loadFields() {
      return (await storedFieldsQuery(sql`search_document`, sql`unique_id`).execute(db)).rows;
    },
    async matchingKeys(match) {
      // One array rather than a row per match: a common word matches tens of thousands.
      const row = await sql<{ keys: string[] | null }>`
        select array_agg(unique_id) as keys from (${match.keys}) matched`.execute(db);
      return row.rows[0]?.keys ?? [];
    },
    async titleKeys(query) {
      // The title words' own index (words as written): each typed word also stands for the
      // longer words it begins, as in the SQLite title index.
      const words = positiveClauses(query).flatMap((clause) => clause.words);
      if (words.length === 0) return [];
      const row = await sql<{ keys: string[] | null }>`
        select array_agg(unique_id) as keys from search_index
        where title_words @@ to_tsquery('simple', ${words.map((word) => `${word}:*`).join(' & ')})`.execute(
        db,
      );
      return row.rows[0]?.keys ?? [];
    },
    keyIn(key, keys) {
      return sql`${key} = any(${[...keys]}::text[])`;
    },
    async markedTexts(query, uniqueIds) {
      const positive = positiveClauses(query);
      const texts = new Map<string, MarkedTexts>();
      if (positive.length === 0 || uniqueIds.length === 0) return texts;
      const tsquery = sql`to_tsquery('english', ${tsExpression(positive, ' | ')})`;
      const rows = await sql<{ unique_id: string; title: string; body: string; excerpt: string }>`
        select sd.unique_id,
          ts_headline('english', sd.title, ${tsquery}, ${WHOLE_TEXT}) as title,
          ts_headline('english', sd.body_text, ${tsquery}, ${FRAGMENT}) as body,
          ts_headline('english', sd.excerpt, ${tsquery}, ${WHOLE_TEXT}) as excerpt
        from search_document sd where sd.unique_id in (${sql.join(uniqueIds.map(String))})`.execute(
        db,
      );
      for (const row of rows.rows) texts.set(row.unique_id, row);
      return texts;
    },
    async wordCounts(words) {
      const counts = new Map(words.map((word) => [word, 0]));
      if (words.length === 0) return counts;
      const rows = await sql<{ word: string; document_count: number }>`
        select word, document_count from search_word where word in (${sql.join(words)})`.execute(
        db,
      );
      for (const row of rows.rows) {
        counts.set(row.word, row.document_count);
      }
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
      const clauses = words.map((word, index) => ({
        words: [word],
        prefix: lastIsPrefix && index === words.length - 1,
        negated: false,
      }));
      const rows = await sql<{ title: string }>`
        select sd.title from search_document sd join search_index si on si.unique_id = sd.unique_id
        where si.title_words @@ to_tsquery('simple', ${tsExpression(clauses, ' & ')}) and ${scope}
        limit ${limit}`.execute(db);
      return rows.rows.map((row) => row.title);
    },
  };
}
