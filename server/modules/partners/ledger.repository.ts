import type { ModuleDatabase } from '~server/db/schema.ts';
import type {
  NewPartnerPointsEntryRow,
  PartnerPointsEntryRow,
  PartnersTables,
} from './partners.tables.ts';
import type { LedgerEntryKind } from '~core/partner';

type Db = ModuleDatabase<PartnersTables>;

/**
 * Records an event unless its source event was recorded before; answers whether it is new, so
 * a redelivered event changes nothing.
 */
export async function insertEventIfNew(
  db: Db,
  event: {
    id: string;
    userId: string;
    kind: string;
    sourceEvent: string;
    subject: string | null;
    occurredAt: string;
  },
): Promise<boolean> {
  const inserted = await db
    .insertInto('partner_event')
    .values({
      id: event.id,
      user_id: event.userId,
      kind: event.kind,
      source_event: event.sourceEvent,
      subject: event.subject,
      occurred_at: event.occurredAt,
    })
    .onConflict((conflict) => conflict.column('source_event').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** The kinds of event the partner has done at least once. */
export async function listEventKinds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('partner_event')
    .select('kind')
    .distinct()
    .where('user_id', '=', userId)
    .execute();
  return rows.map((row) => row.kind);
}

export async function countEvents(
  db: Db,
  userId: string,
  kind: string,
  since: string,
): Promise<number> {
  const row = await db
    .selectFrom('partner_event')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('occurred_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Appends an entry unless its source event has one; answers whether it was appended. */
export async function appendEntry(db: Db, entry: NewPartnerPointsEntryRow): Promise<boolean> {
  const inserted = await db
    .insertInto('partner_points_entry')
    .values(entry)
    .onConflict((conflict) => conflict.column('source_event').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Adds an entry's points to the member's running totals. */
export async function addToTotals(
  db: Db,
  userId: string,
  change: { balance: number; tierPoints: number; updatedAt: string },
): Promise<void> {
  await db
    .updateTable('partner_member')
    .set((eb) => ({
      points_balance: eb('points_balance', '+', change.balance),
      tier_points: eb('tier_points', '+', change.tierPoints),
      updated_at: change.updatedAt,
    }))
    .where('user_id', '=', userId)
    .execute();
}

/**
 * Takes points from the balance only when the balance covers them, in one statement: of two
 * spends racing for the same points, the second finds too little and takes nothing.
 */
export async function takeFromBalance(
  db: Db,
  userId: string,
  points: number,
  updatedAt: string,
): Promise<boolean> {
  const result = await db
    .updateTable('partner_member')
    .set((eb) => ({ points_balance: eb('points_balance', '-', points), updated_at: updatedAt }))
    .where('user_id', '=', userId)
    .where('points_balance', '>=', points)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function saveTier(
  db: Db,
  userId: string,
  tier: string,
  celebrate: boolean,
  updatedAt: string,
): Promise<void> {
  await db
    .updateTable('partner_member')
    .set({ tier, ...(celebrate ? { tier_acknowledged: 0 } : {}), updated_at: updatedAt })
    .where('user_id', '=', userId)
    .execute();
}

export interface EntryQuery {
  kind?: LedgerEntryKind;
  from?: string;
  before?: string;
  limit?: number;
}

/** The member's entries, newest first, within the query's kind and time range. */
export async function listEntries(
  db: Db,
  userId: string,
  query: EntryQuery = {},
): Promise<PartnerPointsEntryRow[]> {
  let select = db
    .selectFrom('partner_points_entry')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('occurred_at', 'desc')
    .orderBy('id', 'desc');
  if (query.kind !== undefined) select = select.where('kind', '=', query.kind);
  if (query.from !== undefined) select = select.where('occurred_at', '>=', query.from);
  if (query.before !== undefined) select = select.where('occurred_at', '<', query.before);
  if (query.limit !== undefined) select = select.limit(query.limit);
  return select.execute();
}

/** The sum of the member's entries, for checking the running total against the ledger. */
export async function sumEntries(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('partner_points_entry')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | string>('points'), eb.lit(0)).as('total'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Members who hold points that may have lapsed: any credit with an expiry before now. */
export async function listMembersWithLapsedCredits(db: Db, now: string): Promise<string[]> {
  const rows = await db
    .selectFrom('partner_points_entry')
    .select('user_id')
    .distinct()
    .where('expires_at', '<=', now)
    .where('points', '>', 0)
    .execute();
  return rows.map((row) => row.user_id);
}
