import type { Kysely } from 'kysely';
import {
  countsTowardsTier,
  expiryOf,
  isChallengeRunning,
  isPromotion,
  isStepOffered,
  lotsDueToExpire,
  parsePartnerTier,
  PARTNER_EVENT_REASONS,
  PARTNER_TIERS,
  stepDueDate,
  challengeProgress,
  tierForPoints,
  type LedgerEntryKind,
  type PartnerEventKind,
  type TierThresholds,
} from '~core/partner';
import { newRecordId } from '~server/db/ids.ts';
import type { Database } from '~server/db/schema.ts';
import { listPartnerIdsByEmail } from '~server/modules/identity';
import { revokeBadgesAbove } from './badges.service.ts';
import { awardPrize } from './challenge-prizes.service.ts';
import * as ledger from './ledger.repository.ts';
import * as repository from './partners.repository.ts';
import * as programme from './programme.repository.ts';

/*
 * The programme engine (docs/partner-programme.md): an event is recorded once per source event,
 * and everything it drives happens in its transaction: the points its earning rule gives, the
 * suggested steps it completes and their points, the challenges it moves, the tier.
 */

export interface PartnerEvent {
  userId: string;
  kind: PartnerEventKind;
  /** Names the event where it came from ('certification:{platformId}'): counted once. */
  sourceEvent: string;
  subject?: string | null;
  occurredAt: Date;
}

export async function tierThresholds(db: Kysely<Database>): Promise<TierThresholds> {
  const levels = await repository.listTierLevels(db);
  const of = (tier: string) => levels.find((level) => level.tier === tier)?.points_threshold ?? 0;
  return {
    starter: of('starter'),
    bronze: of('bronze'),
    silver: of('silver'),
    gold: of('gold'),
    platinum: of('platinum'),
  };
}

/** Adds the partner to the programme with nothing, unless they are in it. */
export async function ensureMember(db: Kysely<Database>, userId: string, at: Date): Promise<void> {
  await repository.insertMemberIfAbsent(db, {
    user_id: userId,
    tier: 'none',
    tier_acknowledged: 1,
    points_balance: 0,
    tier_points: 0,
    update_account_flow_screen: null,
    joined_at: at.toISOString(),
    updated_at: at.toISOString(),
  });
}

/** The tier follows the tier points; only a promotion is celebrated. */
export async function recomputeTier(db: Kysely<Database>, userId: string, at: Date): Promise<void> {
  const member = await repository.findMember(db, userId);
  if (member === undefined) return;
  const tier = tierForPoints(member.tier_points, await tierThresholds(db));
  const current = parsePartnerTier(member.tier) ?? 'none';
  if (tier !== current) {
    const promotion = isPromotion(current, tier);
    await ledger.saveTier(db, userId, tier, promotion, at.toISOString());
    if (!promotion) await revokeBadgesAbove(db, userId, tier, at);
  }
}

export interface LedgerPosting {
  userId: string;
  kind: LedgerEntryKind;
  points: number;
  reason: string;
  sourceEvent: string;
  occurredAt: Date;
  expiresAt?: string | null;
  recordedBy?: string | null;
}

export type PostingOutcome = 'posted' | 'duplicate' | 'not-enough-points';

/**
 * Appends an entry and moves the running totals and the tier with it; an entry whose source
 * event is in the ledger already changes nothing. A debit must be covered by the balance, or
 * nothing is appended.
 */
export async function post(db: Kysely<Database>, posting: LedgerPosting): Promise<PostingOutcome> {
  const at = posting.occurredAt.toISOString();
  await ensureMember(db, posting.userId, posting.occurredAt);
  if (posting.points < 0) {
    const taken = await ledger.takeFromBalance(db, posting.userId, -posting.points, at);
    if (!taken) return 'not-enough-points';
  }
  const appended = await ledger.appendEntry(db, {
    id: newRecordId('partnerPointsEntry'),
    user_id: posting.userId,
    kind: posting.kind,
    points: posting.points,
    reason: posting.reason,
    source_event: posting.sourceEvent,
    occurred_at: at,
    expires_at: posting.expiresAt ?? null,
    recorded_by: posting.recordedBy ?? null,
  });
  if (!appended) {
    // The debit was taken for an entry that already exists: give it back.
    if (posting.points < 0) {
      await ledger.addToTotals(db, posting.userId, {
        balance: -posting.points,
        tierPoints: 0,
        updatedAt: at,
      });
    }
    return 'duplicate';
  }
  await ledger.addToTotals(db, posting.userId, {
    balance: posting.points < 0 ? 0 : posting.points,
    tierPoints: countsTowardsTier(posting.kind) ? posting.points : 0,
    updatedAt: at,
  });
  await recomputeTier(db, posting.userId, posting.occurredAt);
  return 'posted';
}

