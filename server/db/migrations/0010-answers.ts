import type { Kysely, Migration } from 'kysely';

/* Generated answers: the shared answer cache and what visitors did with answers. */
export const answers: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('answer_cache')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('question_key', 'text', (column) => column.notNull())
      .addColumn('question_text', 'text', (column) => column.notNull())
      .addColumn('search_hub', 'text', (column) => column.notNull())
      .addColumn('region', 'text', (column) => column.notNull())
      .addColumn('content_version', 'integer', (column) => column.notNull())
      .addColumn('provider', 'text', (column) => column.notNull())
      .addColumn('declined', 'integer', (column) => column.notNull())
      .addColumn('answer_text', 'text', (column) => column.notNull())
      .addColumn('citations', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('answer_cache_question')
      .on('answer_cache')
      .columns(['question_key', 'search_hub', 'region', 'content_version'])
      .unique()
      .execute();

    await db.schema
      .createTable('answer_event')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('answer_id', 'text', (column) => column.notNull())
      .addColumn('kind', 'text', (column) => column.notNull())
      .addColumn('reason', 'text')
      .addColumn('details', 'text')
      .addColumn('citation_id', 'text')
      .addColumn('search_id', 'text')
      .addColumn('search_hub', 'text', (column) => column.notNull())
      .addColumn('question_text', 'text', (column) => column.notNull())
      .addColumn('user_id', 'text')
      .addColumn('created_at', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('answer_event_answer_id')
      .on('answer_event')
      .column('answer_id')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('answer_event').execute();
    await db.schema.dropTable('answer_cache').execute();
  },
};
