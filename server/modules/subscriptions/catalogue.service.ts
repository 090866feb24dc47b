import type { Kysely } from 'kysely';
import { PRACTICE_MARKETS, type PracticeMarket } from '~core/practices';
import {
  DEFAULT_TIER_DISCOUNTS,
  DISCOUNT_TIERS,
  discountProblem,
  isCurrency,
  type Currency,
  type DiscountTier,
  type TierDiscounts,
} from '~core/subscriptions';
import type { Database } from '~server/db/schema.ts';
import { DEMO_PRICES, MARKET_CURRENCY, PLAN_NAMES, type PlanCode } from './catalogue.ts';
import { auditEntry } from './history.ts';
import * as repository from './subscriptions.repository.ts';

export interface Plan {
  market: PracticeMarket;
  code: string;
  name: string;
  currency: Currency;
  monthlyPriceMinor: number;
  rank: number;
  active: boolean;
}

function planFrom(row: repository.PlanRow): Plan {
  return {
    market: row.market as PracticeMarket,
    code: row.code,
    name: row.name,
    currency: isCurrency(row.currency)
      ? row.currency
      : MARKET_CURRENCY[row.market as PracticeMarket],
    monthlyPriceMinor: row.monthly_price_minor,
    rank: row.rank,
    active: row.active === 1,
  };
}

/** Writes the starting catalogue where a plan is missing; prices staff have set are kept. */
export async function seedSubscriptionCatalogue(db: Kysely<Database>, now: Date): Promise<void> {
  const at = now.toISOString();
  await repository.upsertPlans(
    db,
    PRACTICE_MARKETS.flatMap((market) =>
      (Object.keys(PLAN_NAMES) as PlanCode[]).map((code, rank) => ({
        market,
        code,
        name: PLAN_NAMES[code],
        currency: MARKET_CURRENCY[market],
        monthly_price_minor: DEMO_PRICES[market][code],
        rank,
        active: 1,
        updated_at: at,
      })),
    ),
  );
}

export async function listPlans(
  db: Kysely<Database>,
  market: PracticeMarket,
  options: { includeRetired?: boolean } = {},
): Promise<Plan[]> {
  return (await repository.listPlans(db, market, !options.includeRetired)).map(planFrom);
}

export async function listAllPlans(db: Kysely<Database>): Promise<Plan[]> {
  return (await repository.listAllPlans(db)).map(planFrom);
}

export async function findPlan(db: Kysely<Database>, market: string, code: string) {
  const row = await repository.findPlan(db, market, code);
  return row ? planFrom(row) : undefined;
}

/** The discount of each tier: staff's figure where they set one, the default otherwise. */
export async function tierDiscounts(db: Kysely<Database>): Promise<TierDiscounts> {
  const saved = new Map(
    (await repository.listTierDiscounts(db)).map((row) => [row.tier, row.basis_points]),
  );
  return Object.fromEntries(
    DISCOUNT_TIERS.map((tier) => [tier, saved.get(tier) ?? DEFAULT_TIER_DISCOUNTS[tier]]),
  ) as Record<DiscountTier, number>;
}

export type StaffChangeOutcome = { kind: 'saved' } | { kind: 'invalid'; message: string };

export async function setTierDiscount(
  db: Kysely<Database>,
  staffId: string,
  tier: DiscountTier,
  basisPoints: number,
  now: Date,
): Promise<StaffChangeOutcome> {
  const problem = discountProblem(basisPoints);
  if (problem) return { kind: 'invalid', message: problem };
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const before = (await tierDiscounts(trx))[tier];
    await repository.saveTierDiscount(trx, tier, basisPoints, at);
    await repository.insertAuditEntries(trx, [
      auditEntry('discount', tier, 'discount-changed', staffId, { before, after: basisPoints }, at),
    ]);
  });
  return { kind: 'saved' };
}

export async function setPlanPrice(
  db: Kysely<Database>,
  staffId: string,
  plan: { market: string; code: string; priceMinor: number; active: boolean },
  now: Date,
): Promise<StaffChangeOutcome> {
  if (!Number.isSafeInteger(plan.priceMinor) || plan.priceMinor <= 0) {
    return { kind: 'invalid', message: 'Enter a price above zero.' };
  }
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const before = await repository.findPlan(trx, plan.market, plan.code);
    if (!before) return { kind: 'invalid', message: 'That plan is not in the catalogue.' };
    await repository.updatePlanPrice(trx, plan.market, plan.code, plan.priceMinor, plan.active, at);
    await repository.insertAuditEntries(trx, [
      auditEntry(
        'plan',
        `${plan.market}:${plan.code}`,
        'price-changed',
        staffId,
        {
          before: { price: before.monthly_price_minor, active: before.active === 1 },
          after: { price: plan.priceMinor, active: plan.active },
        },
        at,
      ),
    ]);
    return { kind: 'saved' };
  });
}
