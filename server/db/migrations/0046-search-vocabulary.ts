import { type Kysely, type Migration, PostgresAdapter, sql } from 'kysely';

/*
 * SQLite: search_words becomes the vocabulary it is used as. Since the ranked-candidates engine
 * (decision 025) nothing matches against it: it is read only through search_words_vocabulary
 * (fts5vocab), for corrections, completions of a word being typed and word counts. Those need
 * each word and the number of documents holding it, not where in them: detail=none keeps no
 * positions, columnsize=0 no column lengths, and the prefix indexes of 0012 served matching
 * only. At 10,000 documents of the search benchmark the table took 15.7 MB of the index's
 * 23.0 (docs/search.md, "Index size"). The table keeps its name, so the triggers of
 * 0045-search-headings write to it and the vocabulary reads it. PostgreSQL: nothing to do.
 */
const SEARCH_WORDS = (options: string) => `create virtual table search_words using fts5(
    title, excerpt, body_text,
    content='search_document', content_rowid='rowid',
    tokenize='unicode61 remove_diacritics 2', ${options})`;

async function recreateSearchWords(db: Kysely<unknown>, options: string): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await sql`drop table search_words_vocabulary`.execute(db);
  await sql`drop table search_words`.execute(db);
  await sql.raw(SEARCH_WORDS(options)).execute(db);
  await sql`create virtual table search_words_vocabulary using fts5vocab(search_words, row)`.execute(
    db,
  );
  await sql`insert into search_words(search_words) values ('rebuild')`.execute(db);
}

export const searchVocabulary = {
  async up(db: Kysely<unknown>) {
    await recreateSearchWords(db, `detail=none, columnsize=0`);
  },
  async down(db: Kysely<unknown>) {
    await recreateSearchWords(db, `prefix='2 3 4 5 6'`);
  },
} satisfies Migration;
