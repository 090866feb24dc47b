/**
 * The partner tier and points programme (spec 3 'Partner tier data', 'Tier definitions'; 4
 * 'Points widget'). Tier names arrive in any case from the server and are matched
 * case-insensitively.
 */
export const PARTNER_TIERS = ['none', 'starter', 'bronze', 'silver', 'gold', 'platinum'] as const;

export type PartnerTier = (typeof PARTNER_TIERS)[number];

/** The tiers that have a definition: 'none' is a partner with no points yet. */
export type RankedPartnerTier = Exclude<PartnerTier, 'none'>;

export interface TierDefinition {
  tier: RankedPartnerTier;
  label: string;
  /** The label of the tier after this one (the spec's 'Next tier' column); null at the top. */
  nextTierLabel: string | null;
  nextTier: RankedPartnerTier | null;
  /** A static image under public/img (spec 5 'Images': resolved as a static image). */
  badgeImage: string;
  badgeAlt: string;
}

/*
 * The spec gives only starter's label ('Partner'); the others are the tier names capitalised,
 * which is what their 'Next tier' column already calls them.
 */
const LABELS: Readonly<Record<RankedPartnerTier, string>> = {
  starter: 'Partner',
  bronze: 'Bronze',
  silver: 'Silver',
  gold: 'Gold',
  platinum: 'Platinum',
};

const NEXT: Readonly<Record<RankedPartnerTier, RankedPartnerTier | null>> = {
  starter: 'bronze',
  bronze: 'silver',
  silver: 'gold',
  gold: 'platinum',
  platinum: null,
};

/** The tier a server value names, whatever its case and surrounding spaces; undefined if none. */
export function parsePartnerTier(value: string | null | undefined): PartnerTier | undefined {
  if (typeof value !== 'string') return undefined;
  const normalised = value.trim().toLowerCase();
  return PARTNER_TIERS.find((tier) => tier === normalised);
}

export function tierDefinition(tier: RankedPartnerTier): TierDefinition {
  const label = LABELS[tier];
  const next = NEXT[tier];
  return {
    tier,
    label,
    nextTier: next,
    nextTierLabel: next === null ? null : LABELS[next],
    badgeImage: `tier_badges/${tier}.svg`,
    badgeAlt: `${label} tier badge`,
  };
}

/** The definition for a server value, or undefined for 'none' and for unknown names. */
export function tierDefinitionOf(value: string | null | undefined): TierDefinition | undefined {
  const tier = parsePartnerTier(value);
  return tier === undefined || tier === 'none' ? undefined : tierDefinition(tier);
}

/** The tier that follows: none leads to starter, platinum to nothing. */
export function nextPartnerTier(tier: PartnerTier): RankedPartnerTier | null {
  return tier === 'none' ? 'starter' : NEXT[tier];
}

/** What celebratePartnerTier answers (spec 3 'Partner tier data'). */
export interface PartnerTierData {
  partnerTierAcknowledged: boolean;
  partnerTier: string;
  partnerTierDetails: PartnerTierDetails | null;
  partnerPointsBalance: number;
  partnerPointsRequired: number;
  partnerTierPointsThreshold: number;
}

/** The server's view of the tier; the browser replaces it with the local definition. */
export interface PartnerTierDetails {
  tier: PartnerTier;
  pointsThreshold: number;
  nextTier: RankedPartnerTier | null;
  nextTierPointsThreshold: number | null;
}

export type PointsWidgetState =
  | { kind: 'hidden' }
  | { kind: 'no-points' }
  | {
      kind: 'points';
      balance: number;
      progress: number;
      total: number;
      definition: TierDefinition;
    };

/**
 * Spec 4 'Points widget': hidden without a tier or a numeric balance, the no-points message for
 * tier 'none', otherwise the balance and progress towards the next tier.
 */
export function pointsWidgetState(data: PartnerTierData | null | undefined): PointsWidgetState {
  if (!data) return { kind: 'hidden' };
  const tier = parsePartnerTier(data.partnerTier);
  if (tier === undefined) return { kind: 'hidden' };
  const balance = data.partnerPointsBalance;
  if (typeof balance !== 'number' || Number.isNaN(balance)) return { kind: 'hidden' };
  if (tier === 'none') return { kind: 'no-points' };
  const progress = balance - data.partnerTierPointsThreshold;
  return {
    kind: 'points',
    balance,
    progress,
    total: progress + data.partnerPointsRequired,
    definition: tierDefinition(tier),
  };
}
