import type { Kysely, Migration } from 'kysely';

/*
 * Files on support cases (docs/cases.md, decision 034): the row says which message a file
 * belongs to and what it is; the bytes live in the attachments folder under the row's id.
 */
export const caseAttachments: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('support_case_attachment')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('case_id', 'text', (column) =>
        column.notNull().references('support_case.id').onDelete('cascade'),
      )
      .addColumn('message_id', 'text', (column) =>
        column.notNull().references('support_case_message.id').onDelete('cascade'),
      )
      .addColumn('file_name', 'text', (column) => column.notNull())
      .addColumn('content_type', 'text', (column) => column.notNull())
      .addColumn('size', 'integer', (column) => column.notNull())
      .addColumn('sha256', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('support_case_attachment_case')
      .on('support_case_attachment')
      .columns(['case_id', 'created_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('support_case_attachment').execute();
  },
};
