import type { Kysely } from 'kysely';
import {
  nextPartnerTier,
  parsePartnerTier,
  type PartnerTier,
  type PartnerTierData,
} from '~core/partner';
import type { OnboardingCtaDetail } from '~core/partner';
import type { UpdateAccountFlowDetails } from '~core/gateway';
import type { RecommendationRecord } from '~core/partner';
import type { Database } from '~server/db/schema.ts';
import * as repository from './partners.repository.ts';
import type { SuggestedStepWithReaction } from './partners.tables.ts';

const NO_ONBOARDING: OnboardingCtaDetail = {
  showCTA: false,
  title: '',
  body: '',
  link: '',
  currentStep: 0,
  totalSteps: 0,
  currentStepName: '',
  imageName: '',
  contactUsDetail: null,
};

/** The onboarding call to action; a partner without an onboarding programme is shown none. */
export async function getOnboardingCtaDetail(
  db: Kysely<Database>,
  userId: string,
): Promise<OnboardingCtaDetail> {
  const row = await repository.findOnboarding(db, userId);
  if (row === undefined) return NO_ONBOARDING;
  return {
    showCTA: row.show_cta === 1,
    title: row.title,
    body: row.body,
    link: row.link,
    currentStep: row.current_step,
    totalSteps: row.total_steps,
    currentStepName: row.current_step_name,
    imageName: row.image_name,
    contactUsDetail:
      row.contact_name === null
        ? null
        : {
            name: row.contact_name,
            title: row.contact_title ?? '',
            avatarURL: row.contact_avatar_url,
          },
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
 * The partner's tier and points. The threshold is where the current tier starts; the points
 * required are what is left to the next tier's threshold (none at the top tier). A partner
 * the programme has no record of is at tier 'none' with no points.
 */
export async function getPartnerTierData(
  db: Kysely<Database>,
  userId: string,
): Promise<PartnerTierData> {
  const [member, levels] = await Promise.all([
    repository.findMember(db, userId),
    repository.listTierLevels(db),
  ]);
  const tier: PartnerTier = parsePartnerTier(member?.tier) ?? 'none';
  const balance = member?.points_balance ?? 0;
  const thresholdOf = (name: PartnerTier) =>
    levels.find((level) => level.tier === name)?.points_threshold ?? 0;
  const next = nextPartnerTier(tier);
  const threshold = thresholdOf(tier);
  const nextThreshold = next === null ? null : thresholdOf(next);
  return {
    partnerTierAcknowledged: member === undefined || member.tier_acknowledged === 1,
    partnerTier: tier,
    partnerTierDetails: {
      tier,
      pointsThreshold: threshold,
      nextTier: next,
      nextTierPointsThreshold: nextThreshold,
    },
    partnerPointsBalance: balance,
    partnerPointsRequired: nextThreshold === null ? 0 : Math.max(0, nextThreshold - balance),
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
