import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  checkCart,
  cartIsReady,
  discountFor,
  formatMoney,
  orderTotals,
  taxRuleFor,
  type CartRow,
  type CheckedRow,
  type OrderTotals,
} from '~core/subscriptions';
import type { Database } from '~server/db/schema.ts';
import { queueMail } from '~server/modules/mail';
import { recordPartnerEventsWithin } from '~server/modules/partners';
import { MARKET_CURRENCY } from './catalogue.ts';
import { listPlans, tierDiscounts, type Plan } from './catalogue.service.ts';
import { auditEntry, changeRow } from './history.ts';
import { invoicePdf } from './invoice-pdf.ts';
import { ACTIVATION_LINK_DAYS, expiresAfterDays } from './subscription-links.ts';
import { subscriptionMail } from './subscription-mail.ts';
import {
  dayOf,
  type Actor,
  type BuyingPractice,
  type SubscriptionsContext,
} from './subscriptions.context.ts';
import * as repository from './subscriptions.repository.ts';

export interface OrderReview {
  rows: CheckedRow[];
  ready: boolean;
  plans: Plan[];
  /** The totals of the rows as typed (rows with a plan not sold here count nothing). */
  totals: OrderTotals;
}

/** The cart checked row by row, and its totals with the practice's discount and the tax. */
export async function reviewOrder(
  db: Kysely<Database>,
  practice: BuyingPractice,
  rows: readonly CartRow[],
  now: Date,
): Promise<OrderReview> {
  const plans = await listPlans(db, practice.market);
  const prices = new Map(plans.map((plan) => [plan.code, plan.monthlyPriceMinor]));
  const checked = checkCart(rows, new Set(prices.keys()), dayOf(now));
  const discount = discountFor(practice.tier, await tierDiscounts(db));
  const totals = orderTotals(
    MARKET_CURRENCY[practice.market],
    rows.map((row) => ({ unitPriceMinor: prices.get(row.plan.trim()) ?? 0 })),
    discount,
    taxRuleFor(practice.market),
  );
  return { rows: checked, ready: cartIsReady(checked), plans, totals };
}

export type OrderOutcome =
  | { kind: 'placed'; orderId: string; number: string }
  /** The same form sent again: the order it placed the first time. */
  | { kind: 'again'; orderId: string; number: string }
  | { kind: 'invalid'; review: OrderReview };

/**
 * Places the practice's order in one transaction: the order and its lines, a subscription per
 * client (invited, billed to the practice), their history and audit entries, the invoice to the
 * buyer and an invitation to each client through the outbox, and the buyer's programme points,
 * each counted once by its subscription.
 */
