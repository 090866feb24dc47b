import type { Kysely, Migration } from 'kysely';

/* Searches and result clicks (search analytics). */
export const searchAnalytics: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('search_query_log')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('search_uid', 'text', (column) => column.notNull().unique())
      .addColumn('search_hub', 'text', (column) => column.notNull())
      .addColumn('tab', 'text')
      .addColumn('query_text', 'text', (column) => column.notNull())
      .addColumn('result_count', 'integer', (column) => column.notNull())
      .addColumn('is_guest', 'integer', (column) => column.notNull())
      .addColumn('user_region', 'text')
      .addColumn('cause', 'text')
      .addColumn('searched_at', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('search_query_log_result_count_searched_at')
      .on('search_query_log')
      .columns(['result_count', 'searched_at'])
      .execute();

    await db.schema
      .createTable('search_click')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('search_uid', 'text', (column) => column.notNull())
      .addColumn('unique_id', 'text', (column) => column.notNull())
      .addColumn('position', 'integer', (column) => column.notNull())
      .addColumn('clicked_at', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('search_click_search_uid')
      .on('search_click')
      .column('search_uid')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('search_click').execute();
    await db.schema.dropTable('search_query_log').execute();
  },
};
