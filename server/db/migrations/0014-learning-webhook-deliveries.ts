import type { Kysely } from 'kysely';

/*
 * The learning webhook accepts each delivery once (docs/learning-sync.md): the ids it has
 * applied are kept for as long as a delivery's timestamp is accepted, and a bit more.
 */
export const learningWebhookDeliveries = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('learning_webhook_delivery')
      .addColumn('delivery_id', 'text', (column) => column.primaryKey())
      .addColumn('received_at', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('learning_webhook_delivery_received_at')
      .on('learning_webhook_delivery')
      .column('received_at')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('learning_webhook_delivery').execute();
  },
};
