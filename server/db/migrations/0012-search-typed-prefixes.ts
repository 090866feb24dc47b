import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * SQLite: search_words again, with indexes of its words' first 4, 5 and 6 letters besides 2 and
 * 3. A typed prefix ('recon*') matches the words as written in search_words, and FTS5 uses a
 * prefix index only for a prefix of exactly an indexed length: without one it merges the list
 * of every word the prefix begins, to match and again to score. At 100k documents 'recon*'
 * went from 3.0 to 1.7 ms to match and 5.0 to 2.8 ms to score, for an index 60% larger
 * (docs/performance.md, "Search"). The table keeps its name, so the triggers of
 * 0006-search-index write to the new one and search_words_vocabulary reads it. PostgreSQL's
 * tsquery prefixes use the GIN index it already has: nothing to do there.
 */
const SEARCH_WORDS = (prefix: string) => `create virtual table search_words using fts5(
    title, excerpt, body_text,
    content='search_document', content_rowid='rowid',
    tokenize='unicode61 remove_diacritics 2', prefix='${prefix}')`;

async function recreateSearchWords(db: Kysely<unknown>, prefix: string): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await sql`drop table search_words`.execute(db);
  await sql.raw(SEARCH_WORDS(prefix)).execute(db);
  await sql`insert into search_words(search_words) values ('rebuild')`.execute(db);
}

export const searchTypedPrefixes = {
  async up(db: Kysely<unknown>) {
    await recreateSearchWords(db, '2 3 4 5 6');
  },
  async down(db: Kysely<unknown>) {
    await recreateSearchWords(db, '2 3');
  },
};
