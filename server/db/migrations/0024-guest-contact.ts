import { PostgresAdapter, sql, type Kysely, type Migration } from 'kysely';

/*
 * Help for people who cannot sign in (docs/contact-support.md, decision 026): the e-mail codes
 * that prove a visitor holds an address, and support cases owned by an address instead of an
 * account. A guest's case has no owner account (owner_id null, owner_email set), and a guest's
 * message has no author account (author_id null).
 */

/** Tables rebuilt to drop a NOT NULL: SQLite cannot alter a column in place. */
const LOOSENED: Readonly<Record<string, string>> = {
  support_case: 'owner_id',
  support_case_message: 'author_id',
};

export const isPostgres = (db: Kysely<unknown>) =>
  db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * SQLite's documented way to change a column: a copy of the table made from its own definition
 * with the constraint dropped, filled, swapped in, and its indexes made again. Foreign keys are
 * off meanwhile so dropping the old table cascades nothing (SQLite migrations run outside a
 * transaction, where the pragma takes effect).
 */
export async function rebuildWithoutNotNull(db: Kysely<unknown>, table: string, column: string) {
  const rows = await sql<{ type: string; name: string; sql: string | null }>`
    select type, name, sql from sqlite_master where tbl_name = ${table}`.execute(db);
  const definition = rows.rows.find((row) => row.type === 'table')?.sql ?? '';
  const loosened = definition.replace(`"${column}" text not null`, `"${column}" text`);
  if (loosened === definition) throw new Error(`${table}.${column} is not a NOT NULL text column`);
  const copy = `${table}_rebuilt`;
  // SQLite keeps the statement as written, but for its first words, which it upper-cases.
  const named = loosened.replace(/^create table "?\w+"?/i, `CREATE TABLE "${copy}"`);
  await sql.raw(named).execute(db);
  await sql.raw(`insert into "${copy}" select * from "${table}"`).execute(db);
  await sql.raw(`drop table "${table}"`).execute(db);
  await sql.raw(`alter table "${copy}" rename to "${table}"`).execute(db);
  for (const index of rows.rows.filter((row) => row.type === 'index' && row.sql !== null)) {
    await sql.raw(index.sql ?? '').execute(db);
  }
}

async function loosenOwners(db: Kysely<unknown>) {
  if (!isPostgres(db)) {
    await sql`pragma foreign_keys = off`.execute(db);
    try {
      for (const [table, column] of Object.entries(LOOSENED)) {
        await rebuildWithoutNotNull(db, table, column);
      }
      const broken = await sql`pragma foreign_key_check`.execute(db);
      if (broken.rows.length > 0) throw new Error('The rebuilt case tables break a foreign key');
    } finally {
      await sql`pragma foreign_keys = on`.execute(db);
    }
    return;
  }
  for (const [table, column] of Object.entries(LOOSENED)) {
    await db.schema
      .alterTable(table)
      .alterColumn(column, (change) => change.dropNotNull())
      .execute();
  }
}

export const guestContact: Migration = {
  async up(db: Kysely<unknown>) {
    await loosenOwners(db);
    // The address that owns a case raised without an account; null for an account's case.
    await db.schema.alterTable('support_case').addColumn('owner_email', 'text').execute();
    await db.schema
      .createIndex('support_case_owner_email')
      .on('support_case')
      .columns(['owner_email', 'updated_at'])
      .execute();

    await db.schema
      .createTable('contact_email_code')
      .addColumn('id', 'text', (column) => column.primaryKey())
      // 'sign-in-help' or 'mfa-help': a code proves the address for its own flow only.
      .addColumn('flow', 'text', (column) => column.notNull())
      .addColumn('email', 'text', (column) => column.notNull())
      // HMAC-SHA-256 of the code under a key of the server's: the code itself is not kept.
      .addColumn('code_hash', 'text', (column) => column.notNull())
      .addColumn('tries', 'integer', (column) => column.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('expires_at', 'text', (column) => column.notNull())
      // Set once the right code was typed: the proof the next step carries, hashed.
      .addColumn('proof_hash', 'text')
      .addColumn('verified_at', 'text')
      // The case the proof raised: a form sent twice raises it once.
      .addColumn('case_id', 'text')
      .execute();
    await db.schema
      .createIndex('contact_email_code_address')
      .on('contact_email_code')
      .columns(['email', 'created_at'])
      .execute();
    await db.schema
      .createIndex('contact_email_code_proof')
      .unique()
      .on('contact_email_code')
      .column('proof_hash')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('contact_email_code').execute();
    await db.schema.dropIndex('support_case_owner_email').execute();
    await db.schema.alterTable('support_case').dropColumn('owner_email').execute();
  },
};
