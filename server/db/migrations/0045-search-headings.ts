import { type Kysely, type Migration, PostgresAdapter, sql } from 'kysely';

/*
 * Headings as a field of their own (issue 19): a page's section headings name what its parts
 * answer, so a word in a heading ranks the page above one that only mentions the word in passing.
 * The words stay in body_text too (a heading is part of the text people read and the passages
 * answers quote); headings adds their weight. Documents written before this migration have no
 * headings until their content is imported again.
 *
 * SQLite: search_fts gains the column at its end, so the highlight and snippet column numbers
 * stay as they are, and the three triggers of 0006-search-index are made again with it.
 * search_words (vocabulary, typed prefixes) and search_titles (suggestions) are unchanged: the
 * heading words are already in body_text. PostgreSQL: the weighted tsvector gives headings the
 * weight D, which the ranking weighs between the excerpt and the title.
 */

const FTS_PREFIX = `, prefix='7'`;

interface FullTextIndex {
  name: string;
  columns: readonly string[];
}

const OTHER_INDEXES: readonly FullTextIndex[] = [
  { name: 'search_words', columns: ['title', 'excerpt', 'body_text'] },
  { name: 'search_titles', columns: ['title'] },
];

const BASE_COLUMNS = ['title', 'excerpt', 'body_text'] as const;

function sqliteIndexes(withHeadings: boolean): FullTextIndex[] {
  const columns = withHeadings ? [...BASE_COLUMNS, 'headings'] : [...BASE_COLUMNS];
  return [{ name: 'search_fts', columns }, ...OTHER_INDEXES];
}

async function recreateSqliteIndex(db: Kysely<unknown>, withHeadings: boolean): Promise<void> {
  const indexes = sqliteIndexes(withHeadings);
  const [fts] = indexes;
  for (const trigger of ['inserted', 'deleted', 'updated']) {
    await sql.raw(`drop trigger search_document_${trigger}`).execute(db);
  }
  await sql`drop table search_fts`.execute(db);
  await sql
    .raw(
      `create virtual table search_fts using fts5(
        ${fts!.columns.join(', ')},
        content='search_document', content_rowid='rowid',
        tokenize='porter unicode61 remove_diacritics 2'${FTS_PREFIX})`,
    )
    .execute(db);
  const insertNew = indexes
    .map(
      ({ name, columns }) =>
        `insert into ${name}(rowid, ${columns.join(', ')}) values (new.rowid, ${columns.map((c) => `new.${c}`).join(', ')});`,
    )
    .join('\n');
  const deleteOld = indexes
    .map(
      ({ name, columns }) =>
        `insert into ${name}(${name}, rowid, ${columns.join(', ')}) values ('delete', old.rowid, ${columns.map((c) => `old.${c}`).join(', ')});`,
    )
    .join('\n');
  await sql
    .raw(
      `create trigger search_document_inserted after insert on search_document begin ${insertNew} end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger search_document_deleted after delete on search_document begin ${deleteOld} end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger search_document_updated after update of ${fts!.columns.join(', ')} on search_document begin ${deleteOld} ${insertNew} end`,
    )
    .execute(db);
  await sql`insert into search_fts(search_fts) values ('rebuild')`.execute(db);
}

async function recreatePostgresIndexing(db: Kysely<unknown>, withHeadings: boolean) {
  const vector = withHeadings
    ? sql`search_document_vector(new.title, new.excerpt, new.body_text, new.headings)`
    : sql`search_document_vector(new.title, new.excerpt, new.body_text)`;
  const watched = withHeadings
    ? sql`title, excerpt, body_text, headings`
    : sql`title, excerpt, body_text`;
  await sql`drop trigger search_document_indexed on search_document`.execute(db);
  await sql`create or replace function search_document_indexed() returns trigger language plpgsql as $$
    begin
      insert into search_index (unique_id, document_vector, title_words)
        values (new.unique_id, ${vector}, to_tsvector('simple', new.title))
        on conflict (unique_id) do update
          set document_vector = excluded.document_vector, title_words = excluded.title_words;
      return null;
    end
  $$`.execute(db);
  await sql`create trigger search_document_indexed
    after insert or update of ${watched} on search_document
    for each row execute function search_document_indexed()`.execute(db);
}

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

export const searchHeadings: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table search_document add column headings text not null default ''`.execute(db);
    if (!isPostgres(db)) return recreateSqliteIndex(db, true);
    await sql`create function search_document_vector(title text, excerpt text, body_text text, headings text)
      returns tsvector language sql immutable as $$
        select search_document_vector(title, excerpt, body_text)
          || setweight(to_tsvector('english', headings), 'D')
      $$`.execute(db);
    await recreatePostgresIndexing(db, true);
  },
  async down(db: Kysely<unknown>) {
    if (isPostgres(db)) {
      await recreatePostgresIndexing(db, false);
      await sql`drop function search_document_vector(text, text, text, text)`.execute(db);
    } else {
      await recreateSqliteIndex(db, false);
    }
    await sql`alter table search_document drop column headings`.execute(db);
  },
};
