import type { Kysely } from 'kysely';
import {
  nextPartnerTier,
  parsePartnerTier,
  type PartnerTier,
  type PartnerTierData,
} from '~core/partner';
import { isPartnerEventKind, onboardingProgress, type OnboardingCtaDetail } from '~core/partner';
import type { UpdateAccountFlowDetails } from '~core/gateway';
import type { RecommendationRecord } from '~core/partner';
import type { Database } from '~server/db/schema.ts';
import { tierThresholds } from './engine.service.ts';
import * as ledger from './ledger.repository.ts';
import * as repository from './partners.repository.ts';
import type { SuggestedStepWithReaction } from './partners.tables.ts';

const ONBOARDING_BODY =
  'Work through each onboarding step to unlock **partner pricing**, training and support.';
const ONBOARDING_LINK = '/0/partners/suggestions';

/**
 * The onboarding call to action from the configured steps and the partner's events: the card
 * shows the first step not yet done, and goes once every step is done.
 */
export async function getOnboardingCtaDetail(
  db: Kysely<Database>,
  userId: string,
): Promise<OnboardingCtaDetail> {
  const [steps, kinds, contact] = await Promise.all([
    repository.listOnboardingSteps(db),
    ledger.listEventKinds(db, userId),
    repository.findContact(db, userId),
  ]);
  const progress = onboardingProgress(
    steps.map((step) => ({
      name: step.name,
      completedBy: isPartnerEventKind(step.completed_by) ? step.completed_by : 'programme-joined',
    })),
    new Set(kinds.filter(isPartnerEventKind)),
  );
  const current = steps[progress.currentStep - 1];
  return {
    showCTA: !progress.finished && steps.length > 0,
    title: progress.finished
      ? 'You have finished your partner onboarding'
      : `Next up: ${progress.currentStepName}`,
    body: ONBOARDING_BODY,
    link: ONBOARDING_LINK,
    currentStep: progress.currentStep,
    totalSteps: progress.totalSteps,
    currentStepName: progress.currentStepName,
    imageName: current?.image_name ?? '',
    contactUsDetail:
      contact === undefined
        ? null
        : { name: contact.name, title: contact.title, avatarURL: contact.avatar_url },
  };
}

export async function getUpdateAccountFlowDetails(
  db: Kysely<Database>,
  userId: string,
): Promise<UpdateAccountFlowDetails> {
  const member = await repository.findMember(db, userId);
  return { flowScreen: member?.update_account_flow_screen ?? null };
}

function toRecommendation(step: SuggestedStepWithReaction): RecommendationRecord {
  return {
    Id: step.id,
    Name: step.name,
    Description: step.description,
    Complete__c: step.complete === 1,
    Mandatory__c: step.mandatory === 1,
    Dismissed__c: step.reaction === 'reject',
    Due_Date__c: step.due_date,
    Redirect_URL__c: step.redirect_url,
    Points__c: step.points,
  };
}

/** The partner's suggested steps of a strategy; an unknown strategy has none. */
export async function listSuggestedSteps(
  db: Kysely<Database>,
  userId: string,
  strategyName: string,
): Promise<RecommendationRecord[]> {
  const steps = await repository.listSteps(db, userId, strategyName);
  return steps.map(toRecommendation);
}

export type ReactionResult =
  | { ok: true; record: RecommendationRecord }
  | { ok: false; reason: 'not-found' | 'mandatory' | 'complete' };

/**
 * Following a step records an accept reaction, dismissing it a reject reaction (spec 4). A
 * partner reacts only to their own steps of the named strategy; mandatory and completed steps
 * cannot be dismissed, as the checklist offers no button for them. Reacting twice the same
 * way changes nothing.
 */
export async function recordReaction(
  db: Kysely<Database>,
  reaction: { userId: string; strategyName: string; stepId: string; isAccept: boolean; now: Date },
): Promise<ReactionResult> {
  return db.transaction().execute(async (trx) => {
    const step = await repository.findStep(trx, reaction.userId, reaction.stepId);
    if (step === undefined || step.strategy_name !== reaction.strategyName) {
      return { ok: false, reason: 'not-found' } as const;
    }
    if (!reaction.isAccept && step.mandatory === 1)
      return { ok: false, reason: 'mandatory' } as const;
    if (!reaction.isAccept && step.complete === 1)
      return { ok: false, reason: 'complete' } as const;
    const kind = reaction.isAccept ? 'accept' : 'reject';
    if (step.reaction !== kind) {
      await repository.saveReaction(trx, {
        stepId: step.id,
        userId: reaction.userId,
        reaction: kind,
        reactedAt: reaction.now.toISOString(),
      });
    }
    return { ok: true, record: toRecommendation({ ...step, reaction: kind }) } as const;
  });
}

/** Restoring a step removes the partner's reaction to it; removing none is not an error. */
export async function removeReaction(
  db: Kysely<Database>,
  userId: string,
  stepId: string,
): Promise<ReactionResult> {
  return db.transaction().execute(async (trx) => {
    const step = await repository.findStep(trx, userId, stepId);
    if (step === undefined) return { ok: false, reason: 'not-found' } as const;
    if (step.reaction !== null) await repository.deleteReaction(trx, userId, stepId);
    return { ok: true, record: toRecommendation({ ...step, reaction: null }) } as const;
  });
}

/**
 * The partner's tier and points (spec 3 'Partner tier data'). The balance sent is the tier
 * points, so that the widget's progress (balance − threshold) measures the way to the next
 * tier; points spent on rewards do not count against it. A partner the programme has no
 * record of is at tier 'none' with no points.
 */
export async function getPartnerTierData(
  db: Kysely<Database>,
  userId: string,
): Promise<PartnerTierData> {
  const [member, thresholds] = await Promise.all([
    repository.findMember(db, userId),
    tierThresholds(db),
  ]);
  const tier: PartnerTier = parsePartnerTier(member?.tier) ?? 'none';
  const points = member?.tier_points ?? 0;
  const threshold = tier === 'none' ? 0 : thresholds[tier];
  const next = nextPartnerTier(tier);
  const nextThreshold = next === null ? null : thresholds[next];
  return {
    partnerTierAcknowledged: member === undefined || member.tier_acknowledged === 1,
    partnerTier: tier,
    partnerTierDetails: {
      tier,
      pointsThreshold: threshold,
      nextTier: next,
      nextTierPointsThreshold: nextThreshold,
    },
    partnerPointsBalance: points,
    partnerPointsRequired: nextThreshold === null ? 0 : Math.max(0, nextThreshold - points),
    partnerTierPointsThreshold: threshold,
  };
}

/** Ends the celebration of the current tier; answers the tier data as it now stands. */
export async function acknowledgePartnerTier(
  db: Kysely<Database>,
  userId: string,
  now: Date,
): Promise<PartnerTierData> {
  await repository.acknowledgeTier(db, userId, now.toISOString());
  return getPartnerTierData(db, userId);
}

/** Names the partner's contact person at the provider, shown on the onboarding card. */
export async function assignPartnerContact(
  db: Kysely<Database>,
  userId: string,
  contact: { name: string; title: string; avatarUrl: string | null },
): Promise<void> {
  await repository.saveContact(db, {
    user_id: userId,
    name: contact.name,
    title: contact.title,
    avatar_url: contact.avatarUrl,
  });
}