/** Offers the strategies' steps the partner now qualifies for, and completes those done. */
export async function refreshSteps(
  db: Kysely<Database>,
  userId: string,
  at: Date,
  validDays: number | null,
): Promise<void> {
  const [rules, member, kinds] = await Promise.all([
    repository.listStepRules(db),
    repository.findMember(db, userId),
    ledger.listEventKinds(db, userId),
  ]);
  const tier = member?.tier ?? 'none';
  const stamp = at.toISOString();
  for (const rule of rules) {
    if (!isStepOffered({ fromTier: rule.from_tier }, tier, PARTNER_TIERS)) continue;
    await repository.insertStepIfAbsent(db, {
      id: newRecordId('suggestedStep'),
      user_id: userId,
      strategy_name: rule.strategy_name,
      name: rule.name,
      description: rule.description,
      mandatory: rule.mandatory,
      complete: 0,
      due_date: stepDueDate(at, rule.due_days),
      redirect_url: rule.redirect_url,
      points: rule.points,
      sort_order: rule.position,
      created_at: stamp,
      updated_at: stamp,
    });
  }
  const done = rules.filter((rule) => kinds.includes(rule.completed_by)).map((rule) => rule.name);
  const completed = await repository.completeSteps(db, userId, done, stamp);
  for (const step of completed) {
    if (step.points === null || step.points <= 0) continue;
    await post(db, {
      userId,
      kind: 'earned',
      points: step.points,
      reason: `Suggested step completed: ${step.name}`,
      sourceEvent: `step:${step.id}`,
      occurredAt: at,
      expiresAt: expiryOf(at, validDays),
    });
  }
}

/**
 * Counts the event towards the running challenges the partner joined, completing those met:
 * each gives its reward, if it has one, and is itself an event worth its points.
 */
export async function advanceChallenges(db: Kysely<Database>, event: PartnerEvent): Promise<void> {
  const entries = await programme.listOpenEntries(db, event.userId, event.kind);
  for (const entry of entries) {
    if (!isChallengeRunning({ startsOn: entry.starts_on, endsOn: entry.ends_on }, event.occurredAt))
      continue;
    const since = entry.joined_at > entry.starts_on ? entry.joined_at : entry.starts_on;
    const count = await ledger.countEvents(db, event.userId, event.kind, since);
    if (!challengeProgress(count, entry.goal_count).complete) continue;
    const completed = await programme.completeEntry(
      db,
      entry.challenge_id,
      event.userId,
      event.occurredAt.toISOString(),
    );
    if (!completed) continue;
    if (entry.reward_id !== null)
      await awardPrize(db, {
        userId: event.userId,
        challengeId: entry.challenge_id,
        challengeName: entry.name,
        rewardId: entry.reward_id,
        at: event.occurredAt,
      });
    await applyEvent(
      db,
      {
        userId: event.userId,
        kind: 'challenge-completed',
        sourceEvent: `challenge:${entry.challenge_id}:${event.userId}`,
        subject: entry.name,
        occurredAt: event.occurredAt,
      },
      entry.points,
    );
  }
}

