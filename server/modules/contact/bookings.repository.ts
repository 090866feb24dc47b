import type { Insertable, Selectable } from 'kysely';
import type { ModuleDatabase } from '~server/db/schema.ts';
import type { ContactCallBookingTable, ContactTables } from './contact.tables.ts';

type Db = ModuleDatabase<ContactTables>;

export type BookingRow = Selectable<ContactCallBookingTable>;

/** Places taken per slot start of a region, from `from` on. */
export async function placesTaken(
  db: Db,
  region: string,
  from: string,
): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('contact_call_slot')
    .select(['starts_at', 'booked'])
    .where('region', '=', region)
    .where('starts_at', '>=', from)
    .execute();
  return new Map(rows.map((row) => [row.starts_at, row.booked]));
}

/**
 * Takes one place of a slot if one is left: the slot's row is made on its first booking, and
 * the count only grows by a conditional update, which the database runs one at a time per row.
 */
export async function takePlace(
  db: Db,
  slot: { region: string; startsAt: string; capacity: number },
): Promise<boolean> {
  await db
    .insertInto('contact_call_slot')
    .values({ region: slot.region, starts_at: slot.startsAt, capacity: slot.capacity, booked: 0 })
    .onConflict((conflict) => conflict.columns(['region', 'starts_at']).doNothing())
    .execute();
  const result = await db
    .updateTable('contact_call_slot')
    .set((eb) => ({ booked: eb('booked', '+', 1) }))
    .where('region', '=', slot.region)
    .where('starts_at', '=', slot.startsAt)
    .where((eb) => eb('booked', '<', eb.ref('capacity')))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function releasePlace(db: Db, region: string, startsAt: string): Promise<void> {
  await db
    .updateTable('contact_call_slot')
    .set((eb) => ({ booked: eb('booked', '-', 1) }))
    .where('region', '=', region)
    .where('starts_at', '=', startsAt)
    .where('booked', '>', 0)
    .execute();
}

export async function insertBooking(
  db: Db,
  row: Insertable<ContactCallBookingTable>,
): Promise<void> {
  await db.insertInto('contact_call_booking').values(row).execute();
}

export async function findBookingByRequestKey(
  db: Db,
  requestKey: string,
): Promise<BookingRow | undefined> {
  return db
    .selectFrom('contact_call_booking')
    .selectAll()
    .where('request_key', '=', requestKey)
    .executeTakeFirst();
}

export async function findBookingByTokenHash(
  db: Db,
  tokenHash: string,
): Promise<BookingRow | undefined> {
  return db
    .selectFrom('contact_call_booking')
    .selectAll()
    .where('manage_token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Cancels a booking that is still booked; false when it was cancelled meanwhile. */
export async function markCancelled(db: Db, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('contact_call_booking')
    .set({ status: 'cancelled', updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'booked')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Moves a booking still at `from` to a new slot; false when it moved or ended meanwhile. */
export async function moveBooking(
  db: Db,
  id: string,
  change: { from: string; startsAt: string; endsAt: string; now: string },
): Promise<boolean> {
  const result = await db
    .updateTable('contact_call_booking')
    .set({
      starts_at: change.startsAt,
      ends_at: change.endsAt,
      reminded_at: null,
      updated_at: change.now,
    })
    .where('id', '=', id)
    .where('status', '=', 'booked')
    .where('starts_at', '=', change.from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Booked calls from `from` on, soonest first, for the agents' list. */
export async function listBookedCalls(db: Db, from: string, limit: number): Promise<BookingRow[]> {
  return db
    .selectFrom('contact_call_booking')
    .selectAll()
    .where('status', '=', 'booked')
    .where('ends_at', '>', from)
    .orderBy('starts_at')
    .limit(limit)
    .execute();
}

/** Booked calls starting before `before` whose reminder has not gone out. */
export async function listUnreminded(db: Db, now: string, before: string): Promise<BookingRow[]> {
  return db
    .selectFrom('contact_call_booking')
    .selectAll()
    .where('status', '=', 'booked')
    .where('reminded_at', 'is', null)
    .where('starts_at', '>', now)
    .where('starts_at', '<=', before)
    .orderBy('starts_at')
    .limit(200)
    .execute();
}

/** Claims a booking's reminder: only one process queues it. */
export async function markReminded(
  db: Db,
  id: string,
  startsAt: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('contact_call_booking')
    .set({ reminded_at: now })
    .where('id', '=', id)
    .where('reminded_at', 'is', null)
    .where('starts_at', '=', startsAt)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
