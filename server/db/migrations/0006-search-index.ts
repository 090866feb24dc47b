import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * The full-text index over search_document, kept current by triggers so it never drifts from
 * the documents and nothing is rebuilt at start (see docs/performance.md, "Search").
 *
 * SQLite: three FTS5 indexes reading their text from search_document (external content):
 * search_fts stems English words (porter) for matching and ranking; search_words keeps words
 * as written, for prefix* queries and for its vocabulary (search_words_vocabulary), which
 * offers real words for 'Did you mean'; search_titles serves title suggestions.
 * PostgreSQL: search_index holds each document's weighted tsvector and title words, and
 * search_word the documents-per-word counts for corrections, with a trigram index (pg_trgm).
 */
export const searchIndex = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('search_past_query')
      .addColumn('hub', 'text', (column) => column.notNull())
      .addColumn('query_key', 'text', (column) => column.notNull())
      .addColumn('query_text', 'text', (column) => column.notNull())
      .addColumn('search_count', 'integer', (column) => column.notNull())
      .addColumn('result_count', 'integer', (column) => column.notNull())
      .addColumn('last_searched_at', 'text', (column) => column.notNull())
      .addPrimaryKeyConstraint('search_past_query_pk', ['hub', 'query_key'])
      .execute();
    // Bumped by every change of search_document, so cached results know when they are stale.
    await db.schema
      .createTable('search_index_state')
      .addColumn('id', 'integer', (column) => column.primaryKey())
      .addColumn('version', 'integer', (column) => column.notNull())
      .execute();
    await sql`insert into search_index_state (id, version) values (1, 0)`.execute(db);
    if (isPostgres(db)) await createPostgresIndex(db);
    else await createSqliteIndex(db);
  },
  async down(db: Kysely<unknown>) {
    if (isPostgres(db)) {
      await sql`drop trigger search_document_changed on search_document`.execute(db);
      await sql`drop function search_index_version_bump()`.execute(db);
      for (const trigger of [
        'search_document_indexed',
        'search_words_added',
        'search_words_counted',
        'search_words_removed',
      ]) {
        await sql.raw(`drop trigger ${trigger} on search_document`).execute(db);
        await sql.raw(`drop function ${trigger}()`).execute(db);
      }
      await sql`drop function search_document_vector(text, text, text)`.execute(db);
      await sql`drop function search_document_words(text, text, text)`.execute(db);
      await sql`drop table search_word`.execute(db);
      await sql`drop table search_index`.execute(db);
    } else {
      for (const trigger of ['inserted', 'deleted', 'updated']) {
        await sql.raw(`drop trigger search_document_${trigger}`).execute(db);
        await sql.raw(`drop trigger search_document_fields_${trigger}`).execute(db);
      }
      await sql`drop table search_document_fields`.execute(db);
      await sql`drop table search_words_vocabulary`.execute(db);
      for (const { name } of SQLITE_INDEXES) await sql.raw(`drop table ${name}`).execute(db);
    }
    await db.schema.dropTable('search_index_state').execute();
    await db.schema.dropTable('search_past_query').execute();
  },
};

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

const SQLITE_INDEXES = [
  { name: 'search_fts', columns: ['title', 'excerpt', 'body_text'] },
  { name: 'search_words', columns: ['title', 'excerpt', 'body_text'] },
  { name: 'search_titles', columns: ['title'] },
];

const BUMP_VERSION = 'update search_index_state set version = version + 1 where id = 1;';

// What searches filter, count and rank on (see search-engine.ts NOT_FILTER_FIELDS).
const FIELD_COLUMNS = [
  'unique_id',
  'title',
  'objecttype',
  'common_contenttype',
  'syssource',
  'region',
  'sfkbid',
  'sfurlname',
  'sftopicfirstlevelc',
  'sfcoreproductc',
  'sfaudiencec',
  'sfcreateddate',
  'updated_at',
];

