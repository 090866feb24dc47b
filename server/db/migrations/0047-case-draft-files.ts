import type { Kysely, Migration } from 'kysely';

/*
 * Files chosen on the raise flow's details step, before the case exists (docs/cases.md): a
 * draft binds them to the person and the flow; its files wait in the attachments folder under
 * the ids they keep when the submit moves them onto the case. A draft untouched for a day is
 * swept with its files by the housekeeping job.
 */
export const caseDraftFiles: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('support_case_draft')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('user_id', 'text', (column) =>
        column.notNull().references('portal_user.id').onDelete('cascade'),
      )
      .addColumn('queue', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('touched_at', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('support_case_draft_touched')
      .on('support_case_draft')
      .column('touched_at')
      .execute();
    await db.schema
      .createTable('support_case_draft_file')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('draft_id', 'text', (column) =>
        column.notNull().references('support_case_draft.id').onDelete('cascade'),
      )
      .addColumn('file_name', 'text', (column) => column.notNull())
      .addColumn('content_type', 'text', (column) => column.notNull())
      .addColumn('size', 'integer', (column) => column.notNull())
      .addColumn('sha256', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('support_case_draft_file_draft')
      .on('support_case_draft_file')
      .columns(['draft_id', 'created_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('support_case_draft_file').execute();
    await db.schema.dropTable('support_case_draft').execute();
  },
};
