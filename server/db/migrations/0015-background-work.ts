import type { Kysely } from 'kysely';

/*
 * Work shared by several processes (docs/deployment.md): the job table, the queue of the
 * embedded default (PostgreSQL deployments use pg-boss's own schema), and rate-limit windows
 * counted in the database so every process counts the same window.
 */
export const backgroundWork = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('job')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('data', 'text', (column) => column.notNull())
      .addColumn('state', 'text', (column) => column.notNull())
      .addColumn('singleton_key', 'text', (column) => column.unique())
      .addColumn('retry_count', 'integer', (column) => column.notNull())
      .addColumn('retry_limit', 'integer', (column) => column.notNull())
      .addColumn('start_after', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('started_at', 'text')
      .addColumn('completed_at', 'text')
      .addColumn('expire_at', 'text')
      .addColumn('keep_until', 'text')
      .addColumn('last_error', 'text')
      .execute();
    await db.schema.createIndex('job_due').on('job').columns(['state', 'start_after']).execute();
    await db.schema
      .createTable('rate_limit_window')
      .addColumn('key', 'text', (column) => column.primaryKey())
      .addColumn('started_ms', 'bigint', (column) => column.notNull())
      .addColumn('window_ms', 'integer', (column) => column.notNull())
      .addColumn('count', 'integer', (column) => column.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('rate_limit_window').execute();
    await db.schema.dropTable('job').execute();
  },
};
