import { randomUUID } from 'node:crypto';
import {
  billingPeriodOn,
  daysBetween,
  formatMoney,
  isIsoDate,
  prorate,
  type BillingPeriod,
} from '~core/subscriptions';
import { queueMail } from '~server/modules/mail';
import { findPlan } from './catalogue.service.ts';
import { auditEntry, changeRow } from './history.ts';
import { expiresAfterDays, TRANSFER_LINK_DAYS } from './subscription-links.ts';
import { subscriptionMail } from './subscription-mail.ts';
import {
  dayOf,
  type Actor,
  type BuyingPractice,
  type SubscriptionsContext,
} from './subscriptions.context.ts';
import * as repository from './subscriptions.repository.ts';
import type { TransferDirection } from './subscriptions.tables.ts';

/*
 * Moving who pays for a client's subscription: onto the practice's wholesale billing, or back to
 * the client's own. The practice asks, the client approves through a signed, expiring link, and
 * the new payer is billed from the effective date. A subscription is in one transfer at a time:
 * a unique index on open transfers decides between two asked at the same moment.
 */

export type TransferField = 'subscription' | 'effectiveDate';

export interface TransferPreview {
  businessName: string;
  direction: TransferDirection;
  effectiveDate: string;
  period: BillingPeriod;
  daysLeft: number;
  /** What the new payer is charged for the rest of the period. */
  proratedMinor: number;
  prorated: string;
  monthly: string;
}

export type TransferOutcome =
  | { kind: 'preview'; preview: TransferPreview }
  | { kind: 'requested'; transferId: string; preview: TransferPreview }
  | { kind: 'busy'; message: string }
  | { kind: 'invalid'; field: TransferField; message: string };

/** Effective dates from today up to 60 days ahead. */
export const MAX_TRANSFER_DAYS_AHEAD = 60;

export async function requestTransfer(
  context: SubscriptionsContext,
  practice: BuyingPractice,
  actor: Actor,
  input: { subscriptionId: string; effectiveDate: string; confirm: boolean },
): Promise<TransferOutcome> {
  const { db, now } = context;
  const subscription = await repository.findSubscription(db, input.subscriptionId);
  // Another practice's client is treated as no client at all: nothing about it is told.
  if (
    !subscription ||
    subscription.practice_id !== practice.id ||
    subscription.status === 'cancelled'
  ) {
    return { kind: 'invalid', field: 'subscription', message: 'Choose one of your clients.' };
  }
  const today = dayOf(now);
  const effective = input.effectiveDate.trim();
  if (!isIsoDate(effective)) {
    return { kind: 'invalid', field: 'effectiveDate', message: 'Enter the date as YYYY-MM-DD.' };
  }
  const ahead = daysBetween(today, effective);
  if (
    ahead < 0 ||
    ahead > MAX_TRANSFER_DAYS_AHEAD ||
    daysBetween(subscription.start_date, effective) < 0
  ) {
    return {
      kind: 'invalid',
      field: 'effectiveDate',
      message: `Choose a day from today, on or after the subscription starts, within ${MAX_TRANSFER_DAYS_AHEAD} days.`,
    };
  }
  const plan = await findPlan(db, subscription.market, subscription.plan_code);
  if (!plan)
    return { kind: 'invalid', field: 'subscription', message: 'Choose one of your clients.' };
  const direction: TransferDirection =
    subscription.billed_to === 'practice' ? 'to-client' : 'to-practice';
  const period = billingPeriodOn(subscription.start_date, effective);
  const daysLeft = daysBetween(effective, period.end);
  const proratedMinor = prorate(plan.monthlyPriceMinor, daysLeft, period.days);
  const preview: TransferPreview = {
    businessName: subscription.business_name,
    direction,
    effectiveDate: effective,
    period,
    daysLeft,
    proratedMinor,
    prorated: formatMoney(proratedMinor, plan.currency),
    monthly: formatMoney(plan.monthlyPriceMinor, plan.currency),
  };
  const busy = {
    kind: 'busy' as const,
    message: `${subscription.business_name} is already waiting to approve a transfer. Wait for their answer before asking again.`,
  };
  // A transfer the client left unanswered past its link's expiry lapses when another is asked.
  const open = await repository.findOpenTransfer(db, subscription.id);
  if (open && Date.parse(open.expires_at) > now.getTime()) return busy;
  if (!input.confirm) return { kind: 'preview', preview };

  const at = now.toISOString();
  const transferId = randomUUID();
  const expiresAt = expiresAfterDays(now, TRANSFER_LINK_DAYS);
  const opened = await db.transaction().execute(async (trx) => {
    if (open && (await repository.closeTransfer(trx, open.id, 'withdrawn', at))) {
      await repository.insertAuditEntries(trx, [
        auditEntry(
          'transfer',
          open.id,
          'transfer-lapsed',
          actor.id,
          { subscription: subscription.id, expiresAt: open.expires_at },
          at,
        ),
      ]);
    }
    const inserted = await repository.insertTransfer(trx, {
      id: transferId,
      subscription_id: subscription.id,
      practice_id: practice.id,
      practice_name: practice.name,
      requested_by: actor.id,
      direction,
      effective_date: effective,
      prorated_minor: proratedMinor,
      status: 'awaiting-client',
      expires_at: expiresAt,
      requested_at: at,
      decided_at: null,
    });
    if (!inserted) return false;
    await repository.insertAuditEntries(trx, [
      auditEntry(
        'transfer',
        transferId,
        'transfer-requested',
        actor.id,
        {
          subscription: subscription.id,
          direction,
          effectiveDate: effective,
          proratedMinor,
        },
        at,
      ),
    ]);
    const payer = direction === 'to-practice' ? practice.name : 'you';
    await queueMail(
      trx,
      [
        subscriptionMail(
          `subscription-transfer:${transferId}`,
          subscription.contact_email,
          `${practice.name} asks to change who pays for your subscription`,
          [
            `Hello ${subscription.business_name},`,
            '',
            `${practice.name} asks that from ${effective} your ${plan.name} subscription is paid by ${payer}.`,
            `For the rest of the billing period (${daysLeft} of ${period.days} days) that is ${preview.prorated}; then ${preview.monthly} a month.`,
            `Approve or decline here (the link works for ${TRANSFER_LINK_DAYS} days):`,
            context.links.transfer(
              context.signer.sign({ purpose: 'transfer', id: transferId, expiresAt }),
            ),
          ],
        ),
      ],
      now,
    );
    return true;
  });
  return opened ? { kind: 'requested', transferId, preview } : busy;
}

