import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type {
  ChangeKind,
  SubscriptionAuditEntryTable,
  SubscriptionChangeTable,
  SubscriptionTable,
} from './subscriptions.tables.ts';

/*
 * The rows every change of a subscription writes, in the same transaction as the change: a line
 * of its history and an entry of the audit trail.
 */

export function auditEntry(
  subjectKind: SubscriptionAuditEntryTable['subject_kind'],
  subjectId: string,
  action: string,
  actor: string,
  detail: Record<string, unknown>,
  at: string,
): Insertable<SubscriptionAuditEntryTable> {
  return {
    id: randomUUID(),
    subject_kind: subjectKind,
    subject_id: subjectId,
    action,
    actor,
    detail: JSON.stringify(detail),
    at,
  };
}

export interface ChangeFacts {
  kind: ChangeKind;
  fromPlan: string | null;
  toPlan: string | null;
  detail: string;
  effectiveDate: string;
  amountMinor: number;
  currency: string;
}

export function changeRow(
  subscription: Pick<SubscriptionTable, 'id' | 'practice_id' | 'business_name'>,
  facts: ChangeFacts,
  at: string,
): Insertable<SubscriptionChangeTable> {
  return {
    id: randomUUID(),
    subscription_id: subscription.id,
    practice_id: subscription.practice_id,
    kind: facts.kind,
    business_name: subscription.business_name,
    from_plan: facts.fromPlan,
    to_plan: facts.toPlan,
    detail: facts.detail,
    effective_date: facts.effectiveDate,
    amount_minor: facts.amountMinor,
    currency: facts.currency,
    occurred_at: at,
  };
}
