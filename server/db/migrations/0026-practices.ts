import type { Kysely, Migration } from 'kysely';

/*
 * Practices and the advisor directory (docs/practices-and-subscriptions.md): a practice and its
 * people, requests to join it, its listing (the draft it edits and the copy the directory shows),
 * the directory's index of published offices and tags, leads and reviews visitors send, logos,
 * and the moderators' decisions.
 */

export const practices: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('practice')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('slug', 'text', (column) => column.notNull().unique())
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('market', 'text', (column) => column.notNull())
      // Normalised for the market (core/practices): the same number typed two ways is one practice.
      .addColumn('registration_number', 'text', (column) => column.notNull())
      .addColumn('address', 'text', (column) => column.notNull())
      .addColumn('city', 'text', (column) => column.notNull())
      .addColumn('postcode', 'text', (column) => column.notNull())
      .addColumn('services', 'text', (column) => column.notNull())
      .addColumn('tier', 'text', (column) => column.notNull())
      .addColumn('created_by', 'text', (column) => column.notNull())
      .addColumn('request_key', 'text', (column) => column.notNull().unique())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addUniqueConstraint('practice_registration', ['market', 'registration_number'])
      .execute();

    await db.schema
      .createTable('practice_person')
      .addColumn('practice_id', 'text', (column) => column.notNull())
      .addColumn('user_id', 'text', (column) => column.notNull())
      .addColumn('role', 'text', (column) => column.notNull())
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('email', 'text', (column) => column.notNull())
      .addColumn('joined_at', 'text', (column) => column.notNull())
      .addPrimaryKeyConstraint('practice_person_pk', ['practice_id', 'user_id'])
      .execute();
    await db.schema
      .createIndex('practice_person_user')
      .on('practice_person')
      .column('user_id')
      .execute();

    await db.schema
      .createTable('practice_join_request')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('practice_id', 'text', (column) => column.notNull())
      .addColumn('user_id', 'text', (column) => column.notNull())
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('email', 'text', (column) => column.notNull())
      .addColumn('status', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('decided_at', 'text')
      .addColumn('decided_by', 'text')
      .addUniqueConstraint('practice_join_request_once', ['practice_id', 'user_id'])
      .execute();

    await db.schema
      .createTable('practice_listing')
      .addColumn('practice_id', 'text', (column) => column.primaryKey())
      .addColumn('draft', 'text', (column) => column.notNull())
      .addColumn('published', 'text')
      .addColumn('listed', 'integer', (column) => column.notNull())
      // 'none', 'pending' (the submitted copy waits for a moderator) or 'rejected'.
      .addColumn('moderation', 'text', (column) => column.notNull())
      .addColumn('submitted', 'text')
      .addColumn('moderation_note', 'text')
      .addColumn('updated_at', 'text', (column) => column.notNull())
      .addColumn('published_at', 'text')
      .execute();
    await db.schema
      .createIndex('practice_listing_moderation')
      .on('practice_listing')
      .column('moderation')
      .execute();

    // The directory's index: one row per office of a listed practice, found by a box of
    // latitudes and longitudes, with the listing's choices as bit masks (core/practices) so the
    // filters are arithmetic on the same row.
    await db.schema
      .createTable('practice_directory_office')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('practice_id', 'text', (column) => column.notNull())
      .addColumn('lat', 'double precision', (column) => column.notNull())
      .addColumn('lon', 'double precision', (column) => column.notNull())
      .addColumn('services', 'integer', (column) => column.notNull())
      .addColumn('industries', 'integer', (column) => column.notNull())
      .addColumn('languages', 'integer', (column) => column.notNull())
      .addColumn('certifications', 'integer', (column) => column.notNull())
      .addColumn('tier', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('practice_directory_office_place')
      .on('practice_directory_office')
      .columns(['lat', 'lon', 'practice_id'])
      .execute();
    await db.schema
      .createIndex('practice_directory_office_practice')
      .on('practice_directory_office')
      .column('practice_id')
      .execute();
    await db.schema
      .createTable('practice_lead')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('practice_id', 'text', (column) => column.notNull())
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('email', 'text', (column) => column.notNull())
      .addColumn('phone', 'text', (column) => column.notNull())
      .addColumn('message', 'text', (column) => column.notNull())
      .addColumn('status', 'text', (column) => column.notNull())
      .addColumn('answer', 'text')
      .addColumn('answered_at', 'text')
      .addColumn('answered_by', 'text')
      .addColumn('request_key', 'text', (column) => column.notNull().unique())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('practice_lead_practice')
      .on('practice_lead')
      .columns(['practice_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('practice_review')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('practice_id', 'text', (column) => column.notNull())
      .addColumn('name', 'text', (column) => column.notNull())
      .addColumn('rating', 'integer', (column) => column.notNull())
      .addColumn('body', 'text', (column) => column.notNull())
      // 'pending' until a moderator decides: 'approved' (shown) or 'rejected'.
      .addColumn('status', 'text', (column) => column.notNull())
      .addColumn('request_key', 'text', (column) => column.notNull().unique())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('decided_at', 'text')
      .execute();
    await db.schema
      .createIndex('practice_review_status')
      .on('practice_review')
      .columns(['status', 'created_at'])
      .execute();
    await db.schema
      .createIndex('practice_review_practice')
      .on('practice_review')
      .columns(['practice_id', 'status'])
      .execute();

    // Logos, addressed by a hash of their bytes as the imported media are.
    await db.schema
      .createTable('practice_logo')
      .addColumn('content_key', 'text', (column) => column.primaryKey())
      .addColumn('content_type', 'text', (column) => column.notNull())
      .addColumn('bytes', 'bytea', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .execute();

    await db.schema
      .createTable('practice_moderation_entry')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('subject', 'text', (column) => column.notNull())
      .addColumn('subject_id', 'text', (column) => column.notNull())
      .addColumn('practice_id', 'text', (column) => column.notNull())
      .addColumn('decision', 'text', (column) => column.notNull())
      .addColumn('note', 'text', (column) => column.notNull())
      .addColumn('moderator_id', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .execute();
  },

  async down(db: Kysely<unknown>) {
    for (const table of [
      'practice_moderation_entry',
      'practice_logo',
      'practice_review',
      'practice_lead',
      'practice_directory_office',
      'practice_listing',
      'practice_join_request',
      'practice_person',
      'practice',
    ])
      await db.schema.dropTable(table).execute();
  },
};
