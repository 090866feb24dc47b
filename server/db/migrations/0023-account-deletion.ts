import { sql, type Kysely } from 'kysely';

/*
 * Requests to delete an account (docs/privacy.md): asked, confirmed from an e-mailed link,
 * carried out by a job after the grace period, or cancelled. A user has at most one open
 * request; the partial unique index makes a double click one request on both dialects.
 */
export const accountDeletion = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('account_deletion_request')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('user_id', 'text', (column) => column.notNull())
      .addColumn('requested_at', 'text', (column) => column.notNull())
      .addColumn('link_sent_at', 'text', (column) => column.notNull())
      .addColumn('confirmed_at', 'text')
      .addColumn('due_at', 'text')
      .addColumn('cancelled_at', 'text')
      .addColumn('carried_out_at', 'text')
      .execute();
    await db.schema
      .createIndex('account_deletion_request_open')
      .on('account_deletion_request')
      .column('user_id')
      .unique()
      .where(sql.ref('cancelled_at'), 'is', null)
      .where(sql.ref('carried_out_at'), 'is', null)
      .execute();
    await db.schema
      .createIndex('account_deletion_request_due')
      .on('account_deletion_request')
      .column('due_at')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('account_deletion_request').execute();
  },
};
