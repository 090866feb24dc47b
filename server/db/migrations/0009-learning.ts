import type { Kysely } from 'kysely';

/** Search result fields of spec 3 that only learning items fill. */
export const LEARNING_SEARCH_COLUMNS = [
  'sflearning_format__c',
  'sfintellumapp__id__c',
  'sfredwingtrainingplancid',
  'sfredwingtrainingtrackcid',
  'sfnext_class_australia__c',
  'sfnext_class_canada__c',
  'sfnext_class_hong_kong__c',
  'sfnext_class_malaysia__c',
  'sfnext_class_new_zealand__c',
  'sfnext_class_singapore__c',
  'sfnext_class_south_africa__c',
  'sfnext_class_united_kingdom__c',
  'sfnext_class_united_states__c',
  'sfnext_class_rest_of_world__c',
] as const;

/** The learning catalogue, sessions, next class dates and certifications (docs/learning.md). */
export const learning = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('learning_item')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('platform_id', 'text', (column) => column.notNull().unique())
      .addColumn('kind', 'text', (column) => column.notNull())
      .addColumn('format', 'text', (column) => column.notNull())
      .addColumn('delivery', 'text')
      .addColumn('title', 'text', (column) => column.notNull())
      .addColumn('description', 'text', (column) => column.notNull())
      .addColumn('audience', 'text', (column) => column.notNull())
      .addColumn('products', 'text', (column) => column.notNull())
      .addColumn('duration_minutes', 'integer', (column) => column.notNull())
      .addColumn('featured', 'integer', (column) => column.notNull())
      .addColumn('on_demand', 'integer', (column) => column.notNull())
      .addColumn('content_hash', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('updated_at', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createTable('learning_session')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('platform_id', 'text', (column) => column.notNull().unique())
      .addColumn('item_id', 'text', (column) =>
        column.notNull().references('learning_item.id').onDelete('cascade'),
      )
      .addColumn('starts_at', 'text', (column) => column.notNull())
      .addColumn('time_zone', 'text', (column) => column.notNull())
      .addColumn('region', 'text', (column) => column.notNull())
      .addColumn('duration_minutes', 'integer', (column) => column.notNull())
      .addColumn('location', 'text')
      .execute();
    await db.schema
      .createIndex('learning_session_starts')
      .on('learning_session')
      .column('starts_at')
      .execute();
    // The learning page reads the soonest sessions of each region.
    await db.schema
      .createIndex('learning_session_region_starts')
      .on('learning_session')
      .columns(['region', 'starts_at'])
      .execute();
    await db.schema
      .createIndex('learning_session_item')
      .on('learning_session')
      .column('item_id')
      .execute();
    await db.schema
      .createTable('learning_next_class')
      .addColumn('item_id', 'text', (column) =>
        column.notNull().references('learning_item.id').onDelete('cascade'),
      )
      .addColumn('region', 'text', (column) => column.notNull())
      .addColumn('class_date', 'text', (column) => column.notNull())
      .addPrimaryKeyConstraint('learning_next_class_pk', ['item_id', 'region'])
      .execute();
    await db.schema
      .createTable('learning_certification')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('platform_id', 'text', (column) => column.notNull().unique())
      .addColumn('user_email', 'text', (column) => column.notNull())
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('earned_on', 'text', (column) => column.notNull())
      .addColumn('expires_on', 'text')
      .addColumn('badge_url', 'text')
      .addColumn('content_hash', 'text', (column) => column.notNull())
      .addColumn('updated_at', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('learning_certification_user')
      .on('learning_certification')
      .column('user_email')
      .execute();
    for (const column of LEARNING_SEARCH_COLUMNS) {
      await db.schema.alterTable('search_document').addColumn(column, 'text').execute();
    }
  },
  async down(db: Kysely<unknown>) {
    for (const column of LEARNING_SEARCH_COLUMNS) {
      await db.schema.alterTable('search_document').dropColumn(column).execute();
    }
    for (const table of [
      'learning_certification',
      'learning_next_class',
      'learning_session',
      'learning_item',
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
};
