import { type Kysely, type Migration, sql } from 'kysely';

/*
 * Staff's subscriptions page (docs/practices-and-subscriptions.md): orders and transfers carry
 * the practice's name as it was when they were placed or asked, as an invoice names who it
 * bills, so the list shows it without reading the practices' tables. Rows from before are given
 * the practice's name now. Each list pages newest first by (time, id): an index per list gives
 * that order.
 */
export const subscriptionPracticeNames: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of ['subscription_order', 'subscription_transfer']) {
      await db.schema
        .alterTable(table)
        .addColumn('practice_name', 'text', (column) => column.notNull().defaultTo(''))
        .execute();
      await sql`update ${sql.table(table)} set practice_name = coalesce(
        (select practice.name from practice where practice.id = ${sql.ref(`${table}.practice_id`)}),
        '')`.execute(db);
    }
    await db.schema
      .createIndex('subscription_order_newest')
      .on('subscription_order')
      .columns(['placed_at', 'id'])
      .execute();
    await db.schema
      .createIndex('subscription_transfer_newest')
      .on('subscription_transfer')
      .columns(['requested_at', 'id'])
      .execute();
    await db.schema
      .createIndex('subscription_audit_newest')
      .on('subscription_audit_entry')
      .columns(['at', 'id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('subscription_audit_newest').execute();
    await db.schema.dropIndex('subscription_transfer_newest').execute();
    await db.schema.dropIndex('subscription_order_newest').execute();
    for (const table of ['subscription_transfer', 'subscription_order']) {
      await db.schema.alterTable(table).dropColumn('practice_name').execute();
    }
  },
};
