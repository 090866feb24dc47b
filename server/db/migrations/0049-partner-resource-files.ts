import type { Kysely, Migration } from 'kysely';

/*
 * Files admins upload for partner resources (docs/partner-programme.md, decision 038): the
 * bytes are kept in the database beside their resource, so the file and the resource are
 * written in one transaction and every web process serves it without a shared folder. A
 * resource with a file has an empty link; partners download it through the library.
 */
export const partnerResourceFiles: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('partner_resource_file')
      .addColumn('resource_id', 'text', (column) =>
        column.primaryKey().references('partner_resource.id').onDelete('cascade'),
      )
      .addColumn('file_name', 'text', (column) => column.notNull())
      .addColumn('content_type', 'text', (column) => column.notNull())
      .addColumn('size', 'integer', (column) => column.notNull())
      .addColumn('sha256', 'text', (column) => column.notNull())
      .addColumn('bytes', 'bytea', (column) => column.notNull())
      .addColumn('uploaded_at', 'text', (column) => column.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('partner_resource_file').execute();
  },
};
