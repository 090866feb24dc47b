import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { VocabularyWord } from '~core/search';
import type { SearchTables } from '../search.tables.ts';

/*
 * SQLite's index of words as written (search_words, migration 0006): its vocabulary offers the
 * real words a correction chooses from, and the title index (search_titles) the titles that
 * suggestions offer while a word is typed.
 */

export async function sqliteWordCounts(
  db: Kysely<SearchTables>,
  words: string[],
): Promise<Map<string, number>> {
  const counts = new Map(words.map((word) => [word, 0]));
  if (words.length === 0) return counts;
  const rows = await sql<{ term: string; doc: number }>`
    select term, doc from search_words_vocabulary where term in (${sql.join(words)})`.execute(db);
  for (const row of rows.rows) counts.set(row.term, row.doc);
  return counts;
}

export async function sqliteCorrectionCandidates(
  db: Kysely<SearchTables>,
  word: string,
): Promise<VocabularyWord[]> {
  // Typing slips rarely hit the first letter; keeping it bounds the words to compare.
  const first = String.fromCodePoint(word.codePointAt(0)!);
  const rows = await sql<{ term: string; doc: number }>`
    select term, doc from search_words_vocabulary
    where term >= ${first} and term < ${`${first}\uffff`}
      and length(term) between ${word.length - 2} and ${word.length + 2}`.execute(db);
  return rows.rows.map((row): VocabularyWord => ({ word: row.term, documentCount: row.doc }));
}

export async function sqliteTitleCandidates(
  db: Kysely<SearchTables>,
  words: string[],
  lastIsPrefix: boolean,
  scope: RawBuilder<unknown>,
  limit: number,
): Promise<string[]> {
  const match = words
    .map((word, index) => `"${word}"${lastIsPrefix && index === words.length - 1 ? '*' : ''}`)
    .join(' AND ');
  const rows = await sql<{ title: string }>`
    select sd.title from search_titles join search_document_fields sd on sd.rowid = search_titles.rowid
    where search_titles match ${match} and ${scope}
    limit ${limit}`.execute(db);
  return rows.rows.map((row) => row.title);
}

/**
 * The words of the index beginning with `beginning`, those in most documents first: what a
 * word still being typed, or a prefix* word, stands for.
 */
export async function sqliteCompletions(
  db: Kysely<SearchTables>,
  beginning: string,
  limit: number,
): Promise<string[]> {
  const rows = await sql<{ term: string }>`
    select term from search_words_vocabulary
    where term >= ${beginning} and term < ${`${beginning}\uffff`}
    order by doc desc, term limit ${limit}`.execute(db);
  return rows.rows.map((row) => row.term);
}
