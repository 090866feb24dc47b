import type { Currency } from '~core/subscriptions';
import type { PracticeMarket } from '~core/practices';

/*
 * The catalogue a new portal starts with: three plans in every market, priced net of tax in the
 * market's currency. Staff change prices on the admin page; a later start keeps their prices.
 */

export const MARKET_CURRENCY: Readonly<Record<PracticeMarket, Currency>> = {
  AU: 'AUD',
  NZ: 'NZD',
  UK: 'GBP',
  US: 'USD',
  CA: 'CAD',
  ZA: 'ZAR',
  SG: 'SGD',
};

export const PLAN_NAMES = { starter: 'Starter', standard: 'Standard', premium: 'Premium' } as const;

export type PlanCode = keyof typeof PLAN_NAMES;

export const DEMO_PRICES: Readonly<Record<PracticeMarket, Readonly<Record<PlanCode, number>>>> = {
  AU: { starter: 3_500, standard: 6_500, premium: 9_000 },
  NZ: { starter: 3_300, standard: 6_100, premium: 8_500 },
  UK: { starter: 1_500, standard: 3_000, premium: 4_200 },
  US: { starter: 2_000, standard: 4_700, premium: 8_000 },
  CA: { starter: 2_500, standard: 5_000, premium: 7_500 },
  ZA: { starter: 36_900, standard: 64_900, premium: 99_900 },
  SG: { starter: 3_200, standard: 5_800, premium: 8_900 },
};
