import type { Insertable, Selectable } from 'kysely';
import type { ModuleDatabase } from '~server/db/schema.ts';
import type { ConsentRecordTable, PrivacyTables } from './privacy.tables.ts';

type Db = ModuleDatabase<PrivacyTables>;
export type ConsentRecordRow = Selectable<ConsentRecordTable>;

/** Records are only ever inserted: there is no update or delete of a consent record. */
export async function insertConsentRecord(
  db: Db,
  row: Insertable<ConsentRecordTable>,
): Promise<void> {
  await db.insertInto('consent_record').values(row).execute();
}

/** A user's records, newest first. */
export async function listConsentRecordsOfUser(
  db: Db,
  userId: string,
  limit: number,
): Promise<ConsentRecordRow[]> {
  return db
    .selectFrom('consent_record')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('recorded_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * An account's deletion leaves its consent choices as anonymous visitors' choices: the record
 * of what was agreed stays, whose it was does not.
 */
export async function detachConsentRecordsFromUser(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('consent_record')
    .set({ user_id: null })
    .where('user_id', '=', userId)
    .execute();
}
