import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Both dialects: guides are indexed with the object type 'Guide__c' and marketplace apps with
 * the source 'Apps', as spec 2.6's result links read them (they were 'Guide' and 'Help
 * content', so guide results linked to topic pages and apps to their click URI).
 * SQLite: the narrow copy of the search fields (search_document_fields, migration 0006) also
 * holds whether a discussion is answered, so the FTS5 search provider ranks answered ones first
 * without reading each matching document's whole row (its body comes first and is long). The
 * copying triggers are made again with the two fields, and the rows are filled in.
 * PostgreSQL: nothing to do.
 */
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
const ANSWER_COLUMNS = ['sfbestcommentid', 'sfcommentcount'];
const BUMP_VERSION = 'update search_index_state set version = version + 1 where id = 1;';

async function copyingTriggers(db: Kysely<unknown>, columns: readonly string[]): Promise<void> {
  const copy = `insert into search_document_fields (document_rowid, ${columns.join(', ')}) values (new.rowid, ${columns.map((c) => `new.${c}`).join(', ')}); ${BUMP_VERSION}`;
  await sql`drop trigger search_document_fields_inserted`.execute(db);
  await sql`drop trigger search_document_fields_updated`.execute(db);
  await sql
    .raw(
      `create trigger search_document_fields_inserted after insert on search_document begin ${copy} end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger search_document_fields_updated after update on search_document begin delete from search_document_fields where document_rowid = old.rowid; ${copy} end`,
    )
    .execute(db);
}

const isPostgres = (db: Kysely<unknown>) => db.getExecutor().adapter instanceof PostgresAdapter;

export const searchProvider = {
  async up(db: Kysely<unknown>) {
    await sql`update search_document set objecttype = 'Guide__c', documenttype = 'Guide__c' where objecttype = 'Guide'`.execute(
      db,
    );
    await sql`update search_document set syssource = 'Apps' where objecttype = 'MarketplaceApp'`.execute(
      db,
    );
    if (isPostgres(db)) return;
    await sql`alter table search_document_fields add column sfbestcommentid text`.execute(db);
    await sql`alter table search_document_fields add column sfcommentcount integer`.execute(db);
    await copyingTriggers(db, [...FIELD_COLUMNS, ...ANSWER_COLUMNS]);
    await sql`update search_document_fields set
      sfbestcommentid = (select d.sfbestcommentid from search_document d where d.rowid = document_rowid),
      sfcommentcount = (select d.sfcommentcount from search_document d where d.rowid = document_rowid)`.execute(
      db,
    );
  },
  async down(db: Kysely<unknown>) {
    await sql`update search_document set objecttype = 'Guide', documenttype = 'Guide' where objecttype = 'Guide__c'`.execute(
      db,
    );
    await sql`update search_document set syssource = 'Help content' where objecttype = 'MarketplaceApp'`.execute(
      db,
    );
    if (isPostgres(db)) return;
    await copyingTriggers(db, FIELD_COLUMNS);
    await sql`alter table search_document_fields drop column sfcommentcount`.execute(db);
    await sql`alter table search_document_fields drop column sfbestcommentid`.execute(db);
  },
};
