import { type Kysely, type RawBuilder, sql } from 'kysely';
import { negatedClauses, positiveClauses, type QueryClause, stemPrefix } from '~core/search';
import {
  sqliteCorrectionCandidates,
  sqliteTitleCandidates,
  sqliteWordCounts,
} from '../fts5/vocabulary.repository.ts';
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
import type { SearchTables } from '../search.tables.ts';

// Title, excerpt, body: a word in the title weighs ten times one in the body.
const BM25_WEIGHTS = sql`10.0, 3.0, 1.0`;
const SNIPPET_TOKENS = 32;

/** Search over the FTS5 indexes of migration 0006 (search_fts, search_words). */
export function createSqliteSearchEngine(
  db: Kysely<SearchTables>,
  options: SearchEngineOptions = {},
): SearchEngine {
  return createIndexSearchEngine(db, sqliteDialect(db), options);
}

// Words are letters and digits only (core/search/query.ts), so quoting them is enough.
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

// Per-connection helpers for scoringMatch: a scratch table tokenised as search_fts is, whose
// instances give the stemmed form of each query word, and search_fts's per-term document counts.
const QUERY_TERMS = `create virtual table if not exists temp.search_query_terms using fts5(word, tokenize='porter unicode61 remove_diacritics 2')`;
const QUERY_TERM_INSTANCES = `create virtual table if not exists temp.search_query_term_instances using fts5vocab(temp, search_query_terms, instance)`;
const INDEX_TERMS = `create virtual table if not exists temp.search_fts_terms using fts5vocab(main, search_fts, row)`;

/**
 * Whether a phrase found in `documents` of `rows` documents adds nothing measurable to FTS5's
 * bm25: its inverse document frequency, log((rows - documents + 0.5) / (documents + 0.5)), is
 * not above 0 from half of the documents on, and FTS5 then weighs the phrase 0.000001.
 */
export function weighsNothingInBm25(documents: number, rows: number): boolean {
  return rows > 0 && documents * 2 >= rows;
}

// The first varint of the FTS5 averages record (search_fts_data id 1): the indexed rows.
function rowCountOf(record: Uint8Array): number {
  let value = 0;
  for (let index = 0; index < Math.min(record.length, 9); index += 1) {
    const byte = record[index]!;
    if (index === 8) return value * 256 + byte;
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) return value;
  }
  return value;
}

const inIndex = (key: RawBuilder<unknown>, index: IndexTable, expression: string) =>
  sql`+${key} in (select rowid from ${sql.table(index)} where ${sql.table(index)} match ${expression})`;

/*
 * The index's rowid is checked against a byte per rowid, not used to look rows up: seeking the
 * full-text match per key starts it again for each key, and probing an IN list for each of a
 * common word's 20,000 matching rows cost more than this lookup (substr of a blob is direct).
 */
function keyIn(key: RawBuilder<unknown>, keys: readonly DocumentKey[]): RawBuilder<unknown> {
  const rowids = keys.filter(
    (candidate): candidate is number => typeof candidate === 'number' && candidate >= 0,
  );
  let last = 0;
  for (const rowid of rowids) last = Math.max(last, rowid);
  const marks = Buffer.alloc(last + 1);
  for (const rowid of rowids) marks[rowid] = 1;
  return sql`substr(${marks}, ${key} + 1, 1) = x'01'`;
}

/**
 * The rowids of group_concat(rowid): non-negative decimal numbers joined by commas. Read digit
 * by digit into a typed list: 0.2–0.3 ms less than building and parsing a JSON array for a
 * common word's 21,427 matches (docs/performance.md, fourth pass).
 */
export function rowidList(joined: string | null): Float64Array {
  if (joined === null || joined.length === 0) return new Float64Array(0);
  const rowids = new Float64Array((joined.length + 1) >> 1);
  let count = 0;
  let value = 0;
  for (let index = 0; index < joined.length; index += 1) {
    const code = joined.charCodeAt(index);
    if (code === 44) {
      rowids[count++] = value;
      value = 0;
    } else value = value * 10 + (code - 48);
  }
  rowids[count++] = value;
  return rowids.subarray(0, count);
}

interface TermFrequencies {
  version: number;
  /** Rows of search_fts. */
  rows: number;
  /** Documents of search_fts containing a query word; null when the word is several terms. */
  documents: Map<string, number | null>;
}

const emptyFrequencies = (version: number): TermFrequencies => ({
  version,
  rows: Number.NaN,
  documents: new Map(),
});

async function countDocuments(
  db: Kysely<SearchTables>,
  words: readonly string[],
  into: TermFrequencies,
): Promise<void> {
  await db.connection().execute(async (connection) => {
    for (const create of [QUERY_TERMS, QUERY_TERM_INSTANCES, INDEX_TERMS]) {
      await sql.raw(create).execute(connection);
    }
    await sql`delete from temp.search_query_terms`.execute(connection);
    await sql`insert into temp.search_query_terms (rowid, word)
      select key + 1, value from json_each(${JSON.stringify(words)})`.execute(connection);
    const instances = await sql<{ word: number; term: string }>`
      select doc as word, term from temp.search_query_term_instances`.execute(connection);
    await sql`delete from temp.search_query_terms`.execute(connection);
    const terms = new Map<number, string[]>();
    for (const row of instances.rows)
      terms.set(row.word, [...(terms.get(row.word) ?? []), row.term]);
    for (const [index, word] of words.entries()) {
      const wordTerms = terms.get(index + 1) ?? [];
      // A word the tokenizer splits is a phrase: its own count is not known here.
      if (wordTerms.length !== 1) {
        into.documents.set(word, null);
        continue;
      }
      // One term at a time: fts5vocab reads every term's list for an IN list.
      const counted = await sql<{ doc: number }>`
        select doc from temp.search_fts_terms where term = ${wordTerms[0]}`.execute(connection);
      into.documents.set(word, counted.rows[0]?.doc ?? 0);
    }
    if (Number.isNaN(into.rows)) {
      const averages = await sql<{ block: Uint8Array }>`
        select block from search_fts_data where id = 1`.execute(connection);
      into.rows = rowCountOf(averages.rows[0]?.block ?? new Uint8Array());
    }
  });
}