async function createSqliteIndex(db: Kysely<unknown>): Promise<void> {
  // A narrow copy of the document fields searches read for every match: reading them from
  // search_document would load each match's whole body text.
  await sql
    .raw(
      `create table search_document_fields (document_rowid integer primary key, ${FIELD_COLUMNS.map((c) => `${c} text`).join(', ')})`,
    )
    .execute(db);
  const copyFields = `insert into search_document_fields (document_rowid, ${FIELD_COLUMNS.join(', ')}) values (new.rowid, ${FIELD_COLUMNS.map((c) => `new.${c}`).join(', ')}); ${BUMP_VERSION}`;
  await sql
    .raw(
      `create trigger search_document_fields_inserted after insert on search_document begin ${copyFields} end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger search_document_fields_updated after update on search_document begin delete from search_document_fields where document_rowid = old.rowid; ${copyFields} end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger search_document_fields_deleted after delete on search_document begin delete from search_document_fields where document_rowid = old.rowid; ${BUMP_VERSION} end`,
    )
    .execute(db);
  await sql
    .raw(
      `insert into search_document_fields (document_rowid, ${FIELD_COLUMNS.join(', ')}) select rowid, ${FIELD_COLUMNS.join(', ')} from search_document`,
    )
    .execute(db);
  await sql`create virtual table search_fts using fts5(
    title, excerpt, body_text,
    content='search_document', content_rowid='rowid',
    tokenize='porter unicode61 remove_diacritics 2')`.execute(db);
  await sql`create virtual table search_words using fts5(
    title, excerpt, body_text,
    content='search_document', content_rowid='rowid',
    tokenize='unicode61 remove_diacritics 2', prefix='2 3')`.execute(db);
  // Suggestions look up the beginnings of title words as they are typed, from one letter on.
  await sql`create virtual table search_titles using fts5(
    title,
    content='search_document', content_rowid='rowid',
    tokenize='unicode61 remove_diacritics 2', prefix='1 2 3')`.execute(db);
  await sql`create virtual table search_words_vocabulary using fts5vocab(search_words, row)`.execute(
    db,
  );
  const insertNew = SQLITE_INDEXES.map(
    ({ name, columns }) =>
      `insert into ${name}(rowid, ${columns.join(', ')}) values (new.rowid, ${columns.map((c) => `new.${c}`).join(', ')});`,
  ).join('\n');
  const deleteOld = SQLITE_INDEXES.map(
    ({ name, columns }) =>
      `insert into ${name}(${name}, rowid, ${columns.join(', ')}) values ('delete', old.rowid, ${columns.map((c) => `old.${c}`).join(', ')});`,
  ).join('\n');
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
  // Only a change of the indexed text touches the index.
  await sql
    .raw(
      `create trigger search_document_updated after update of title, excerpt, body_text on search_document begin ${deleteOld} ${insertNew} end`,
    )
    .execute(db);
  // Documents written before this migration.
  for (const { name } of SQLITE_INDEXES) {
    await sql.raw(`insert into ${name}(${name}) values ('rebuild')`).execute(db);
  }
}

