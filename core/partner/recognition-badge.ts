import { escapeHtml } from '../content/index.ts';
import { VARIANT_ROOT } from '../routes/index.ts';
import { tierDefinition, type RankedPartnerTier } from './tiers.ts';

/*
 * The recognition badge: a partner's tier as an embeddable SVG and as an Open Badges 2.0
 * assertion with hosted verification. The assertion lives at its own address; a verifier
 * fetches it there and learns whether it still stands.
 */

const BADGE_ROOT = `${VARIANT_ROOT.aura}/RecognitionBadge`;

export const RECOGNITION_BADGE_PATTERNS = {
  assertion: `${BADGE_ROOT}/assertions/:assertionId`,
  image: `${BADGE_ROOT}/assertions/:assertionId/badge.svg`,
  badgeClass: `${BADGE_ROOT}/tiers/:tier`,
  issuer: `${BADGE_ROOT}/issuer`,
} as const;

export const recognitionBadgePaths = {
  page: (assertionId: string) => `${BADGE_ROOT}?badge=${encodeURIComponent(assertionId)}`,
  assertion: (assertionId: string) =>
    RECOGNITION_BADGE_PATTERNS.assertion.replace(':assertionId', encodeURIComponent(assertionId)),
  image: (assertionId: string) =>
    RECOGNITION_BADGE_PATTERNS.image.replace(':assertionId', encodeURIComponent(assertionId)),
  badgeClass: (tier: RankedPartnerTier) =>
    RECOGNITION_BADGE_PATTERNS.badgeClass.replace(':tier', tier),
  issuer: () => RECOGNITION_BADGE_PATTERNS.issuer,
};

const TIER_COLOURS: Readonly<Record<RankedPartnerTier, { fill: string; text: string }>> = {
  starter: { fill: '#1f5f8b', text: '#ffffff' },
  bronze: { fill: '#7a4a22', text: '#ffffff' },
  silver: { fill: '#5d6670', text: '#ffffff' },
  gold: { fill: '#8a6a00', text: '#ffffff' },
  platinum: { fill: '#3b3f58', text: '#ffffff' },
};

/** The badge's name: 'Gold partner', 'Partner' for starter. */
export function badgeName(tier: RankedPartnerTier, brand: string): string {
  const label = tierDefinition(tier).label;
  return tier === 'starter' ? `${brand} Partner` : `${brand} ${label} partner`;
}

/**
 * The badge as a self-contained SVG: a titled image (its accessible name), the tier's colour,
 * and the text of a revoked badge saying so.
 */
export function badgeSvg(badge: {
  tier: RankedPartnerTier;
  brand: string;
  earner: string;
  revoked: boolean;
}): string {
  const colours = TIER_COLOURS[badge.tier];
  const name = badgeName(badge.tier, badge.brand);
  const title = badge.revoked ? `${name} (revoked)` : `${name}: ${badge.earner}`;
  const fill = badge.revoked ? '#6b6b6b' : colours.fill;
  const lines = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="96" viewBox="0 0 240 96" role="img" aria-labelledby="badge-title">`,
    `<title id="badge-title">${escapeHtml(title)}</title>`,
    `<rect width="240" height="96" rx="12" fill="${fill}"/>`,
    `<circle cx="48" cy="48" r="30" fill="none" stroke="${colours.text}" stroke-width="4"/>`,
    `<path d="M34 49l10 10 20-22" fill="none" stroke="${colours.text}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>`,
    `<text x="90" y="42" fill="${colours.text}" font-family="system-ui, sans-serif" font-size="16" font-weight="700">${escapeHtml(badge.brand)}</text>`,
    `<text x="90" y="66" fill="${colours.text}" font-family="system-ui, sans-serif" font-size="15">${escapeHtml(
      badge.revoked ? 'Revoked' : `${tierDefinition(badge.tier).label} partner`,
    )}</text>`,
    `</svg>`,
  ];
  return lines.join('');
}

const OPEN_BADGES_CONTEXT = 'https://w3id.org/openbadges/v2';

/** Open Badges 2.0 Profile of the issuer: the portal's owner. */
export function issuerDocument(site: { siteUrl: string; brand: string }) {
  return {
    '@context': OPEN_BADGES_CONTEXT,
    type: 'Issuer',
    id: new URL(recognitionBadgePaths.issuer(), site.siteUrl).href,
    name: site.brand,
    url: site.siteUrl,
  };
}

/** Open Badges 2.0 BadgeClass of a tier. */
export function badgeClassDocument(
  site: { siteUrl: string; brand: string },
  tier: RankedPartnerTier,
) {
  const label = tierDefinition(tier).label;
  return {
    '@context': OPEN_BADGES_CONTEXT,
    type: 'BadgeClass',
    id: new URL(recognitionBadgePaths.badgeClass(tier), site.siteUrl).href,
    name: badgeName(tier, site.brand),
    description: `Awarded to practices that reach the ${label} tier of the ${site.brand} partner programme.`,
    image: new URL(`/img/tier_badges/${tier}.svg`, site.siteUrl).href,
    criteria: {
      narrative: `Reach the ${label} tier's threshold of tier points in the partner programme, from clients added, certifications passed, challenges completed and service jobs done.`,
    },
    issuer: new URL(recognitionBadgePaths.issuer(), site.siteUrl).href,
  };
}

/**
 * Open Badges 2.0 Assertion, hosted: its id is where it is served. The recipient is the
 * partner's e-mail address hashed with a salt, never the address itself.
 */
export function assertionDocument(
  site: { siteUrl: string; brand: string },
  assertion: {
    id: string;
    tier: RankedPartnerTier;
    issuedAt: string;
    revoked: boolean;
    recipient: { identity: string; salt: string } | null;
  },
) {
  return {
    '@context': OPEN_BADGES_CONTEXT,
    type: 'Assertion',
    id: new URL(recognitionBadgePaths.assertion(assertion.id), site.siteUrl).href,
    ...(assertion.recipient
      ? {
          recipient: {
            type: 'email',
            hashed: true,
            salt: assertion.recipient.salt,
            identity: assertion.recipient.identity,
          },
        }
      : {}),
    badge: new URL(recognitionBadgePaths.badgeClass(assertion.tier), site.siteUrl).href,
    image: new URL(recognitionBadgePaths.image(assertion.id), site.siteUrl).href,
    evidence: new URL(recognitionBadgePaths.page(assertion.id), site.siteUrl).href,
    issuedOn: assertion.issuedAt,
    verification: { type: 'hosted' },
    ...(assertion.revoked
      ? { revoked: true, revocationReason: 'The partner no longer holds this tier.' }
      : {}),
  };
}

/** The HTML a partner pastes into their site to show the badge, linked to its page. */
export function badgeEmbedCode(siteUrl: string, assertionId: string, alt: string): string {
  const page = new URL(recognitionBadgePaths.page(assertionId), siteUrl).href;
  const image = new URL(recognitionBadgePaths.image(assertionId), siteUrl).href;
  return `<a href="${escapeHtml(page)}"><img src="${escapeHtml(image)}" alt="${escapeHtml(alt)}" width="240" height="96"></a>`;
}