function sqliteDialect(db: Kysely<SearchTables>): IndexDialect {
  let frequencies = emptyFrequencies(-1);
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
      const from = main === undefined ? sql`search_document_fields sd` : sql.table(main);
      return {
        keys: sql`select ${key} as key from ${from} where ${where}`,
        from,
        title: sql`(select title from search_document_fields where document_rowid = ${key})`,
        key,
        where,
        relevance:
          main === undefined ? sql`1.0` : sql`(-bm25(${sql.table(main)}, ${BM25_WEIGHTS}))`,
      };
    },
    /*
     * bm25 reads the whole list of documents of every phrase in the MATCH for its document
     * frequency before scoring one row, and the scoring statement reads the match once more to
     * find the candidates: for the benchmark's common words and long-word prefixes these reads
     * were most of a search's time. Scored documents are known to match the query, so the
     * scoring match keeps only single words, which FTS5 reads fastest:
     * - no NOT part: no scored document contains it, so it adds 0;
     * - a phrase scores by its words: every scored document holds the phrase, and matching
     *   word positions across two long lists was the costliest read;
     * - a long word scores by its own form, not by the other words sharing its first 7 letters
     *   (stemPrefix): those documents match, and rank after the word's own forms;
     * - words in half of the documents or more are left out (weighsNothingInBm25), unless every
     *   word is such a word.
     * Counting a word's documents reads its list too, so the counts are kept per index version.
     */
    async scoringMatch(query, match, version) {
      const positive = splitByIndex(positiveClauses(query));
      if (positive.stemmed.length === 0) return match;
      if (frequencies.version !== version) frequencies = emptyFrequencies(version);
      const known = frequencies;
      const words = [...new Set(positive.stemmed.flatMap((clause) => clause.words))];
      const unknown = words.filter((word) => !known.documents.has(word));
      if (unknown.length > 0) await countDocuments(db, unknown, known);
      const weighing = words.filter((word) => {
        const documents = known.documents.get(word);
        return (
          documents === undefined ||
          documents === null ||
          !weighsNothingInBm25(documents, known.rows)
        );
      });
      const kept = (weighing.length > 0 ? weighing : words).map((word) => `"${word}"`);
      // The main index is search_fts here (textMatch), so `from` and `relevance` stay as they are.
      return { ...match, where: sql`search_fts match ${kept.join(' AND ')}` };
    },
    async loadFields() {
      return (await storedFieldsQuery(sql`search_document_fields`, sql`document_rowid`).execute(db))
        .rows;
    },
    async matchingKeys(match) {
      // One list rather than a row per match: a common word matches tens of thousands.
      const row = await sql<{ keys: string | null }>`
        select group_concat(key) as keys from (${match.keys})`.execute(db);
      return rowidList(row.rows[0]?.keys ?? null);
    },
    async titleKeys(query) {
      // The title index is a fraction of the size of the full one; its words are as written,
      // so each typed word also stands for the longer words it begins.
      const words = positiveClauses(query).flatMap((clause) => clause.words);
      if (words.length === 0) return [];
      const row = await sql<{ keys: string | null }>`
        select group_concat(rowid) as keys from search_titles
        where search_titles match ${words.map((word) => `"${word}"*`).join(' AND ')}`.execute(db);
      return rowidList(row.rows[0]?.keys ?? null);
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
      // The page's documents are found by rowid in the index itself: FTS5 then seeks each one
      // rather than reading the words' whole lists (about 0.13 ms for a page of 10 at 100k
      // documents, against 0.6 ms for copying them into a scratch index, docs/performance.md).
      const rows = (
        await sql<MarkedTexts & { unique_id: string }>`
          select sd.unique_id,
            highlight(${sql.table(index)}, 0, ${HIGHLIGHT_OPEN}, ${HIGHLIGHT_CLOSE}) as title,
            snippet(${sql.table(index)}, 2, ${HIGHLIGHT_OPEN}, ${HIGHLIGHT_CLOSE}, '…', ${SNIPPET_TOKENS}) as body,
            highlight(${sql.table(index)}, 1, ${HIGHLIGHT_OPEN}, ${HIGHLIGHT_CLOSE}) as excerpt
          from ${sql.table(index)} join search_document_fields sd on sd.rowid = ${sql.table(index)}.rowid
          where ${sql.table(index)} match ${ftsExpression(clauses, ' AND ')}
            and ${sql.table(index)}.rowid in (select value from json_each(${JSON.stringify(keys)}))`.execute(
          db,
        )
      ).rows;
      for (const row of rows) texts.set(row.unique_id, row);
      return texts;
    },
    wordCounts: (words) => sqliteWordCounts(db, words),
    correctionCandidates: (word) => sqliteCorrectionCandidates(db, word),
    titleCandidates: (words, lastIsPrefix, scope, limit) =>
      sqliteTitleCandidates(db, words, lastIsPrefix, scope, limit),
  };
}
