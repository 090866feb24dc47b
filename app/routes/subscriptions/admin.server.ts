import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router';
import {
  DISCOUNT_TIERS,
  formatMoney,
  isDiscountTier,
  MINOR_DIGITS,
  pageCursorFrom,
  pageSearch,
  parseMoney,
  percentToBasisPoints,
  type KeysetPage,
} from '~core/subscriptions';
import { CSRF_REJECTED } from '../kb/csrf.server.ts';
import { notFound } from '../kb/page-data.server.ts';
import { done, rejected, requestPath, signInRedirect } from '../community/community.server.ts';
import {
  listAllPlans,
  setPlanPrice,
  staffAudit,
  staffOrders,
  staffTransfers,
  setTierDiscount,
  tierDiscounts,
} from './subscriptions.server.ts';

/*
 * Staff's page of the subscriptions: plans and prices by market, the discount of each programme
 * tier, and every practice's orders, transfers and audit entries, paged newest first. Every change is
 * audited by the services in its own transaction.
 */

/** Staff only: a guest signs in first, anyone else without the setup permission gets a 404. */
function staffOf(request: Request, context: LoaderFunctionArgs['context']): string {
  if (context.viewer.isGuest) throw signInRedirect(context, requestPath(request));
  if (!context.viewer.user.canViewSetup) notFound();
  return context.viewer.user.id;
}

/** A page of one of staff's lists with the addresses of its older and newer pages. */
export interface StaffList<Row> {
  rows: Row[];
  older?: string;
  newer?: string;
}

export async function subscriptionsAdminLoader({ request, context }: LoaderFunctionArgs) {
  staffOf(request, context);
  const discounts = await tierDiscounts(context.db);
  const params = new URL(request.url).searchParams;
  // Each list pages on its own; its links keep the others' pages and land back on the list.
  const listed = async <Row>(
    list: string,
    read: (cursor: ReturnType<typeof pageCursorFrom>) => Promise<KeysetPage<Row>>,
  ): Promise<StaffList<Row>> => {
    const page = await read(pageCursorFrom(params, list));
    const href = (direction: 'older' | 'newer', key: NonNullable<typeof page.older>) =>
      `${pageSearch(params, list, direction, key)}#${list}-heading`;
    return {
      rows: page.rows,
      ...(page.older ? { older: href('older', page.older) } : {}),
      ...(page.newer ? { newer: href('newer', page.newer) } : {}),
    };
  };
  return {
    plans: (await listAllPlans(context.db)).map((plan) => ({
      market: plan.market,
      code: plan.code,
      name: plan.name,
      currency: plan.currency,
      price: formatMoney(plan.monthlyPriceMinor, plan.currency),
      amount: (plan.monthlyPriceMinor / 10 ** MINOR_DIGITS[plan.currency]).toFixed(
        MINOR_DIGITS[plan.currency],
      ),
      active: plan.active,
    })),
    discounts: DISCOUNT_TIERS.map((tier) => ({ tier, percent: String(discounts[tier] / 100) })),
    orders: await listed('orders', (cursor) => staffOrders(context.db, cursor)),
    transfers: await listed('transfers', (cursor) => staffTransfers(context.db, cursor)),
    audit: await listed('audit', (cursor) => staffAudit(context.db, cursor)),
  };
}

export async function subscriptionsAdminAction({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const formId = text('formId');
  const values = { price: text('price'), percent: text('percent') };
  if (!context.verifyCsrf(form)) return rejected(formId, CSRF_REJECTED.message, values, 403);
  const staffId = staffOf(request, context);
  const now = context.clock.now();
  if (text('intent') === 'discount') {
    const tier = text('tier');
    const basisPoints = percentToBasisPoints(values.percent);
    if (!isDiscountTier(tier)) return rejected(formId, 'Choose one of the tiers.', values, 400);
    const outcome =
      basisPoints === undefined
        ? { kind: 'invalid' as const, message: 'Enter the discount as a percentage, like 12.5.' }
        : await setTierDiscount(context.db, staffId, tier, basisPoints, now);
    return outcome.kind === 'saved'
      ? done(formId, `The ${tier} discount is now ${values.percent.trim().replace(/\s*%$/, '')}%.`)
      : rejected(formId, outcome.message, values, 400);
  }
  const plan = (await listAllPlans(context.db)).find(
    (candidate) => candidate.market === text('market') && candidate.code === text('code'),
  );
  if (!plan) return rejected(formId, 'That plan is not in the catalogue.', values, 400);
  const priceMinor = parseMoney(values.price, plan.currency);
  const outcome =
    priceMinor === undefined
      ? { kind: 'invalid' as const, message: 'Enter the monthly price, like 65 or 65.50.' }
      : await setPlanPrice(
          context.db,
          staffId,
          { market: plan.market, code: plan.code, priceMinor, active: form.get('active') === 'on' },
          now,
        );
  return outcome.kind === 'saved'
    ? done(formId, `Saved ${plan.market} ${plan.name}.`)
    : rejected(formId, outcome.message, values, 400);
}
