import { sql, type Insertable, type RawBuilder, type Selectable, type SqlBool } from 'kysely';
import type { PageCursor } from '~core/subscriptions';
import type { ModuleDatabase } from '~server/db/schema.ts';
import type {
  ChangeKind,
  SubscriptionAuditEntryTable,
  SubscriptionChangeTable,
  SubscriptionOrderLineTable,
  SubscriptionOrderTable,
  SubscriptionPlanTable,
  SubscriptionsTables,
  SubscriptionTable,
  SubscriptionTransferTable,
} from './subscriptions.tables.ts';

type Db = ModuleDatabase<SubscriptionsTables>;

export type PlanRow = Selectable<SubscriptionPlanTable>;
export type SubscriptionRow = Selectable<SubscriptionTable>;
export type OrderRow = Selectable<SubscriptionOrderTable>;
export type OrderLineRow = Selectable<SubscriptionOrderLineTable>;
export type TransferRow = Selectable<SubscriptionTransferTable>;
export type ChangeRow = Selectable<SubscriptionChangeTable>;
export type AuditRow = Selectable<SubscriptionAuditEntryTable>;

/* Bulk inserts stay under SQLite's 32,766 bound parameters at 200 rows of up to 16 columns. */
const CHUNK = 500;

/** A page of a list ordered newest first by (time, id): which rows, walked which way. */
interface Keyset {
  where?: RawBuilder<SqlBool>;
  order: 'asc' | 'desc';
}

/*
 * A row-value comparison, which SQLite and PostgreSQL both take and both answer from the
 * (time, id) index: a newer page walks up from its cursor, oldest first.
 */
function keyset(time: string, id: string, cursor: PageCursor): Keyset {
  if (!cursor) return { order: 'desc' };
  const row = sql`(${sql.ref(time)}, ${sql.ref(id)})`;
  const key = sql`(${cursor.key.at}, ${cursor.key.id})`;
  return cursor.direction === 'older'
    ? { where: sql<SqlBool>`${row} < ${key}`, order: 'desc' }
    : { where: sql<SqlBool>`${row} > ${key}`, order: 'asc' };
}

async function insertChunked<Table extends keyof SubscriptionsTables>(
  db: Db,
  table: Table,
  rows: readonly Insertable<SubscriptionsTables[Table]>[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) {
    // Kysely's per-table insert types do not narrow through a generic table name.
    await db
      .insertInto(table)
      .values(rows.slice(start, start + CHUNK) as never)
      .execute();
  }
}

export async function upsertPlans(db: Db, rows: readonly Insertable<SubscriptionPlanTable>[]) {
  if (rows.length === 0) return;
  await db
    .insertInto('subscription_plan')
    .values([...rows])
    .onConflict((conflict) => conflict.columns(['market', 'code']).doNothing())
    .execute();
}

export async function listPlans(db: Db, market: string, activeOnly: boolean): Promise<PlanRow[]> {
  let query = db.selectFrom('subscription_plan').selectAll().where('market', '=', market);
  if (activeOnly) query = query.where('active', '=', 1);
  return query.orderBy('rank').execute();
}

export async function listAllPlans(db: Db): Promise<PlanRow[]> {
  return db.selectFrom('subscription_plan').selectAll().orderBy('market').orderBy('rank').execute();
}

export async function findPlan(db: Db, market: string, code: string) {
  return db
    .selectFrom('subscription_plan')
    .selectAll()
    .where('market', '=', market)
    .where('code', '=', code)
    .executeTakeFirst();
}

export async function updatePlanPrice(
  db: Db,
  market: string,
  code: string,
  priceMinor: number,
  active: boolean,
  at: string,
): Promise<void> {
  await db
    .updateTable('subscription_plan')
    .set({ monthly_price_minor: priceMinor, active: active ? 1 : 0, updated_at: at })
    .where('market', '=', market)
    .where('code', '=', code)
    .execute();
}

export async function listTierDiscounts(db: Db) {
  return db.selectFrom('subscription_tier_discount').selectAll().execute();
}

