import type { Kysely } from 'kysely';
import { formatMoney, isCurrency } from '~core/subscriptions';
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
  placedAt: string;
  total: string;
  taxLabel: string;
  tax: string;
}

export interface TransferView {
  id: string;
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
  return (await repository.listOrders(db, practiceId, limit)).map((row) => ({
    id: row.id,
    number: row.number,
    practiceId: row.practice_id,
    placedAt: row.placed_at,
    total: money(row.total_minor, row.currency),
    taxLabel: row.tax_label,
    tax: money(row.tax_minor, row.currency),
  }));
}

export async function listTransfers(
  db: Kysely<Database>,
  practiceId: string | undefined,
  limit = 50,
): Promise<TransferView[]> {
  return (await repository.listTransfers(db, practiceId, limit)).map((row) => ({
    id: row.id,
    subscriptionId: row.subscription_id,
    businessName: row.business_name,
    direction: row.direction,
    effectiveDate: row.effective_date,
    status: row.status,
    expiresAt: row.expires_at,
    requestedAt: row.requested_at,
  }));
}

function auditView(row: repository.AuditRow): AuditView {
  return {
    subject: `${row.subject_kind} ${row.subject_id}`,
    action: row.action,
    actor: row.actor,
    detail: row.detail,
    at: row.at,
  };
}

export async function auditTrail(
  db: Kysely<Database>,
  subject: { kind: 'subscription' | 'order' | 'transfer'; id: string },
): Promise<AuditView[]> {
  return (await repository.listAuditEntries(db, subject.kind, subject.id)).map(auditView);
}

export async function recentAudit(db: Kysely<Database>, limit = 100): Promise<AuditView[]> {
  return (await repository.listRecentAuditEntries(db, limit)).map(auditView);
}
