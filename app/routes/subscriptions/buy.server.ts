import { randomUUID } from 'node:crypto';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router';
import {
  CART_FIELDS,
  MAX_CART_ROWS,
  cartFingerprint,
  cartRowsFromCsv,
  cartRowsFromFields,
  formatMoney,
  orderInvoicePath,
  type CartRow,
  type CheckedRow,
} from '~core/subscriptions';
import { CSRF_REJECTED } from '../kb/csrf.server.ts';
import { notFound } from '../kb/page-data.server.ts';
import { pageToken, requestPath } from '../community/community.server.ts';
import {
  findPracticeOrder,
  listPlans,
  placeOrder,
  practiceAccess,
  withoutPractice,
  reviewOrder,
  subscriptionsContext,
  type OrderReview,
} from './subscriptions.server.ts';

/*
 * Buying for several clients: the cart is typed on the page or imported from CSV, reviewed
 * (every row checked, the totals with the tier discount and the tax), then placed once. The
 * confirmation is the same page with the order's id in the address.
 */

export async function buyLoader({ request, context }: LoaderFunctionArgs) {
  const access = await practiceAccess(context, request);
  if (access.kind !== 'practice') return withoutPractice(access);
  const orderId = new URL(request.url).searchParams.get('order');
  if (orderId) {
    const order = await findPracticeOrder(context.db, access.practice.id, orderId);
    if (!order) notFound();
    const money = (minor: number) => formatMoney(minor, order.totals.currency);
    return {
      kind: 'placed' as const,
      order: {
        number: order.number,
        placedOn: order.placedOn,
        lines: order.lines,
        total: money(order.totals.totalMinor),
        taxNote: order.totals.taxNote,
        invoicePath: orderInvoicePath(order.id),
      },
    };
  }
  const plans = await listPlans(context.db, access.practice.market);
  return {
    kind: 'cart' as const,
    practiceName: access.practice.name,
    plans: plans.map((plan) => ({
      code: plan.code,
      name: plan.name,
      price: formatMoney(plan.monthlyPriceMinor, plan.currency),
    })),
    token: pageToken(),
  };
}

export interface ReviewedTotals {
  /** Each row's monthly price after the discount. */
  lines: string[];
  subtotal: string;
  discountRate: string;
  discount: string;
  net: string;
  taxLabel: string;
  tax: string;
  total: string;
  taxNote: string;
  /** What was reviewed: placing a different cart is refused. */
  fingerprint: string;
}

export interface CartAnswer {
  /** A new one with each answer, so the page shows the rows sent back rather than its own. */
  revision: string;
  rows: CheckedRow[];
  message?: string;
  /** The message is about the CSV file. */
  aboutFile?: boolean;
  /** Present when every row is fine: the review to place the order from. */
  review?: ReviewedTotals;
}

function answer(
  rows: CheckedRow[],
  extra: Omit<CartAnswer, 'revision' | 'rows'> = {},
  status = 200,
) {
  return data<CartAnswer>({ revision: randomUUID(), rows, ...extra }, { status });
}

const unchecked = (rows: readonly CartRow[]): CheckedRow[] =>
  rows.map((row) => ({ row, problems: {} }));

function reviewed(review: OrderReview, rows: readonly CartRow[]): ReviewedTotals {
  const { totals } = review;
  const money = (minor: number) => formatMoney(minor, totals.currency);
  return {
    lines: totals.lines.map((line) => money(line.netMinor)),
    subtotal: money(totals.subtotalMinor),
    discountRate: `${totals.discountBasisPoints / 100}%`,
    discount: money(totals.discountMinor),
    net: money(totals.netMinor),
    taxLabel: totals.taxLabel,
    tax: money(totals.taxMinor),
    total: money(totals.totalMinor),
    taxNote: totals.taxNote,
    fingerprint: cartFingerprint(rows),
  };
}

function problemCount(rows: readonly CheckedRow[]): number {
  return rows.filter((row) => Object.keys(row.problems).length > 0).length;
}

export async function buyAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const strings = (name: string) =>
    form.getAll(name).filter((value): value is string => typeof value === 'string');
  let rows = cartRowsFromFields(
    Object.fromEntries(CART_FIELDS.map((field) => [field, strings(field)])) as Record<
      (typeof CART_FIELDS)[number],
      string[]
    >,
  );
  if (!context.verifyCsrf(form)) {
    return answer(unchecked(rows), { message: CSRF_REJECTED.message }, 403);
  }
  const access = await practiceAccess(context, request);
  if (access.kind !== 'practice') {
    return answer(
      unchecked(rows),
      { message: 'Only a practice’s people can buy for clients.' },
      403,
    );
  }
  const intent = text('intent');
  if (intent === 'import') {
    const file = form.get('csv');
    const csv = file instanceof File && file.size > 0 ? await file.text() : '';
    if (csv === '') {
      return answer(
        unchecked(rows),
        { message: 'Choose a CSV file to import.', aboutFile: true },
        400,
      );
    }
    const imported = cartRowsFromCsv(csv);
    if (imported.fileProblem) {
      return answer(unchecked(rows), { message: imported.fileProblem, aboutFile: true }, 400);
    }
    rows = [...rows, ...imported.rows];
  } else if (intent !== 'review' && intent !== 'place') {
    return answer(
      unchecked(rows),
      { message: 'This form could not be sent. Reload the page.' },
      400,
    );
  }
  if (rows.length === 0) {
    return answer([], { message: 'Add at least one client to the cart.' }, 400);
  }
  const now = context.clock.now();
  const review = await reviewOrder(context.db, access.practice, rows, now);
  const problems = problemCount(review.rows);
  if (!review.ready) {
    return answer(
      review.rows,
      {
        message:
          problems === 0
            ? `A cart holds at most ${MAX_CART_ROWS} clients.`
            : `${problems === 1 ? '1 client needs' : `${problems} clients need`} a correction: see the messages beside the rows.`,
      },
      intent === 'import' ? 200 : 400,
    );
  }
  if (intent !== 'place') return answer(review.rows, { review: reviewed(review, rows) });
  if (text('reviewed') !== cartFingerprint(rows)) {
    return answer(
      review.rows,
      {
        message: 'The cart changed after the review: check the totals, then place the order.',
        review: reviewed(review, rows),
      },
      409,
    );
  }
  const outcome = await placeOrder(
    subscriptionsContext(context),
    access.practice,
    access.actor,
    text('idempotencyKey') || randomUUID(),
    rows,
  );
  if (outcome.kind === 'invalid') {
    return answer(outcome.review.rows, { message: 'Some rows need a correction.' }, 400);
  }
  const here = requestPath(request).split('?')[0] ?? '';
  throw redirect(`${here}?order=${encodeURIComponent(outcome.orderId)}`, 303);
}
