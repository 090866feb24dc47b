import { type Kysely, type RawBuilder, sql } from 'kysely';
import {
  negatedClauses,
  positiveClauses,
  type QueryClause,
  stemPrefix,
  type VocabularyWord,
} from '../../../../core/search-query.ts';
import type { Database } from '../../../db/schema.ts';
import type { SearchEngine } from '../search-engine.ts';
import { createIndexSearchEngine, type SearchEngineOptions } from './index-search-engine.ts';
import {
  HIGHLIGHT_CLOSE,
  HIGHLIGHT_OPEN,
  type IndexDialect,
  type MarkedTexts,
} from './search-index.repository.ts';

// Title, excerpt, body: a word in the title weighs ten times one in the body.
const BM25_WEIGHTS = sql`10.0, 3.0, 1.0`;
const SNIPPET_TOKENS = 32;

/** Search over the FTS5 indexes of migration 0006 (search_fts, search_words). */
export function createSqliteSearchEngine(
  db: Kysely<Database>,
  options: SearchEngineOptions = {},
): SearchEngine {
  return createIndexSearchEngine(db, sqliteDialect(db), options);
}

// Words are letters and digits only (core/search-query.ts), so quoting them is enough.
function ftsClause(clause: QueryClause): string {
  const quoted = `"${clause.words.join(' ')}"${clause.prefix ? '*' : ''}`;
  const prefix =
    clause.words.length === 1 && !clause.prefix ? stemPrefix(clause.words[0]!) : undefined;
  return prefix === undefined ? quoted : `(${quoted} OR "${prefix}"*)`;
}

function ftsExpression(clauses: QueryClause[], join: ' AND ' | ' OR '): string {
  return clauses.map(ftsClause).join(join);
}

function ftsQuery(positive: QueryClause[], negated: QueryClause[]): string {
  const matched = ftsExpression(positive, ' AND ');
  return negated.length === 0 ? matched : `(${matched}) NOT (${ftsExpression(negated, ' OR ')})`;
}

/*
 * Whole words match the stemmed index (search_fts). Prefix* words match the index of words as
 * written (search_words): the stemmer would change a typed beginning ('employ' becomes
 * 'emploi') so that it no longer begins the stems it should find.
 */
function splitByIndex(clauses: QueryClause[]) {
  return {
    stemmed: clauses.filter((clause) => !clause.prefix),
    written: clauses.filter((clause) => clause.prefix),
  };
}

const inIndex = (index: 'search_fts' | 'search_words', expression: string) =>
  sql`sd.rowid in (select rowid from ${sql.table(index)} where ${sql.table(index)} match ${expression})`;

function sqliteDialect(db: Kysely<Database>): IndexDialect {
  return {
    fields: sql`search_document_fields sd`,
    textMatch(query) {
      const positive = splitByIndex(positiveClauses(query));
      const negated = splitByIndex(negatedClauses(query));
      const conditions: RawBuilder<unknown>[] = [];
      let main: 'search_fts' | 'search_words' | undefined;
      if (positive.stemmed.length > 0) {
        main = 'search_fts';
        conditions.push(sql`search_fts match ${ftsQuery(positive.stemmed, negated.stemmed)}`);
        if (positive.written.length > 0) {
          conditions.push(inIndex('search_words', ftsExpression(positive.written, ' AND ')));
        }
      } else if (positive.written.length > 0) {
        main = 'search_words';
        conditions.push(sql`search_words match ${ftsQuery(positive.written, negated.written)}`);
      }
      if (main !== 'search_fts' && negated.stemmed.length > 0) {
        conditions.push(sql`not ${inIndex('search_fts', ftsExpression(negated.stemmed, ' OR '))}`);
      }
      if (main !== 'search_words' && negated.written.length > 0) {
        conditions.push(
          sql`not ${inIndex('search_words', ftsExpression(negated.written, ' OR '))}`,
        );
      }
      return {
        from:
          main === undefined
            ? sql`search_document_fields sd`
            : sql`${sql.table(main)} join search_document_fields sd on sd.rowid = ${sql.table(main)}.rowid`,
        where: sql.join(conditions, sql` and `),
        relevance:
          main === undefined ? sql`1.0` : sql`(-bm25(${sql.table(main)}, ${BM25_WEIGHTS}))`,
      };
    },
    listContainsAny(column, values) {
      return sql`exists (select 1 from json_each(${column}) where json_each.value in (${sql.join(values)}))`;
    },
    ageInDays(column, now) {
      return sql`(julianday(${now}) - julianday(${column}))`;
    },
    async markedTexts(query, uniqueIds) {
      const positive = splitByIndex(positiveClauses(query));
      const texts = new Map<string, MarkedTexts>();
      if (uniqueIds.length === 0) return texts;
      const [index, clauses] =
        positive.stemmed.length > 0
          ? (['search_fts', positive.stemmed] as const)
          : (['search_words', positive.written] as const);
      if (clauses.length === 0) return texts;
      const table = sql.table(index);
      const rows = await sql<{ unique_id: string; title: string; body: string; excerpt: string }>`
        select sd.unique_id,
          highlight(${table}, 0, ${HIGHLIGHT_OPEN}, ${HIGHLIGHT_CLOSE}) as title,
          snippet(${table}, 2, ${HIGHLIGHT_OPEN}, ${HIGHLIGHT_CLOSE}, '…', ${SNIPPET_TOKENS}) as body,
          highlight(${table}, 1, ${HIGHLIGHT_OPEN}, ${HIGHLIGHT_CLOSE}) as excerpt
        from ${table} join search_document_fields sd on sd.rowid = ${table}.rowid
        where ${table} match ${ftsExpression(clauses, ' OR ')}
          and sd.unique_id in (${sql.join(uniqueIds)})`.execute(db);
      for (const row of rows.rows) texts.set(row.unique_id, row);
      return texts;
    },
    async wordCounts(words) {
      const counts = new Map(words.map((word) => [word, 0]));
      if (words.length === 0) return counts;
      const rows = await sql<{ term: string; doc: number }>`
        select term, doc from search_words_vocabulary where term in (${sql.join(words)})`.execute(
        db,
      );
      for (const row of rows.rows) counts.set(row.term, row.doc);
      return counts;
    },
    async correctionCandidates(word) {
      // Typing slips rarely hit the first letter; keeping it bounds the words to compare.
      const first = String.fromCodePoint(word.codePointAt(0)!);
      const rows = await sql<{ term: string; doc: number }>`
        select term, doc from search_words_vocabulary
        where term >= ${first} and term < ${`${first}\uffff`}
          and length(term) between ${word.length - 2} and ${word.length + 2}`.execute(db);
      return rows.rows.map((row): VocabularyWord => ({ word: row.term, documentCount: row.doc }));
    },
    async titleCandidates(words, lastIsPrefix, scope, limit) {
      const clauses = words.map((word, index) => ({
        words: [word],
        prefix: lastIsPrefix && index === words.length - 1,
        negated: false,
      }));
      const rows = await sql<{ title: string }>`
        select sd.title from search_titles join search_document_fields sd on sd.rowid = search_titles.rowid
        where search_titles match ${clauses.map((clause) => `"${clause.words[0]}"${clause.prefix ? '*' : ''}`).join(' AND ')}
          and ${scope}
        limit ${limit}`.execute(db);
      return rows.rows.map((row) => row.title);
    },
  };
}
