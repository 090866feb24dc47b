import type { Kysely } from 'kysely';
import { tableCsv } from '~core/insight';
import { formatMoney, isCurrency, isIsoDate } from '~core/subscriptions';
import type { Database } from '~server/db/schema.ts';
import * as repository from './subscriptions.repository.ts';
import type { ChangeKind } from './subscriptions.tables.ts';

/*
 * The history of subscription changes: a practice's (its clients' subscriptions, whoever made
 * the change) and a customer's own. Filters come from the page's address; anything not
 * understood is left out rather than refused.
 */

export const CHANGE_KINDS: readonly ChangeKind[] = [
  'new',
  'upgraded',
  'downgraded',
  'transferred',
  'cancelled',
];

export interface ChangeFilters {
  kinds: ChangeKind[];
  from: string;
  to: string;
}

export function changeFiltersFrom(params: URLSearchParams): ChangeFilters {
  const date = (value: string | null) => (value && isIsoDate(value) ? value : '');
  return {
    kinds: params
      .getAll('kind')
      .filter((kind): kind is ChangeKind => (CHANGE_KINDS as readonly string[]).includes(kind)),
    from: date(params.get('from')),
    to: date(params.get('to')),
  };
}

export interface ChangeView {
  id: string;
  subscriptionId: string;
  kind: ChangeKind;
  businessName: string;
  /** The plans' names, as the customer knows them. */
  fromPlan: string | null;
  toPlan: string | null;
  detail: string;
  effectiveDate: string;
  amount: string;
  occurredAt: string;
}

/** At most this many lines on the page and in the export. */
export const HISTORY_LIMIT = 1000;

function viewOf(row: repository.NamedChangeRow): ChangeView {
  return {
    id: row.id,
    subscriptionId: row.subscription_id,
    kind: row.kind,
    businessName: row.business_name,
    // A plan no longer in the catalogue keeps its code.
    fromPlan: row.from_plan_name ?? row.from_plan,
    toPlan: row.to_plan_name ?? row.to_plan,
    detail: row.detail,
    effectiveDate: row.effective_date,
    amount: isCurrency(row.currency) ? formatMoney(row.amount_minor, row.currency) : '',
    occurredAt: row.occurred_at,
  };
}

export async function practiceChanges(
  db: Kysely<Database>,
  practiceId: string,
  filters: ChangeFilters,
): Promise<ChangeView[]> {
  const rows = await repository.listChanges(db, {
    practiceId,
    kinds: filters.kinds,
    from: filters.from,
    to: filters.to,
    limit: HISTORY_LIMIT,
  });
  return rows.map(viewOf);
}

export async function subscriptionChanges(
  db: Kysely<Database>,
  subscriptionId: string,
): Promise<ChangeView[]> {
  return (await repository.listChanges(db, { subscriptionId, limit: HISTORY_LIMIT })).map(viewOf);
}

export function changesCsv(changes: readonly ChangeView[]): string {
  return tableCsv({
    id: 'subscription-changes',
    title: 'Subscription changes',
    columns: ['Date', 'Client', 'Change', 'From plan', 'To plan', 'Effective', 'Amount', 'Detail'],
    rows: changes.map((change) => [
      change.occurredAt.slice(0, 10),
      change.businessName,
      change.kind,
      change.fromPlan ?? '',
      change.toPlan ?? '',
      change.effectiveDate,
      change.amount,
      change.detail,
    ]),
  });
}

export interface PracticeClient {
  id: string;
  businessName: string;
  email: string;
  plan: string;
  status: string;
  billedTo: 'practice' | 'client';
  startDate: string;
}

export async function practiceClients(
  db: Kysely<Database>,
  practiceId: string,
): Promise<PracticeClient[]> {
  return (await repository.listPracticeSubscriptions(db, practiceId)).map((row) => ({
    id: row.id,
    businessName: row.business_name,
    email: row.contact_email,
    plan: row.plan_code,
    status: row.status,
    billedTo: row.billed_to,
    startDate: row.start_date,
  }));
}
