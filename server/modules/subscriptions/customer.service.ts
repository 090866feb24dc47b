import type { Kysely } from 'kysely';
import { prorateChange, daysBetween, type ProratedChange } from '~core/subscriptions';
import type { Database } from '~server/db/schema.ts';
import { findPlan, listPlans, type Plan } from './catalogue.service.ts';
import { auditEntry, changeRow } from './history.ts';
import { dayOf, type Actor, type SubscriptionsContext } from './subscriptions.context.ts';
import * as repository from './subscriptions.repository.ts';
import type { PracticeMarket } from '~core/practices';

/*
 * A customer's own subscription (/subscription-changes): they see it, change plan with a
 * prorated preview, or cancel at the end of the period they are in. Only the subscription whose
 * owner is the signed-in person is ever read or changed.
 */

export interface OwnSubscription {
  id: string;
  businessName: string;
  plan: Plan;
  plans: Plan[];
  status: 'invited' | 'active' | 'cancelled';
  billedTo: 'practice' | 'client';
  startDate: string;
  endsOn: string | null;
  /** The next day the bill renews on: the end of the current period. */
  periodEnd: string;
}

export async function findOwnSubscription(
  db: Kysely<Database>,
  owner: Actor,
  now: Date,
): Promise<OwnSubscription | undefined> {
  const row = await repository.findSubscriptionOfOwner(db, owner.id);
  if (!row) return undefined;
  const plans = await listPlans(db, row.market as PracticeMarket);
  const plan = await findPlan(db, row.market, row.plan_code);
  if (!plan) return undefined;
  const today = dayOf(now);
  const onDay = daysBetween(row.start_date, today) < 0 ? row.start_date : today;
  return {
    id: row.id,
    businessName: row.business_name,
    plan,
    plans,
    status: row.status,
    billedTo: row.billed_to,
    startDate: row.start_date,
    endsOn: row.ends_on,
    periodEnd: prorateChange(row.start_date, onDay, 0, 0).period.end,
  };
}

export type PlanChangeOutcome =
  | { kind: 'preview'; change: ProratedChange; from: Plan; to: Plan }
  | { kind: 'changed'; change: ProratedChange; from: Plan; to: Plan }
  | { kind: 'invalid'; field: 'plan'; message: string }
  | { kind: 'none' };

/** The change takes effect today (or on the start day, for one not started yet). */
function effectiveDay(startDate: string, now: Date): string {
  const today = dayOf(now);
  return daysBetween(startDate, today) < 0 ? startDate : today;
}

/**
 * Previews, or with confirm makes, a move to another plan: the new plan from today, the unused
 * part of the old plan credited and the same days of the new one charged.
 */
export async function changeOwnPlan(
  context: SubscriptionsContext,
  owner: Actor,
  planCode: string,
  confirm: boolean,
): Promise<PlanChangeOutcome> {
  const { db, now } = context;
  const row = await repository.findSubscriptionOfOwner(db, owner.id);
  if (!row || row.status !== 'active') return { kind: 'none' };
  const from = await findPlan(db, row.market, row.plan_code);
  const to = await findPlan(db, row.market, planCode);
  if (!from) return { kind: 'none' };
  if (!to || !to.active)
    return { kind: 'invalid', field: 'plan', message: 'Choose one of the plans sold here.' };
  if (to.code === from.code) {
    return {
      kind: 'invalid',
      field: 'plan',
      message: 'That is your plan already: choose another.',
    };
  }
  const effective = effectiveDay(row.start_date, now);
  const change = prorateChange(
    row.start_date,
    effective,
    from.monthlyPriceMinor,
    to.monthlyPriceMinor,
  );
  if (!confirm) return { kind: 'preview', change, from, to };
  const at = now.toISOString();
  const changed = await db.transaction().execute(async (trx) => {
    const current = await repository.findSubscription(trx, row.id);
    // A change made meanwhile (another tab) wins; this one is refused rather than applied twice.
    if (current?.plan_code !== from.code || current.status !== 'active') return false;
    await repository.updateSubscription(trx, row.id, { plan_code: to.code, updated_at: at });
    await repository.insertChanges(trx, [
      changeRow(
        current,
        {
          kind: to.rank > from.rank ? 'upgraded' : 'downgraded',
          fromPlan: from.code,
          toPlan: to.code,
          detail: `Changed by the customer; ${change.daysLeft} of ${change.period.days} days prorated`,
          effectiveDate: effective,
          amountMinor: change.net,
          currency: to.currency,
        },
        at,
      ),
    ]);
    await repository.insertAuditEntries(trx, [
      auditEntry(
        'subscription',
        row.id,
        'plan-changed',
        owner.id,
        {
          from: from.code,
          to: to.code,
          effectiveDate: effective,
          proratedMinor: change.net,
        },
        at,
      ),
    ]);
    return true;
  });
  return changed ? { kind: 'changed', change, from, to } : { kind: 'none' };
}

export type CancelOutcome = { kind: 'cancelled'; endsOn: string } | { kind: 'none' };

/**
 * Cancels at the end of the period the customer is in: they keep the plan until the day before
 * the next renewal, and are not billed again.
 */
export async function cancelOwnSubscription(
  context: SubscriptionsContext,
  owner: Actor,
): Promise<CancelOutcome> {
  const { db, now } = context;
  const row = await repository.findSubscriptionOfOwner(db, owner.id);
  if (!row || row.status !== 'active') return { kind: 'none' };
  const effective = effectiveDay(row.start_date, now);
  const periodEnd = prorateChange(row.start_date, effective, 0, 0).period.end;
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await repository.updateSubscription(trx, row.id, {
      status: 'cancelled',
      ends_on: periodEnd,
      updated_at: at,
    });
    await repository.insertChanges(trx, [
      changeRow(
        row,
        {
          kind: 'cancelled',
          fromPlan: row.plan_code,
          toPlan: null,
          detail: 'Cancelled by the customer at the end of the billing period',
          effectiveDate: periodEnd,
          amountMinor: 0,
          currency: (await findPlan(trx, row.market, row.plan_code))?.currency ?? '',
        },
        at,
      ),
    ]);
    await repository.insertAuditEntries(trx, [
      auditEntry('subscription', row.id, 'cancelled', owner.id, { endsOn: periodEnd }, at),
    ]);
  });
  return { kind: 'cancelled', endsOn: periodEnd };
}

export type ActivationOutcome =
  | { kind: 'activated'; subscriptionId: string }
  | { kind: 'already' }
  | { kind: 'expired' }
  | { kind: 'invalid' };

/** A client follows the invitation's signed link while signed in: the subscription is theirs. */
export async function activateSubscription(
  context: SubscriptionsContext,
  token: string,
  owner: Actor,
): Promise<ActivationOutcome> {
  const { db, now } = context;
  const link = context.signer.read(token, 'activate', now);
  if (link === 'expired') return { kind: 'expired' };
  if (!link) return { kind: 'invalid' };
  const at = now.toISOString();
  const done = await db.transaction().execute(async (trx) => {
    if (!(await repository.activate(trx, link.id, owner.id, at))) return false;
    await repository.insertAuditEntries(trx, [
      auditEntry('subscription', link.id, 'activated', owner.id, { email: owner.email }, at),
    ]);
    return true;
  });
  return done ? { kind: 'activated', subscriptionId: link.id } : { kind: 'already' };
}
