import { type Kysely, SqliteAdapter, sql } from 'kysely';
import type { SearchTables } from './search.tables.ts';

// The full-text indexes of migration 0006 (and 0011 for search_fts's prefix index).
const SQLITE_FULL_TEXT_INDEXES = ['search_fts', 'search_words', 'search_titles'] as const;

/**
 * Merges each SQLite full-text index into one segment after a bulk import. Writing thousands
 * of documents leaves an FTS5 index in many segments, and every search then reads and merges
 * each word's list from all of them: at 100k documents a merged index answers a match 15–30%
 * faster and finds a document by rowid several times faster (docs/performance.md). Small writes
 * are left to FTS5's own merging. PostgreSQL's GIN index needs no merging: it is never split
 * that way, and autovacuum empties its pending list. Its planner needs the tables' statistics,
 * though (how many pages, which words are common): until autovacuum came by, a search over a
 * freshly imported corpus was planned for 18 matching pages where there were 35,538, and joined
 * them row by row (`npm run bench:search-plans`). The tables are analysed at once.
 *
 * The merge rewrites the whole index in one transaction, so the write-ahead log then holds a
 * copy of it, and every read looks its pages up there instead of in the memory-mapped file
 * until the log is emptied: searches at 100k documents were half as slow again. The log is
 * copied into the file and emptied at once (a checkpoint that waits for readers, up to the
 * connection's busy timeout, and leaves the log as it is if they outlast it).
 */
export async function optimizeSearchIndex(db: Kysely<SearchTables>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) {
    await sql`analyze search_document, search_index, search_word`.execute(db);
    return;
  }
  for (const index of SQLITE_FULL_TEXT_INDEXES) {
    await sql`insert into ${sql.table(index)} (${sql.ref(index)}) values ('optimize')`.execute(db);
  }
  await sql`pragma wal_checkpoint(truncate)`.execute(db);
}