export async function placeOrder(
  context: SubscriptionsContext,
  practice: BuyingPractice,
  buyer: Actor,
  requestKey: string,
  rows: readonly CartRow[],
): Promise<OrderOutcome> {
  const { db, now } = context;
  const earlier = await repository.findOrderByRequestKey(db, requestKey);
  if (earlier) return { kind: 'again', orderId: earlier.id, number: earlier.number };
  const review = await reviewOrder(db, practice, rows, now);
  if (!review.ready) return { kind: 'invalid', review };

  const at = now.toISOString();
  const orderId = randomUUID();
  const number = `SO-${dayOf(now).replaceAll('-', '')}-${orderId.slice(0, 6).toUpperCase()}`;
  const { totals } = review;
  const currency = totals.currency;
  const lines = rows.map((row, index) => ({
    subscriptionId: randomUUID(),
    row: {
      businessName: row.businessName.trim(),
      email: row.email.trim(),
      plan: row.plan.trim(),
      startDate: row.startDate.trim(),
    },
    priced: totals.lines[index]!,
  }));
  const planName = new Map(review.plans.map((plan) => [plan.code, plan.name]));

  // Drawn before the transaction opens, so the write locks are held only for the writes.
  const invoice = Buffer.from(
    await invoicePdf({
      number,
      placedOn: dayOf(now),
      practiceName: practice.name,
      currency,
      totals,
      lines: lines.map(({ row }) => ({
        client: row.businessName,
        plan: planName.get(row.plan) ?? row.plan,
        startDate: row.startDate,
      })),
    }),
  ).toString('base64');
  const placed = await db.transaction().execute(async (trx) => {
    const inserted = await repository.insertOrder(trx, {
      id: orderId,
      number,
      practice_id: practice.id,
      practice_name: practice.name,
      placed_by: buyer.id,
      request_key: requestKey,
      market: practice.market,
      currency,
      subtotal_minor: totals.subtotalMinor,
      discount_minor: totals.discountMinor,
      discount_basis_points: totals.discountBasisPoints,
      tax_minor: totals.taxMinor,
      tax_label: totals.taxLabel,
      total_minor: totals.totalMinor,
      placed_at: at,
    });
    if (!inserted) return false;
    const subscriptions = lines.map(({ subscriptionId, row }) => ({
      id: subscriptionId,
      market: practice.market,
      plan_code: row.plan,
      business_name: row.businessName,
      contact_email: row.email,
      owner_user_id: null,
      practice_id: practice.id,
      billed_to: 'practice' as const,
      status: 'invited' as const,
      start_date: row.startDate,
      ends_on: null,
      order_id: orderId,
      created_at: at,
      updated_at: at,
    }));
    await repository.insertSubscriptions(trx, subscriptions);
    await repository.insertOrderLines(
      trx,
      lines.map(({ subscriptionId, row, priced }, index) => ({
        order_id: orderId,
        line: index + 1,
        subscription_id: subscriptionId,
        business_name: row.businessName,
        contact_email: row.email,
        plan_code: row.plan,
        start_date: row.startDate,
        unit_price_minor: priced.unitPriceMinor,
        discount_minor: priced.discountMinor,
        net_minor: priced.netMinor,
      })),
    );
    await repository.insertChanges(
      trx,
      subscriptions.map((subscription, index) =>
        changeRow(
          subscription,
          {
            kind: 'new',
            fromPlan: null,
            toPlan: subscription.plan_code,
            detail: `Bought by ${practice.name} on order ${number}`,
            effectiveDate: subscription.start_date,
            amountMinor: lines[index]!.priced.netMinor,
            currency,
          },
          at,
        ),
      ),
    );
    await repository.insertAuditEntries(trx, [
      auditEntry(
        'order',
        orderId,
        'order-placed',
        buyer.id,
        {
          number,
          practice: practice.id,
          clients: lines.length,
          totalMinor: totals.totalMinor,
          currency,
        },
        at,
      ),
      ...subscriptions.map((subscription) =>
        auditEntry(
          'subscription',
          subscription.id,
          'created',
          buyer.id,
          {
            order: number,
            plan: subscription.plan_code,
            billedTo: 'practice',
            startDate: subscription.start_date,
          },
          at,
        ),
      ),
    ]);
    const expiresAt = expiresAfterDays(now, ACTIVATION_LINK_DAYS);
    await queueMail(
      trx,
      [
        subscriptionMail(
          `subscription-order:${orderId}`,
          buyer.email,
          `Invoice ${number} for ${lines.length} client subscriptions`,
          [
            `Hello ${buyer.name},`,
            '',
            `${practice.name} ordered ${lines.length} subscriptions. The invoice is attached.`,
            `Total: ${formatMoney(totals.totalMinor, currency)} (${totals.taxNote})`,
            'Each client has been sent an invitation to activate their subscription.',
          ],
          [
            {
              filename: `${number}.pdf`,
              contentType: 'application/pdf',
              encoding: 'base64',
              content: invoice,
            },
          ],
        ),
        ...lines.map(({ subscriptionId, row }) =>
          subscriptionMail(
            `subscription-invitation:${subscriptionId}`,
            row.email,
            `${practice.name} set up your subscription`,
            [
              `Hello ${row.businessName},`,
              '',
              `${practice.name} has bought you a ${planName.get(row.plan) ?? row.plan} subscription, starting ${row.startDate}. They pay for it.`,
              'Activate it with your own sign-in here (the link works for 30 days):',
              context.links.activate(
                context.signer.sign({ purpose: 'activate', id: subscriptionId, expiresAt }),
              ),
            ],
          ),
        ),
      ],
      now,
    );
    await recordPartnerEventsWithin(
      trx,
      lines.map(({ subscriptionId, row }) => ({
        userId: buyer.id,
        kind: 'client-subscription-added' as const,
        sourceEvent: `subscription:${subscriptionId}`,
        subject: row.businessName,
        occurredAt: now,
      })),
    );
    return true;
  });
  if (!placed) {
    const winner = await repository.findOrderByRequestKey(db, requestKey);
    return { kind: 'again', orderId: winner?.id ?? orderId, number: winner?.number ?? number };
  }
  return { kind: 'placed', orderId, number };
}
