/*
 * The partner discount on wholesale orders, by the practice's programme tier. Staff change the
 * figures on the admin page; these are the defaults a new portal starts with.
 */
import { PARTNER_TIERS, type RankedPartnerTier } from '../partner/index.ts';
import { applyRate } from './money.ts';

/** The programme's ranked tiers: a practice with no points yet ('none') gets no discount. */
export const DISCOUNT_TIERS: readonly RankedPartnerTier[] = PARTNER_TIERS.filter(
  (tier): tier is RankedPartnerTier => tier !== 'none',
);

export type DiscountTier = RankedPartnerTier;

export type TierDiscounts = Readonly<Record<DiscountTier, number>>;

/** Basis points off the net price: 5 % for a starter practice up to 25 % for platinum. */
export const DEFAULT_TIER_DISCOUNTS: TierDiscounts = {
  starter: 500,
  bronze: 1000,
  silver: 1500,
  gold: 2000,
  platinum: 2500,
};

export function isDiscountTier(value: unknown): value is DiscountTier {
  return typeof value === 'string' && (DISCOUNT_TIERS as readonly string[]).includes(value);
}

/** The discount's basis points for a tier; a practice with no ranked tier gets none. */
export function discountFor(tier: string, discounts: TierDiscounts): number {
  return isDiscountTier(tier) ? discounts[tier] : 0;
}

/** A discount is whole basis points from 0 to 100 %; the message names what is wrong. */
export function discountProblem(basisPoints: number): string | undefined {
  return Number.isInteger(basisPoints) && basisPoints >= 0 && basisPoints <= 10_000
    ? undefined
    : 'A discount is a percentage from 0 to 100 with at most two decimals.';
}

/** The amount taken off a net price, rounded once. */
export function discountOn(netMinor: number, basisPoints: number): number {
  return applyRate(netMinor, basisPoints);
}

/** A typed percentage ('15', '12.5', '7.25 %') as basis points; undefined when it is not one. */
export function percentToBasisPoints(text: string): number | undefined {
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?\s*%?$/.exec(text.trim());
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