export async function saveTierDiscount(db: Db, tier: string, basisPoints: number, at: string) {
  await db
    .insertInto('subscription_tier_discount')
    .values({ tier, basis_points: basisPoints, updated_at: at })
    .onConflict((conflict) =>
      conflict.column('tier').doUpdateSet({ basis_points: basisPoints, updated_at: at }),
    )
    .execute();
}

/** Inserts the order unless its form key is taken; answers whether this call placed it. */
export async function insertOrder(db: Db, row: Insertable<SubscriptionOrderTable>) {
  const result = await db
    .insertInto('subscription_order')
    .values(row)
    .onConflict((conflict) => conflict.column('request_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function findOrderByRequestKey(db: Db, key: string) {
  return db
    .selectFrom('subscription_order')
    .selectAll()
    .where('request_key', '=', key)
    .executeTakeFirst();
}

export async function countOrders(db: Db): Promise<number> {
  const row = await db
    .selectFrom('subscription_order')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findOrder(db: Db, id: string) {
  return db.selectFrom('subscription_order').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listOrders(
  db: Db,
  practiceId: string | undefined,
  limit: number,
  cursor?: PageCursor,
) {
  const page = keyset('placed_at', 'id', cursor);
  let query = db.selectFrom('subscription_order').selectAll();
  if (practiceId !== undefined) query = query.where('practice_id', '=', practiceId);
  if (page.where) query = query.where(page.where);
  return query.orderBy('placed_at', page.order).orderBy('id', page.order).limit(limit).execute();
}

export async function insertOrderLines(
  db: Db,
  rows: readonly Insertable<SubscriptionOrderLineTable>[],
) {
  await insertChunked(db, 'subscription_order_line', rows);
}

export async function listOrderLines(db: Db, orderId: string): Promise<OrderLineRow[]> {
  return db
    .selectFrom('subscription_order_line')
    .selectAll()
    .where('order_id', '=', orderId)
    .orderBy('line')
    .execute();
}

export async function insertSubscriptions(db: Db, rows: readonly Insertable<SubscriptionTable>[]) {
  await insertChunked(db, 'subscription', rows);
}

export async function findSubscription(db: Db, id: string) {
  return db.selectFrom('subscription').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findSubscriptionOfOwner(db: Db, userId: string) {
  return db
    .selectFrom('subscription')
    .selectAll()
    .where('owner_user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

export async function listPracticeSubscriptions(db: Db, practiceId: string) {
  return db
    .selectFrom('subscription')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .orderBy('business_name')
    .execute();
}

export async function updateSubscription(
  db: Db,
  id: string,
  changes: Partial<Omit<SubscriptionTable, 'id'>>,
): Promise<void> {
  await db.updateTable('subscription').set(changes).where('id', '=', id).execute();
}

/** Activates an invited subscription once; answers whether this call did. */
export async function activate(db: Db, id: string, userId: string, at: string) {
  const result = await db
    .updateTable('subscription')
    .set({ status: 'active', owner_user_id: userId, updated_at: at })
    .where('id', '=', id)
    .where('status', '=', 'invited')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Opens a transfer unless the subscription is in one already; answers whether this call did. */
export async function insertTransfer(db: Db, row: Insertable<SubscriptionTransferTable>) {
  const result = await db
    .insertInto('subscription_transfer')
    .values(row)
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function findTransfer(db: Db, id: string) {
  return db.selectFrom('subscription_transfer').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findOpenTransfer(db: Db, subscriptionId: string) {
  return db
    .selectFrom('subscription_transfer')
    .selectAll()
    .where('subscription_id', '=', subscriptionId)
    .where('status', '=', 'awaiting-client')
    .executeTakeFirst();
}

/** Closes an open transfer once; answers whether this call did. */
export async function closeTransfer(
  db: Db,
  id: string,
  status: 'approved' | 'declined' | 'withdrawn',
  at: string,
) {
  const result = await db
    .updateTable('subscription_transfer')
    .set({ status, decided_at: at })
    .where('id', '=', id)
    .where('status', '=', 'awaiting-client')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function listTransfers(
  db: Db,
  practiceId: string | undefined,
  limit: number,
  cursor?: PageCursor,
) {
  const page = keyset('subscription_transfer.requested_at', 'subscription_transfer.id', cursor);
  let query = db
    .selectFrom('subscription_transfer')
    .innerJoin('subscription', 'subscription.id', 'subscription_transfer.subscription_id')
    .selectAll('subscription_transfer')
    .select(['subscription.business_name', 'subscription.contact_email']);
  if (practiceId !== undefined) {
    query = query.where('subscription_transfer.practice_id', '=', practiceId);
  }
  if (page.where) query = query.where(page.where);
  return query
    .orderBy('subscription_transfer.requested_at', page.order)
    .orderBy('subscription_transfer.id', page.order)
    .limit(limit)
    .execute();
}

export async function insertChanges(db: Db, rows: readonly Insertable<SubscriptionChangeTable>[]) {
  await insertChunked(db, 'subscription_change', rows);
}

export interface ChangeFilter {
  practiceId?: string;
  subscriptionId?: string;
  kinds?: readonly ChangeKind[];
  from?: string;
  to?: string;
  limit: number;
}

export type NamedChangeRow = ChangeRow & {
  from_plan_name: string | null;
  to_plan_name: string | null;
};

/** The changes with their plans' names in the subscription's market (a code the catalogue no longer has: no name). */
export async function listChanges(db: Db, filter: ChangeFilter): Promise<NamedChangeRow[]> {
  let query = db
    .selectFrom('subscription_change as change')
    .leftJoin('subscription', 'subscription.id', 'change.subscription_id')
    .leftJoin('subscription_plan as from_plan', (join) =>
      join
        .onRef('from_plan.market', '=', 'subscription.market')
        .onRef('from_plan.code', '=', 'change.from_plan'),
    )
    .leftJoin('subscription_plan as to_plan', (join) =>
      join
        .onRef('to_plan.market', '=', 'subscription.market')
        .onRef('to_plan.code', '=', 'change.to_plan'),
    )
    .selectAll('change')
    .select(['from_plan.name as from_plan_name', 'to_plan.name as to_plan_name']);
  if (filter.practiceId !== undefined) {
    query = query.where('change.practice_id', '=', filter.practiceId);
  }
  if (filter.subscriptionId !== undefined) {
    query = query.where('change.subscription_id', '=', filter.subscriptionId);
  }
  if (filter.kinds && filter.kinds.length > 0) {
    query = query.where('change.kind', 'in', filter.kinds);
  }
  if (filter.from) query = query.where('change.effective_date', '>=', filter.from);
  if (filter.to) query = query.where('change.effective_date', '<=', filter.to);
  return query
    .orderBy('change.occurred_at', 'desc')
    .orderBy('change.id')
    .limit(filter.limit)
    .execute();
}

export async function insertAuditEntries(
  db: Db,
  rows: readonly Insertable<SubscriptionAuditEntryTable>[],
): Promise<void> {
  await insertChunked(db, 'subscription_audit_entry', rows);
}

/** An audit entry with the market of the subscription it is about, to name its plans. */
export type MarketAuditRow = AuditRow & { market: string | null };

function auditEntries(db: Db) {
  return db
    .selectFrom('subscription_audit_entry as entry')
    .leftJoin('subscription', (join) =>
      join
        .onRef('subscription.id', '=', 'entry.subject_id')
        .on('entry.subject_kind', '=', 'subscription'),
    )
    .selectAll('entry')
    .select('subscription.market');
}

export async function listAuditEntries(
  db: Db,
  subjectKind: string,
  subjectId: string,
): Promise<MarketAuditRow[]> {
  return auditEntries(db)
    .where('entry.subject_kind', '=', subjectKind as AuditRow['subject_kind'])
    .where('entry.subject_id', '=', subjectId)
    .orderBy('entry.at')
    .orderBy('entry.id')
    .execute();
}

export async function listRecentAuditEntries(
  db: Db,
  limit: number,
  cursor?: PageCursor,
): Promise<MarketAuditRow[]> {
  const page = keyset('entry.at', 'entry.id', cursor);
  let query = auditEntries(db);
  if (page.where) query = query.where(page.where);
  return query
    .orderBy('entry.at', page.order)
    .orderBy('entry.id', page.order)
    .limit(limit)
    .execute();
}