async function createPostgresIndex(db: Kysely<unknown>): Promise<void> {
  // The extension lives in public, shared by every schema of the database; the lock keeps
  // schemas migrating at the same time from installing it twice.
  await sql`select pg_advisory_xact_lock(hashtext('create extension pg_trgm'))`.execute(db);
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  await sql`create table search_index (
    unique_id text primary key references search_document (unique_id) on delete cascade,
    document_vector tsvector not null,
    title_words tsvector not null
  )`.execute(db);
  await sql`create index search_index_document_vector on search_index using gin (document_vector)`.execute(
    db,
  );
  await sql`create index search_index_title_words on search_index using gin (title_words)`.execute(
    db,
  );
  await sql`create table search_word (
    word text primary key,
    document_count integer not null
  )`.execute(db);
  await sql`create index search_word_trigram on search_word using gin (word public.gin_trgm_ops)`.execute(
    db,
  );
  await sql`create function search_document_words(title text, excerpt text, body_text text)
    returns setof text language sql immutable as $$
      select distinct word
        from regexp_split_to_table(lower(title || ' ' || excerpt || ' ' || body_text), '[^[:alnum:]]+') word
        where length(word) between 2 and 64
    $$`.execute(db);
  await sql`create function search_document_vector(title text, excerpt text, body_text text)
    returns tsvector language sql immutable as $$
      select setweight(to_tsvector('english', title), 'A')
        || setweight(to_tsvector('english', excerpt), 'B')
        || setweight(to_tsvector('english', body_text), 'C')
    $$`.execute(db);
  await sql`create function search_document_indexed() returns trigger language plpgsql as $$
    begin
      insert into search_index (unique_id, document_vector, title_words)
        values (
          new.unique_id,
          search_document_vector(new.title, new.excerpt, new.body_text),
          to_tsvector('simple', new.title))
        on conflict (unique_id) do update
          set document_vector = excluded.document_vector, title_words = excluded.title_words;
      return null;
    end
  $$`.execute(db);
  await sql`create trigger search_document_indexed
    after insert or update of title, excerpt, body_text on search_document
    for each row execute function search_document_indexed()`.execute(db);
  // Word counts change once per statement, from all its rows together: a batch of documents
  // shares most of its words, so this touches each word once instead of once per document.
  await sql`create function search_words_counted() returns trigger language plpgsql as $$
    begin
      with changed as (
        select o.title as old_title, o.excerpt as old_excerpt, o.body_text as old_body,
               n.title as new_title, n.excerpt as new_excerpt, n.body_text as new_body
          from old_rows o join new_rows n on n.unique_id = o.unique_id
          where (o.title, o.excerpt, o.body_text) is distinct from (n.title, n.excerpt, n.body_text)
      ),
      delta as (
        select word, -1 as change from changed, search_document_words(old_title, old_excerpt, old_body) word
        union all
        select word, 1 from changed, search_document_words(new_title, new_excerpt, new_body) word
      ),
      summed as (select word, sum(change)::integer as change from delta group by word having sum(change) <> 0)
      insert into search_word (word, document_count) select word, change from summed
        on conflict (word) do update set document_count = search_word.document_count + excluded.document_count;
      delete from search_word where document_count <= 0;
      return null;
    end
  $$`.execute(db);
  await sql`create function search_words_added() returns trigger language plpgsql as $$
    begin
      insert into search_word (word, document_count)
        select word, count(*) from new_rows, search_document_words(new_rows.title, new_rows.excerpt, new_rows.body_text) word
        group by word
        on conflict (word) do update set document_count = search_word.document_count + excluded.document_count;
      return null;
    end
  $$`.execute(db);
  await sql`create function search_words_removed() returns trigger language plpgsql as $$
    begin
      with gone as (
        select word, count(*) as documents
          from old_rows, search_document_words(old_rows.title, old_rows.excerpt, old_rows.body_text) word
          group by word
      )
      update search_word set document_count = search_word.document_count - gone.documents
        from gone where search_word.word = gone.word;
      delete from search_word where document_count <= 0;
      return null;
    end
  $$`.execute(db);
  await sql`create trigger search_words_added after insert on search_document
    referencing new table as new_rows
    for each statement execute function search_words_added()`.execute(db);
  await sql`create trigger search_words_counted after update on search_document
    referencing old table as old_rows new table as new_rows
    for each statement execute function search_words_counted()`.execute(db);
  await sql`create trigger search_words_removed after delete on search_document
    referencing old table as old_rows
    for each statement execute function search_words_removed()`.execute(db);
  await sql`create function search_index_version_bump() returns trigger language plpgsql as $$
    begin
      update search_index_state set version = version + 1 where id = 1;
      return null;
    end
  $$`.execute(db);
  await sql`create trigger search_document_changed
    after insert or update or delete on search_document
    for each statement execute function search_index_version_bump()`.execute(db);
  // Documents written before this migration.
  await sql`insert into search_index (unique_id, document_vector, title_words)
    select unique_id, search_document_vector(title, excerpt, body_text), to_tsvector('simple', title)
    from search_document`.execute(db);
  await sql`insert into search_word (word, document_count)
    select word, count(*) from search_document, search_document_words(title, excerpt, body_text) word
    group by word`.execute(db);
}
