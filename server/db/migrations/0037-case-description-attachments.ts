import { sql, type Kysely, type Migration } from 'kysely';
import { isPostgres, rebuildWithoutNotNull } from './0024-guest-contact.ts';

/*
 * Files sent with a new case (decision 034) belong to its description, which is not a message:
 * their row has no message (message_id null). SQLite cannot drop a NOT NULL in place, so the
 * table is rebuilt there as decision 026's migration does it.
 */
export const caseDescriptionAttachments: Migration = {
  async up(db: Kysely<unknown>) {
    if (isPostgres(db)) {
      await db.schema
        .alterTable('support_case_attachment')
        .alterColumn('message_id', (change) => change.dropNotNull())
        .execute();
      return;
    }
    await sql`pragma foreign_keys = off`.execute(db);
    try {
      await rebuildWithoutNotNull(db, 'support_case_attachment', 'message_id');
      const broken = await sql`pragma foreign_key_check`.execute(db);
      if (broken.rows.length > 0) throw new Error('The rebuilt attachments table breaks a key');
    } finally {
      await sql`pragma foreign_keys = on`.execute(db);
    }
  },
};
