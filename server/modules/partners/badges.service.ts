import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  isInForce,
  parsePartnerTier,
  practiceCertifications,
  tierDefinitionOf,
  tierReaches,
  type PracticeCertification,
  type RankedPartnerTier,
} from '~core/partner';
import type { Database } from '~server/db/schema.ts';
import { listUserSummaries } from '~server/modules/identity';
import { certificationsOfPeople } from '~server/modules/learning';
import { practiceOfBadgeHolder } from '~server/modules/practices';
import * as badges from './badges.repository.ts';
import * as repository from './partners.repository.ts';

/*
 * Recognition badges: a partner's tier, issued as an assertion anyone may verify at its
 * address, and revoked for good when the partner's tier drops below it.
 */

export interface RecognitionBadge {
  id: string;
  tier: RankedPartnerTier;
  issuedAt: string;
  revoked: boolean;
  /** The partner's name as the badge shows it. */
  earner: string;
  /** The partner's e-mail address hashed with the assertion's id as salt (Open Badges). */
  recipient: { identity: string; salt: string } | null;
  /** Who holds it, for the server's own reads: never shown. */
  holder: { userId: string; email: string };
}

/** The partner's badge for their current tier, issued on first asking; null below starter. */
export async function partnerBadge(
  db: Kysely<Database>,
  userId: string,
  at: Date,
): Promise<RecognitionBadge | null> {
  const tier = parsePartnerTier((await repository.findMember(db, userId))?.tier);
  if (tier === undefined || tier === 'none') return null;
  const row = await badges.issueIfAbsent(db, {
    id: randomBytes(16).toString('base64url'),
    userId,
    tier,
    issuedAt: at.toISOString(),
  });
  return badgeOf(db, row);
}

/** Any badge by its id, as its public page and verifiers see it. */
export async function findBadge(
  db: Kysely<Database>,
  assertionId: string,
): Promise<RecognitionBadge | undefined> {
  const row = await badges.findAssertion(db, assertionId);
  return row ? badgeOf(db, row) : undefined;
}

/** What a badge's page says of its holder beyond the tier: certifications, and the practice. */
export interface BadgeRecognition {
  /** The holder's own certifications in force, newest first. */
  certifications: Array<{ name: string; earnedOn: string; expiresOn: string | null }>;
  practice: {
    name: string;
    /** The practice's tier label ('Gold'); null below starter. */
    tierLabel: string | null;
    /** The directory listing's slug while the practice is listed. */
    listedSlug: string | null;
    certifications: PracticeCertification[];
  } | null;
}

/** The badge's certifications and practice as of `at`; nothing for a revoked badge. */
export async function badgeRecognition(
  db: Kysely<Database>,
  badge: Pick<RecognitionBadge, 'revoked' | 'holder'>,
  at: Date,
): Promise<BadgeRecognition> {
  if (badge.revoked) return { certifications: [], practice: null };
  const today = at.toISOString().slice(0, 10);
  const { userId, email } = badge.holder;
  const practice = await practiceOfBadgeHolder({ db }, userId);
  const addresses = [...new Set([email, ...(practice?.emails ?? [])].filter(Boolean))];
  const held = (await certificationsOfPeople(db, addresses)).map((certification) => ({
    holder: certification.email,
    name: certification.name,
    earnedOn: certification.earnedOn,
    expiresOn: certification.expiresOn,
  }));
  return {
    certifications: held
      .filter((certification) => certification.holder === email && isInForce(certification, today))
      .map(({ name, earnedOn, expiresOn }) => ({ name, earnedOn, expiresOn })),
    practice: practice
      ? {
          name: practice.name,
          tierLabel: tierDefinitionOf(practice.tier)?.label ?? null,
          listedSlug: practice.listedSlug,
          certifications: practiceCertifications(held, today),
        }
      : null,
  };
}

async function badgeOf(
  db: Kysely<Database>,
  row: Awaited<ReturnType<typeof badges.findAssertion>> & object,
): Promise<RecognitionBadge> {
  const tier = parsePartnerTier(row.tier);
  const [person] = await listUserSummaries(db, [row.user_id]);
  const email = person?.email?.trim().toLowerCase() ?? '';
  return {
    id: row.id,
    tier: tier === undefined || tier === 'none' ? 'starter' : tier,
    issuedAt: row.issued_at,
    revoked: row.revoked_at !== null,
    earner: person ? `${person.firstName} ${person.lastName}`.trim() : 'A partner',
    holder: { userId: row.user_id, email },
    recipient:
      email === ''
        ? null
        : {
            salt: row.id,
            identity: `sha256$${createHash('sha256')
              .update(email + row.id)
              .digest('hex')}`,
          },
  };
}

/** Called in the transaction that lowers a tier: badges above the new tier are revoked. */
export async function revokeBadgesAbove(
  db: Kysely<Database>,
  userId: string,
  tier: string,
  at: Date,
): Promise<void> {
  const now = parsePartnerTier(tier) ?? 'none';
  const above = (await badges.listInForce(db, userId)).filter((row) => {
    const held = parsePartnerTier(row.tier);
    return held === undefined || !tierReaches(now, held);
  });
  await badges.revoke(
    db,
    above.map((row) => row.id),
    at.toISOString(),
  );
}