export interface TransferToDecide {
  transferId: string;
  practiceId: string;
  businessName: string;
  direction: TransferDirection;
  effectiveDate: string;
  prorated: string;
  status: string;
}

/** The transfer a signed link names, for the client's approval page. */
export async function readTransferLink(
  context: SubscriptionsContext,
  token: string,
): Promise<TransferToDecide | 'expired' | undefined> {
  const link = context.signer.read(token, 'transfer', context.now);
  if (link === undefined || link === 'expired') return link;
  const transfer = await repository.findTransfer(context.db, link.id);
  if (!transfer) return undefined;
  const subscription = await repository.findSubscription(context.db, transfer.subscription_id);
  if (!subscription) return undefined;
  const plan = await findPlan(context.db, subscription.market, subscription.plan_code);
  return {
    transferId: transfer.id,
    practiceId: transfer.practice_id,
    businessName: subscription.business_name,
    direction: transfer.direction,
    effectiveDate: transfer.effective_date,
    prorated: plan ? formatMoney(transfer.prorated_minor, plan.currency) : '',
    status: transfer.status,
  };
}

export type DecisionOutcome =
  | { kind: 'approved' | 'declined' }
  | { kind: 'decided-already' }
  | { kind: 'withdrawn' }
  | { kind: 'expired' }
  | { kind: 'invalid' };

/**
 * The client's answer through the link. Approving moves the billing, writes the history line and
 * the audit entry with the transfer's close, all in one transaction; a second answer, or one to a
 * transfer the practice withdrew, is refused and changes nothing.
 */
export async function decideTransfer(
  context: SubscriptionsContext,
  token: string,
  approve: boolean,
  decidedBy: string,
): Promise<DecisionOutcome> {
  const { db, now } = context;
  const link = context.signer.read(token, 'transfer', now);
  if (link === 'expired') return { kind: 'expired' };
  if (!link) return { kind: 'invalid' };
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const transfer = await repository.findTransfer(trx, link.id);
    if (!transfer) return { kind: 'invalid' as const };
    if (
      !(await repository.closeTransfer(trx, transfer.id, approve ? 'approved' : 'declined', at))
    ) {
      const closed = await repository.findTransfer(trx, transfer.id);
      return closed?.status === 'withdrawn'
        ? { kind: 'withdrawn' as const }
        : { kind: 'decided-already' as const };
    }
    await repository.insertAuditEntries(trx, [
      auditEntry(
        'transfer',
        transfer.id,
        approve ? 'transfer-approved' : 'transfer-declined',
        decidedBy,
        {
          subscription: transfer.subscription_id,
        },
        at,
      ),
    ]);
    if (!approve) return { kind: 'declined' as const };
    const subscription = await repository.findSubscription(trx, transfer.subscription_id);
    if (!subscription) return { kind: 'invalid' as const };
    const billedTo = transfer.direction === 'to-practice' ? 'practice' : 'client';
    await repository.updateSubscription(trx, subscription.id, {
      billed_to: billedTo,
      updated_at: at,
    });
    const plan = await findPlan(trx, subscription.market, subscription.plan_code);
    await repository.insertChanges(trx, [
      changeRow(
        subscription,
        {
          kind: 'transferred',
          fromPlan: subscription.plan_code,
          toPlan: subscription.plan_code,
          detail:
            billedTo === 'practice'
              ? 'Billing moved to the practice, approved by the client'
              : "Billing moved to the client's own account, approved by the client",
          effectiveDate: transfer.effective_date,
          amountMinor: transfer.prorated_minor,
          currency: plan?.currency ?? '',
        },
        at,
      ),
    ]);
    await repository.insertAuditEntries(trx, [
      auditEntry(
        'subscription',
        subscription.id,
        'billing-transferred',
        decidedBy,
        {
          transfer: transfer.id,
          from: subscription.billed_to,
          to: billedTo,
          effectiveDate: transfer.effective_date,
        },
        at,
      ),
    ]);
    return { kind: 'approved' as const };
  });
}
