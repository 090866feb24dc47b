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
  storedFieldsQuery,
  type IndexDialect,
  type MarkedTexts,
} from './search-index.repository.ts';
import type { DocumentKey } from './document-store.ts';

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

type IndexTable = 'search_fts' | 'search_words';

// Per-connection scratch indexes for highlighting a page, tokenised as search_fts and
// search_words are (migration 0006-search-index).
const PAGE_INDEXES: Record<IndexTable, { name: string; create: string }> = {
  search_fts: {
    name: 'search_page_fts',
    create: `create virtual table if not exists temp.search_page_fts using fts5(title, excerpt, body_text, tokenize='porter unicode61 remove_diacritics 2')`,
  },
  search_words: {
    name: 'search_page_words',
    create: `create virtual table if not exists temp.search_page_words using fts5(title, excerpt, body_text, tokenize='unicode61 remove_diacritics 2')`,
  },
};

const inIndex = (key: RawBuilder<unknown>, index: IndexTable, expression: string) =>
  sql`+${key} in (select rowid from ${sql.table(index)} where ${sql.table(index)} match ${expression})`;

// The index's rowid is compared, not used to look rows up: with its unary +, SQLite reads the
// match once and checks each row, instead of starting the full-text match again per key.
const keyIn = (key: RawBuilder<unknown>, keys: readonly DocumentKey[]) =>
  sql`+${key} in (select value from json_each(${JSON.stringify(keys)}))`;

function sqliteDialect(db: Kysely<Database>): IndexDialect {
  return {
    textMatch(query) {
      const positive = splitByIndex(positiveClauses(query));
      const negated = splitByIndex(negatedClauses(query));
      const main: IndexTable | undefined =
        positive.stemmed.length > 0
          ? 'search_fts'
          : positive.written.length > 0
            ? 'search_words'
            : undefined;
      const key = main === undefined ? sql`sd.rowid` : sql`${sql.table(main)}.rowid`;
      const conditions: RawBuilder<unknown>[] = [];
      if (main === 'search_fts') {
        conditions.push(sql`search_fts match ${ftsQuery(positive.stemmed, negated.stemmed)}`);
        if (positive.written.length > 0) {
          conditions.push(inIndex(key, 'search_words', ftsExpression(positive.written, ' AND ')));
        }
      } else if (main === 'search_words') {
        conditions.push(sql`search_words match ${ftsQuery(positive.written, negated.written)}`);
      }
      if (main !== 'search_fts' && negated.stemmed.length > 0) {
        conditions.push(
          sql`not ${inIndex(key, 'search_fts', ftsExpression(negated.stemmed, ' OR '))}`,
        );
      }
      if (main !== 'search_words' && negated.written.length > 0) {
        conditions.push(
          sql`not ${inIndex(key, 'search_words', ftsExpression(negated.written, ' OR '))}`,
        );
      }
      const where = sql.join(conditions, sql` and `);
      return {
        keys: sql`select ${key} as key from ${main === undefined ? sql`search_document_fields sd` : sql.table(main)} where ${where}`,
        from:
          main === undefined
            ? sql`search_document_fields sd`
            : sql`${sql.table(main)} join search_document_fields sd on sd.rowid = ${sql.table(main)}.rowid`,
        key,
        where,
        relevance:
          main === undefined ? sql`1.0` : sql`(-bm25(${sql.table(main)}, ${BM25_WEIGHTS}))`,
      };
    },
    async loadFields() {
      return (await storedFieldsQuery(sql`search_document_fields`, sql`document_rowid`).execute(db))
        .rows;
    },
    async matchingKeys(match) {
      // One JSON list rather than a row per match: a common word matches tens of thousands.
      const row = await sql<{ keys: string }>`
        select json_group_array(key) as keys from (${match.keys})`.execute(db);
      return JSON.parse(row.rows[0]?.keys ?? '[]') as number[];
    },
    async titleKeys(query) {
      // The title index is a fraction of the size of the full one; its words are as written,
      // so each typed word also stands for the longer words it begins.
      const words = positiveClauses(query).flatMap((clause) => clause.words);
      if (words.length === 0) return [];
      const row = await sql<{ keys: string }>`
        select json_group_array(rowid) as keys from search_titles
        where search_titles match ${words.map((word) => `"${word}"*`).join(' AND ')}`.execute(db);
      return JSON.parse(row.rows[0]?.keys ?? '[]') as number[];
    },
    keyIn,
    async markedTexts(query, keys) {
      const positive = splitByIndex(positiveClauses(query));
      const texts = new Map<string, MarkedTexts>();
      if (keys.length === 0) return texts;
      const [index, clauses] =
        positive.stemmed.length > 0
          ? (['search_fts', positive.stemmed] as const)
          : (['search_words', positive.written] as const);
      if (clauses.length === 0) return texts;
      // Marks come from a scratch index of the page's documents alone, tokenised as `index` is:
      // the same marks, without reading the whole index's lists for the query's words.
      const page = sql.table(`temp.${PAGE_INDEXES[index].name}`);
      const pageName = sql.table(PAGE_INDEXES[index].name);
      const rows = await db.connection().execute(async (connection) => {
        await sql.raw(PAGE_INDEXES[index].create).execute(connection);
        await sql`delete from ${page}`.execute(connection);
        await sql`insert into ${page} (rowid, title, excerpt, body_text)
          select rowid, title, excerpt, body_text from search_document
          where rowid in (select value from json_each(${JSON.stringify(keys)}))`.execute(
          connection,
        );
        const marked = await sql<MarkedTexts & { unique_id: string }>`
          select sd.unique_id,
            highlight(${pageName}, 0, ${HIGHLIGHT_OPEN}, ${HIGHLIGHT_CLOSE}) as title,
            snippet(${pageName}, 2, ${HIGHLIGHT_OPEN}, ${HIGHLIGHT_CLOSE}, '…', ${SNIPPET_TOKENS}) as body,
            highlight(${pageName}, 1, ${HIGHLIGHT_OPEN}, ${HIGHLIGHT_CLOSE}) as excerpt
          from ${page} join search_document_fields sd on sd.rowid = ${pageName}.rowid
          where ${pageName} match ${ftsExpression(clauses, ' AND ')}`.execute(connection);
        await sql`delete from ${page}`.execute(connection);
        return marked.rows;
      });
      for (const row of rows) texts.set(row.unique_id, row);
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
