import type { Kysely, Migration } from 'kysely';

// Migrations take an untyped Kysely: they must keep compiling as the Database interface
// moves on.
export const appSetting: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('app_setting')
      .addColumn('key', 'text', (column) => column.primaryKey())
      .addColumn('value', 'text', (column) => column.notNull())
      .addColumn('updated_at', 'text', (column) => column.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('app_setting').execute();
  },
};
