import type { Kysely, Migration } from 'kysely';

/*
 * Managed-service jobs offered to partner practices. The practice that takes a job is set by a
 * conditional update on the status, so of two practices accepting at once one wins; the
 * client's rating is written once, by the same kind of update.
 */
export const partnerServiceJobs: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('partner_service_job')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('title', 'text', (column) => column.notNull())
      .addColumn('job_kind', 'text', (column) => column.notNull())
      .addColumn('description', 'text', (column) => column.notNull())
      .addColumn('client_name', 'text', (column) => column.notNull())
      .addColumn('client_email', 'text', (column) => column.notNull())
      .addColumn('status', 'text', (column) => column.notNull())
      .addColumn('practice_id', 'text')
      .addColumn('accepted_by', 'text')
      .addColumn('accepted_at', 'text')
      .addColumn('started_at', 'text')
      .addColumn('completed_by', 'text')
      .addColumn('completed_at', 'text')
      .addColumn('completion_notes', 'text')
      .addColumn('rating', 'integer')
      .addColumn('rating_comment', 'text')
      .addColumn('rated_at', 'text')
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('updated_at', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('partner_service_job_practice')
      .on('partner_service_job')
      .columns(['practice_id', 'updated_at'])
      .execute();
    await db.schema
      .createIndex('partner_service_job_status')
      .on('partner_service_job')
      .columns(['status', 'created_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('partner_service_job').execute();
  },
};
