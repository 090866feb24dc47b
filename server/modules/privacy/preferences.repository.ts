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

/**
 * The one removal of preference records: an account's deletion erases its address, and any
 * address linked to the account, with every change recorded for them (the records are otherwise
 * never edited).
 */
export async function deleteSubscribers(
  db: Db,
  person: { email: string | null; userId: string },
): Promise<void> {
  const subscribers = await db
    .selectFrom('communication_subscriber')
    .select('id')
    .where((where) =>
      where.or([
        where('user_id', '=', person.userId),
        ...(person.email ? [where('email', '=', person.email)] : []),
      ]),
    )
    .execute();
  const ids = subscribers.map((row) => row.id);
  if (ids.length === 0) return;
  await db
    .deleteFrom('communication_preference_change')
    .where('subscriber_id', 'in', ids)
    .execute();
  await db.deleteFrom('communication_subscriber').where('id', 'in', ids).execute();
}

/** Every change of one topic on one channel for confirmed addresses, oldest first. */
export async function listConfirmedChangesOfTopic(db: Db, topic: string, channel: string) {
  return db
    .selectFrom('communication_preference_change as change')
    .innerJoin('communication_subscriber as subscriber', 'subscriber.id', 'change.subscriber_id')
    .select(['subscriber.email', 'change.subscribed'])
    .where('change.topic', '=', topic)
    .where('change.channel', '=', channel)
    .where('subscriber.confirmed_at', 'is not', null)
    .orderBy('change.changed_at')
    .orderBy('change.id')
    .execute();
}
