import type { Kysely, Migration } from 'kysely';

/*
 * The record of who changed the partner programme's configuration (docs/partner-programme.md):
 * one entry per admin write that changed something, appended in the write's transaction. The
 * admin is kept by id, so an erased account's entries read 'Deleted member'.
 */
export const partnerConfigurationChanges: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('partner_configuration_change')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('changed_at', 'text', (column) => column.notNull())
      .addColumn('changed_by', 'text', (column) => column.notNull())
      .addColumn('subject_kind', 'text', (column) => column.notNull())
      .addColumn('subject_id', 'text', (column) => column.notNull())
      .addColumn('subject_name', 'text', (column) => column.notNull())
      .addColumn('summary', 'text', (column) => column.notNull())
      .execute();
    // Newest first, all kinds or one.
    await db.schema
      .createIndex('partner_configuration_change_newest')
      .on('partner_configuration_change')
      .columns(['changed_at', 'id'])
      .execute();
    await db.schema
      .createIndex('partner_configuration_change_kind')
      .on('partner_configuration_change')
      .columns(['subject_kind', 'changed_at', 'id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('partner_configuration_change').execute();
  },
};
