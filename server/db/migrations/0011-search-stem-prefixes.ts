import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * SQLite: search_fts again, with an index of its terms' first 7 letters. A word of 9 letters or
 * more also matches the terms sharing its first 7 (core/search/query.ts stemPrefix: reconcile
 * and reconciliation), and without this index FTS5 merges the lists of every such term, both to
 * match and for bm25's document frequencies (docs/performance.md, "Search"). The table keeps
 * its name, so the triggers of 0006-search-index write to the new one. PostgreSQL's tsquery
 * prefixes use the GIN index it already has: nothing to do there.
 */
const SEARCH_FTS = (prefix: string) => `create virtual table search_fts using fts5(
    title, excerpt, body_text,
    content='search_document', content_rowid='rowid',
    tokenize='porter unicode61 remove_diacritics 2'${prefix})`;

async function recreateSearchFts(db: Kysely<unknown>, prefix: string): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await sql`drop table search_fts`.execute(db);
  await sql.raw(SEARCH_FTS(prefix)).execute(db);
  await sql`insert into search_fts(search_fts) values ('rebuild')`.execute(db);
}

export const searchStemPrefixes = {
  async up(db: Kysely<unknown>) {
    await recreateSearchFts(db, `, prefix='7'`);
  },
  async down(db: Kysely<unknown>) {
    await recreateSearchFts(db, '');
  },
};
