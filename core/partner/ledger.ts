import { PARTNER_TIERS, type PartnerTier, type RankedPartnerTier } from './tiers.ts';

/**
 * The points ledger's rules (docs/partner-programme.md): entries are only ever appended, the
 * balance is their sum, and points are spent and expire oldest first.
 */

export const LEDGER_ENTRY_KINDS = ['earned', 'redeemed', 'expired', 'adjusted'] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

export const LEDGER_ENTRY_LABELS: Readonly<Record<LedgerEntryKind, string>> = {
  earned: 'Earned',
  redeemed: 'Redeemed',
  expired: 'Expired',
  adjusted: 'Adjusted',
};

export function isLedgerEntryKind(value: unknown): value is LedgerEntryKind {
  return LEDGER_ENTRY_KINDS.some((kind) => kind === value);
}

/**
 * Spending points on a reward does not cost the partner their tier: tier points are everything
 * but redemptions, while the balance to spend is every entry.
 */
export function countsTowardsTier(kind: LedgerEntryKind): boolean {
  return kind !== 'redeemed';
}

/** Points at which each ranked tier starts, as the programme configures them. */
export type TierThresholds = Readonly<Record<RankedPartnerTier, number>>;

const RANKED: readonly RankedPartnerTier[] = ['starter', 'bronze', 'silver', 'gold', 'platinum'];

/**
 * The tier for a number of tier points: 'none' until the partner has any, then the highest tier
 * whose threshold they reach (starter at least, whatever its threshold).
 */
export function tierForPoints(points: number, thresholds: TierThresholds): PartnerTier {
  if (points <= 0) return 'none';
  let tier: RankedPartnerTier = 'starter';
  for (const candidate of RANKED) if (points >= thresholds[candidate]) tier = candidate;
  return tier;
}

/** Whether moving from one tier to another is a promotion, which the partner is shown. */
export function isPromotion(from: PartnerTier, to: PartnerTier): boolean {
  return PARTNER_TIERS.indexOf(to) > PARTNER_TIERS.indexOf(from);
}

/** The thresholds must rise with the tiers, or a partner could skip one. */
export function thresholdsProblem(thresholds: TierThresholds): string | null {
  for (const [index, tier] of RANKED.entries()) {
    const value = thresholds[tier];
    if (!Number.isInteger(value) || value < 0) {
      return `The ${tier} threshold must be a whole number of points, 0 or more.`;
    }
    const before = index === 0 ? undefined : RANKED[index - 1];
    if (before !== undefined && value <= thresholds[before]) {
      return `The ${tier} threshold must be above the ${before} threshold.`;
    }
  }
  return null;
}

export interface LedgerEntry {
  id: string;
  kind: LedgerEntryKind;
  /** Positive for earned points, negative for redeemed and expired; either for adjustments. */
  points: number;
  /** ISO time. */
  occurredAt: string;
  /** ISO time the points of a positive entry lapse; null when they never do. */
  expiresAt: string | null;
}

/** What is left of one credit once the debits have taken the oldest points first. */
export interface PointsLot {
  entryId: string;
  remaining: number;
  expiresAt: string | null;
}

/**
 * Every debit (a redemption, an expiry, a negative adjustment) takes points from the oldest
 * credits first, so the points that lapse next are the ones still unspent. Entries are taken in
 * the order they happened.
 */
export function remainingLots(entries: readonly LedgerEntry[]): PointsLot[] {
  const ordered = [...entries].sort(
    (a, b) => a.occurredAt.localeCompare(b.occurredAt) || a.id.localeCompare(b.id),
  );
  const lots: PointsLot[] = [];
  let debt = 0;
  for (const entry of ordered) {
    if (entry.points > 0) {
      lots.push({ entryId: entry.id, remaining: entry.points, expiresAt: entry.expiresAt });
    } else {
      debt -= entry.points;
    }
  }
  for (const lot of lots) {
    const taken = Math.min(lot.remaining, debt);
    lot.remaining -= taken;
    debt -= taken;
  }
  return lots.filter((lot) => lot.remaining > 0);
}

/** The lots whose points have lapsed by the given time and have not been expired yet. */
export function lotsDueToExpire(entries: readonly LedgerEntry[], at: Date): PointsLot[] {
  const now = at.toISOString();
  return remainingLots(entries).filter((lot) => lot.expiresAt !== null && lot.expiresAt <= now);
}

/** The lots that lapse after now and within the given number of days, soonest first. */
export function lotsExpiringWithin(
  entries: readonly LedgerEntry[],
  now: Date,
  days: number,
): PointsLot[] {
  const from = now.toISOString();
  const until = new Date(now.getTime() + days * 24 * 60 * 60 * 1000).toISOString();
  return remainingLots(entries)
    .filter((lot) => lot.expiresAt !== null && lot.expiresAt > from && lot.expiresAt <= until)
    .sort((a, b) => (a.expiresAt ?? '').localeCompare(b.expiresAt ?? ''));
}

/** When points earned at a time lapse: null when the rule's points never do. */
export function expiryOf(earnedAt: Date, validDays: number | null): string | null {
  if (validDays === null) return null;
  return new Date(earnedAt.getTime() + validDays * 24 * 60 * 60 * 1000).toISOString();
}
