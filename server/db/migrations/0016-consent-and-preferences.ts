import type { Kysely } from 'kysely';

/*
 * Consent records and communication preferences (docs/privacy.md). The record tables are
 * append-only: a new choice or change is a new row, never an edit of an old one.
 */
export const consentAndPreferences = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('consent_record')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('visitor_id', 'text', (column) => column.notNull())
      .addColumn('user_id', 'text')
      .addColumn('groups', 'text', (column) => column.notNull())
      .addColumn('method', 'text', (column) => column.notNull())
      .addColumn('policy_version', 'integer', (column) => column.notNull())
      .addColumn('region', 'text', (column) => column.notNull())
      .addColumn('global_privacy_control', 'integer', (column) => column.notNull())
      .addColumn('recorded_at', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('consent_record_user')
      .on('consent_record')
      .columns(['user_id', 'recorded_at'])
      .execute();
    await db.schema
      .createIndex('consent_record_visitor')
      .on('consent_record')
      .columns(['visitor_id', 'recorded_at'])
      .execute();
    await db.schema
      .createTable('communication_subscriber')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('email', 'text', (column) => column.notNull().unique())
      .addColumn('user_id', 'text')
      .addColumn('phone', 'text')
      .addColumn('confirmed_at', 'text')
      .addColumn('created_at', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createTable('communication_preference_change')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('subscriber_id', 'text', (column) => column.notNull())
      .addColumn('topic', 'text', (column) => column.notNull())
      .addColumn('channel', 'text', (column) => column.notNull())
      .addColumn('subscribed', 'integer', (column) => column.notNull())
      .addColumn('source', 'text', (column) => column.notNull())
      .addColumn('changed_at', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('communication_preference_change_subscriber')
      .on('communication_preference_change')
      .columns(['subscriber_id', 'changed_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('communication_preference_change').execute();
    await db.schema.dropTable('communication_subscriber').execute();
    await db.schema.dropTable('consent_record').execute();
  },
};
