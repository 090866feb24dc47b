import type { Insertable, Selectable } from 'kysely';
import type { ModuleDatabase } from '~server/db/schema.ts';
import type {
  CommunicationPreferenceChangeTable,
  CommunicationSubscriberTable,
  PrivacyTables,
} from './privacy.tables.ts';

type Db = ModuleDatabase<PrivacyTables>;
export type SubscriberRow = Selectable<CommunicationSubscriberTable>;
export type PreferenceChangeRow = Selectable<CommunicationPreferenceChangeTable>;

export async function findSubscriberByEmail(
  db: Db,
  email: string,
): Promise<SubscriberRow | undefined> {
  return db
    .selectFrom('communication_subscriber')
    .selectAll()
    .where('email', '=', email)
    .executeTakeFirst();
}

/** Adds the address unless it is there already (two saves at once make one row). */
export async function insertSubscriberIfNew(
  db: Db,
  row: Insertable<CommunicationSubscriberTable>,
): Promise<void> {
  await db
    .insertInto('communication_subscriber')
    .values(row)
    .onConflict((conflict) => conflict.column('email').doNothing())
    .execute();
}

export async function linkSubscriberToUser(db: Db, id: string, userId: string): Promise<void> {
  await db
    .updateTable('communication_subscriber')
    .set({ user_id: userId })
    .where('id', '=', id)
    .where('user_id', 'is', null)
    .execute();
}

/** Marks the address confirmed, once: a second confirmation keeps the first time. */
export async function confirmSubscriber(db: Db, id: string, at: string): Promise<void> {
  await db
    .updateTable('communication_subscriber')
    .set({ confirmed_at: at })
    .where('id', '=', id)
    .where('confirmed_at', 'is', null)
    .execute();
}

/** Changes are only ever inserted: a change of mind is a new row. */
export async function insertPreferenceChanges(
  db: Db,
  rows: ReadonlyArray<Insertable<CommunicationPreferenceChangeTable>>,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('communication_preference_change')
    .values([...rows])
    .execute();
}

/** An address's changes, oldest first. */
export async function listPreferenceChanges(
  db: Db,
  subscriberId: string,
): Promise<PreferenceChangeRow[]> {
  return db
    .selectFrom('communication_preference_change')
    .selectAll()
    .where('subscriber_id', '=', subscriberId)
    .orderBy('changed_at')
    .orderBy('id')
    .execute();
}
