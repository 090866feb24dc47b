import type { Kysely } from 'kysely';
import { isCurrency, taxRuleFor, type OrderTotals } from '~core/subscriptions';
import type { PracticeMarket } from '~core/practices';
import type { Database } from '~server/db/schema.ts';
import { findPlan } from './catalogue.service.ts';
import { invoicePdf } from './invoice-pdf.ts';
import * as repository from './subscriptions.repository.ts';

/*
 * An order as its practice sees it after placing it: the confirmation's summary and the invoice
 * PDF drawn again from what was stored. Another practice's order is no order at all.
 */

export interface PracticeOrder {
  id: string;
  number: string;
  placedOn: string;
  totals: OrderTotals;
  lines: { businessName: string; email: string; plan: string; startDate: string }[];
}

export async function findPracticeOrder(
  db: Kysely<Database>,
  practiceId: string,
  orderId: string,
): Promise<PracticeOrder | undefined> {
  const order = await repository.findOrder(db, orderId);
  if (order?.practice_id !== practiceId || !isCurrency(order.currency)) return undefined;
  const rows = await repository.listOrderLines(db, order.id);
  const lines = await Promise.all(
    rows.map(async (row) => ({
      businessName: row.business_name,
      email: row.contact_email,
      plan: (await findPlan(db, order.market, row.plan_code))?.name ?? row.plan_code,
      startDate: row.start_date,
    })),
  );
  return {
    id: order.id,
    number: order.number,
    placedOn: order.placed_at.slice(0, 10),
    lines,
    totals: {
      currency: order.currency,
      lines: rows.map((row) => ({
        unitPriceMinor: row.unit_price_minor,
        discountMinor: row.discount_minor,
        netMinor: row.net_minor,
      })),
      subtotalMinor: order.subtotal_minor,
      discountMinor: order.discount_minor,
      netMinor: order.subtotal_minor - order.discount_minor,
      taxMinor: order.tax_minor,
      totalMinor: order.total_minor,
      taxLabel: order.tax_label,
      taxNote: taxRuleFor(order.market as PracticeMarket).note,
      discountBasisPoints: order.discount_basis_points,
    },
  };
}

/** The order's invoice, as e-mailed to the buyer when it was placed. */
export async function orderInvoice(
  db: Kysely<Database>,
  practiceId: string,
  orderId: string,
  practiceName: string,
): Promise<{ number: string; pdf: Uint8Array } | undefined> {
  const order = await findPracticeOrder(db, practiceId, orderId);
  if (!order) return undefined;
  const pdf = await invoicePdf({
    number: order.number,
    placedOn: order.placedOn,
    practiceName,
    currency: order.totals.currency,
    totals: order.totals,
    lines: order.lines.map((line) => ({
      client: line.businessName,
      plan: line.plan,
      startDate: line.startDate,
    })),
  });
  return { number: order.number, pdf };
}