/** Records the event and posts its points; undefined when it was recorded before. */
async function earn(
  db: Kysely<Database>,
  event: PartnerEvent,
  pointsOverride?: number,
): Promise<{ validDays: number | null } | undefined> {
  await ensureMember(db, event.userId, event.occurredAt);
  const recorded = await ledger.insertEventIfNew(db, {
    id: newRecordId('partnerEvent'),
    userId: event.userId,
    kind: event.kind,
    sourceEvent: event.sourceEvent,
    subject: event.subject ?? null,
    occurredAt: event.occurredAt.toISOString(),
  });
  if (!recorded) return undefined;
  const rule = await repository.findEarningRule(db, event.kind);
  const points = pointsOverride ?? rule?.points ?? 0;
  const validDays = rule?.valid_days ?? null;
  if (points > 0) {
    const subject = event.subject?.trim() ?? '';
    await post(db, {
      userId: event.userId,
      kind: 'earned',
      points,
      reason:
        subject === ''
          ? PARTNER_EVENT_REASONS[event.kind]
          : `${PARTNER_EVENT_REASONS[event.kind]}: ${subject}`,
      sourceEvent: event.sourceEvent,
      occurredAt: event.occurredAt,
      expiresAt: expiryOf(event.occurredAt, validDays),
    });
  }
  return { validDays };
}

/**
 * Records the event in the caller's transaction and applies what it drives. Answers false for
 * an event recorded before, which then changes nothing.
 */
export async function applyEvent(
  db: Kysely<Database>,
  event: PartnerEvent,
  pointsOverride?: number,
): Promise<boolean> {
  const earned = await earn(db, event, pointsOverride);
  if (!earned) return false;
  await refreshSteps(db, event.userId, event.occurredAt, earned.validDays);
  await advanceChallenges(db, event);
  return true;
}

/** Records one event in a transaction of its own. */
export async function recordPartnerEvent(
  db: Kysely<Database>,
  event: PartnerEvent,
): Promise<boolean> {
  return db.transaction().execute((trx) => applyEvent(trx, event));
}

/** The partner opens the programme: their first onboarding step is done. */
export async function joinProgramme(db: Kysely<Database>, userId: string, at: Date): Promise<void> {
  await recordPartnerEvent(db, {
    userId,
    kind: 'programme-joined',
    sourceEvent: `joined:${userId}`,
    occurredAt: at,
  });
}

/**
 * Expires the points that have lapsed, oldest first, for every partner holding any: each lapsed
 * credit's unspent rest becomes one 'expired' entry, once. Answers the points expired.
 */
export async function expireLapsedPoints(db: Kysely<Database>, now: Date): Promise<number> {
  let expired = 0;
  for (const userId of await ledger.listMembersWithLapsedCredits(db, now.toISOString())) {
    expired += await db.transaction().execute(async (trx) => {
      const entries = await ledger.listEntries(trx, userId);
      let points = 0;
      const lots = lotsDueToExpire(
        entries.map((entry) => ({
          id: entry.id,
          kind: entry.kind,
          points: entry.points,
          occurredAt: entry.occurred_at,
          expiresAt: entry.expires_at,
        })),
        now,
      );
      for (const lot of lots) {
        const posted = await post(trx, {
          userId,
          kind: 'expired',
          points: -lot.remaining,
          reason: 'Points expired',
          sourceEvent: `expiry:${lot.entryId}`,
          occurredAt: now,
        });
        if (posted === 'posted') points += lot.remaining;
      }
      return points;
    });
  }
  return expired;
}

/**
 * A certification the learning platform reports as passed, in the caller's transaction: every
 * partner using the certified e-mail address earns it once.
 */
export async function creditCertification(
  db: Kysely<Database>,
  certification: { platformId: string; userEmail: string; name: string; earnedOn: string },
  receivedAt: Date,
): Promise<void> {
  // The platform dates certifications by day: one earned today happened now, so a challenge
  // joined this morning counts it; one from an earlier day keeps its day.
  const earned = new Date(certification.earnedOn);
  const today = receivedAt.toISOString().slice(0, 10);
  const occurredAt =
    Number.isNaN(earned.getTime()) || earned.toISOString().slice(0, 10) >= today
      ? receivedAt
      : earned;
  for (const userId of await listPartnerIdsByEmail(db, certification.userEmail)) {
    await applyEvent(db, {
      userId,
      kind: 'certification-passed',
      sourceEvent: `certification:${certification.platformId}:${userId}`,
      subject: certification.name,
      occurredAt,
    });
  }
}
