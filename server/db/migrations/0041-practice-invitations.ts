import { sql, type Kysely, type Migration } from 'kysely';

/*
 * A practice's people (docs/practices-and-subscriptions.md, "The practice's people"): the roles
 * become principal, primary contact and member (the staff who joined so far are members); a
 * person belongs to one practice, which the database now holds; invitations by e-mail; and the
 * people's audit trail.
 */

export const practiceInvitations: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`update practice_person set role = 'member' where role = 'staff'`.execute(db);
    await db.schema.dropIndex('practice_person_user').execute();
    // One practice a person: two joins at once cannot both land, whichever practices they are for.
    await db.schema
      .createIndex('practice_person_one_practice')
      .unique()
      .on('practice_person')
      .column('user_id')
      .execute();

    await db.schema
      .createTable('practice_invitation')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('practice_id', 'text', (column) => column.notNull())
      .addColumn('email', 'text', (column) => column.notNull())
      .addColumn('role', 'text', (column) => column.notNull())
      // SHA-256 of the link's secret: the link cannot be read back from the database.
      .addColumn('token_hash', 'text', (column) => column.notNull().unique())
      .addColumn('invited_by', 'text', (column) => column.notNull())
      .addColumn('invited_by_name', 'text', (column) => column.notNull())
      // 'pending', 'accepted', 'withdrawn' or 'lapsed' (expired, replaced by a new invitation).
      .addColumn('status', 'text', (column) => column.notNull())
      // '{practice}:{lower-case address}' while pending, null after: one open invitation an address.
      .addColumn('pending_key', 'text', (column) => column.unique())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .addColumn('expires_at', 'text', (column) => column.notNull())
      .addColumn('closed_at', 'text')
      .addColumn('accepted_by', 'text')
      .execute();
    await db.schema
      .createIndex('practice_invitation_practice')
      .on('practice_invitation')
      .columns(['practice_id', 'status'])
      .execute();

    await db.schema
      .createTable('practice_people_entry')
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('practice_id', 'text', (column) => column.notNull())
      // 'invited', 'joined', 'withdrawn' or 'removed'.
      .addColumn('action', 'text', (column) => column.notNull())
      .addColumn('email', 'text', (column) => column.notNull())
      .addColumn('person_name', 'text', (column) => column.notNull())
      .addColumn('role', 'text', (column) => column.notNull())
      .addColumn('actor_id', 'text', (column) => column.notNull())
      .addColumn('actor_name', 'text', (column) => column.notNull())
      .addColumn('created_at', 'text', (column) => column.notNull())
      .execute();
    await db.schema
      .createIndex('practice_people_entry_practice')
      .on('practice_people_entry')
      .columns(['practice_id', 'created_at'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('practice_people_entry').execute();
    await db.schema.dropTable('practice_invitation').execute();
    await db.schema.dropIndex('practice_person_one_practice').execute();
    await db.schema
      .createIndex('practice_person_user')
      .on('practice_person')
      .column('user_id')
      .execute();
    await sql`update practice_person set role = 'staff' where role = 'member'`.execute(db);
  },
};
