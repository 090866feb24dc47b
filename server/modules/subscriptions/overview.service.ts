import type { Kysely } from 'kysely';
import {
  formatMoney,
  isCurrency,
  keysetPage,
  namePlansInDetail,
  STAFF_PAGE_SIZE,
  type KeysetPage,
  type PageCursor,
} from '~core/subscriptions';
import type { Database } from '~server/db/schema.ts';
import * as repository from './subscriptions.repository.ts';

/*
 * Orders, transfers and the audit trail as lists: a practice's own (its pages), or everyone's
 * (staff, on the admin page).
 */

export interface OrderView {
  id: string;
  number: string;
  practiceId: string;
  /** As it was when the order was placed; empty for an order from before names were kept. */
  practiceName: string;
  placedAt: string;
  total: string;
  taxLabel: string;
  tax: string;
}

export interface TransferView {
  id: string;
  practiceId: string;
  practiceName: string;
  subscriptionId: string;
  businessName: string;
  direction: string;
  effectiveDate: string;
  status: string;
  /** When the client's link stops working: an open transfer past it has lapsed. */
  expiresAt: string;
  requestedAt: string;
}

export interface AuditView {
  id: string;
  subject: string;
  action: string;
  actor: string;
  detail: string;
  at: string;
}

const money = (minor: number, currency: string) =>
  isCurrency(currency) ? formatMoney(minor, currency) : String(minor);

/** practiceId undefined is staff's view of every practice. */
export async function listOrders(
  db: Kysely<Database>,
  practiceId: string | undefined,
  limit = 50,
): Promise<OrderView[]> {
  return (await repository.listOrders(db, practiceId, limit)).map(orderView);
}

function orderView(row: repository.OrderRow): OrderView {
  return {
    id: row.id,
    number: row.number,
    practiceId: row.practice_id,
    practiceName: row.practice_name,
    placedAt: row.placed_at,
    total: money(row.total_minor, row.currency),
    taxLabel: row.tax_label,
    tax: money(row.tax_minor, row.currency),
  };
}

export async function listTransfers(
  db: Kysely<Database>,
  practiceId: string | undefined,
  limit = 50,
): Promise<TransferView[]> {
  return (await repository.listTransfers(db, practiceId, limit)).map(transferView);
}

function transferView(
  row: Awaited<ReturnType<typeof repository.listTransfers>>[number],
): TransferView {
  return {
    id: row.id,
    practiceId: row.practice_id,
    practiceName: row.practice_name,
    subscriptionId: row.subscription_id,
    businessName: row.business_name,
    direction: row.direction,
    effectiveDate: row.effective_date,
    status: row.status,
    expiresAt: row.expires_at,
    requestedAt: row.requested_at,
  };
}

/** The entries as staff read them, their plans named as in the subscription's market. */
async function auditViews(
  db: Kysely<Database>,
  rows: readonly repository.MarketAuditRow[],
): Promise<AuditView[]> {
  const plans = await repository.listAllPlans(db);
  return rows.map((row) => ({
    id: row.id,
    subject: `${row.subject_kind} ${row.subject_id}`,
    action: row.action,
    actor: row.actor,
    detail: namePlansInDetail(
      row.action,
      row.detail,
      (code) => plans.find((plan) => plan.market === row.market && plan.code === code)?.name,
    ),
    at: row.at,
  }));
}

export async function auditTrail(
  db: Kysely<Database>,
  subject: { kind: 'subscription' | 'order' | 'transfer'; id: string },
): Promise<AuditView[]> {
  return auditViews(db, await repository.listAuditEntries(db, subject.kind, subject.id));
}

/*
 * Staff's lists of every practice, a page of STAFF_PAGE_SIZE at a time: one row more than a page
 * is fetched to tell whether there are more.
 */

export async function staffOrders(
  db: Kysely<Database>,
  cursor: PageCursor,
): Promise<KeysetPage<OrderView>> {
  const rows = await repository.listOrders(db, undefined, STAFF_PAGE_SIZE + 1, cursor);
  return keysetPage(rows.map(orderView), STAFF_PAGE_SIZE, cursor, (order) => ({
    at: order.placedAt,
    id: order.id,
  }));
}

export async function staffTransfers(
  db: Kysely<Database>,
  cursor: PageCursor,
): Promise<KeysetPage<TransferView>> {
  const rows = await repository.listTransfers(db, undefined, STAFF_PAGE_SIZE + 1, cursor);
  return keysetPage(rows.map(transferView), STAFF_PAGE_SIZE, cursor, (transfer) => ({
    at: transfer.requestedAt,
    id: transfer.id,
  }));
}

export async function staffAudit(
  db: Kysely<Database>,
  cursor: PageCursor,
): Promise<KeysetPage<AuditView>> {
  const rows = await repository.listRecentAuditEntries(db, STAFF_PAGE_SIZE + 1, cursor);
  return keysetPage(await auditViews(db, rows), STAFF_PAGE_SIZE, cursor, (entry) => ({
    at: entry.at,
    id: entry.id,
  }));
}
