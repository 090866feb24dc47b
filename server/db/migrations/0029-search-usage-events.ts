import type { Kysely, Migration } from 'kysely';

/* The search library's custom and view usage events, beside searches and clicks. */
export const searchUsageEvents: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('search_usage_event')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('kind', 'text', (column) => column.notNull())
      .addColumn('search_hub', 'text')
      .addColumn('search_uid', 'text')
      .addColumn('event_type', 'text', (column) => column.notNull())
      .addColumn('event_value', 'text')
      .addColumn('content_id_key', 'text')
      .addColumn('content_id_value', 'text')
      .addColumn('occurred_at', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('search_usage_event_kind_occurred_at')
      .on('search_usage_event')
      .columns(['kind', 'occurred_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('search_usage_event').execute();
  },
};
