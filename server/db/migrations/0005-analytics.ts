import type { Kysely, Migration } from 'kysely';

/* Analytics events (with consent) and browser error reports. */
export const analytics: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('analytics_event')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('fields', 'text', (column) => column.notNull())
      .addColumn('page_path', 'text', (column) => column.notNull())
      .addColumn('user_id', 'text')
      .addColumn('occurred_at', 'text', (column) => column.notNull())
      .addColumn('received_at', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('analytics_event_name_occurred_at')
      .on('analytics_event')
      .columns(['name', 'occurred_at'])
      .execute();

    await db.schema
      .createTable('error_report')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('message', 'text', (column) => column.notNull())
      .addColumn('error_name', 'text')
      .addColumn('stack', 'text')
      .addColumn('source', 'text')
      .addColumn('context', 'text')
      .addColumn('page_path', 'text', (column) => column.notNull())
      .addColumn('user_agent', 'text')
      .addColumn('is_guest', 'integer', (column) => column.notNull())
      .addColumn('occurred_at', 'text', (column) => column.notNull())
      .addColumn('received_at', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('error_report_received_at')
      .on('error_report')
      .column('received_at')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('error_report').execute();
    await db.schema.dropTable('analytics_event').execute();
  },
};
