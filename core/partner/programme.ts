/**
 * The programme's events and what they drive: the onboarding steps and the suggested steps a
 * partner completes by acting, and the points each event may earn (docs/partner-programme.md).
 */

export const PARTNER_EVENT_KINDS = [
  'programme-joined',
  'personalise-finished',
  'certification-passed',
  'update-account-finished',
  'client-subscription-added',
  'challenge-completed',
  'service-job-completed',
  'resource-downloaded',
] as const;
export type PartnerEventKind = (typeof PARTNER_EVENT_KINDS)[number];

export function isPartnerEventKind(value: unknown): value is PartnerEventKind {
  return PARTNER_EVENT_KINDS.some((kind) => kind === value);
}

/** How the ledger names the reason for each kind of event. */
export const PARTNER_EVENT_REASONS: Readonly<Record<PartnerEventKind, string>> = {
  'programme-joined': 'Joined the partner programme',
  'personalise-finished': 'Personalised your partner experience',
  'certification-passed': 'Certification passed',
  'update-account-finished': 'Practice account updated',
  'client-subscription-added': 'Client subscription added',
  'challenge-completed': 'Challenge completed',
  'service-job-completed': 'Service job completed and rated',
  'resource-downloaded': 'Partner resource downloaded',
};

export interface OnboardingStep {
  name: string;
  completedBy: PartnerEventKind;
}

export interface OnboardingProgress {
  currentStep: number;
  totalSteps: number;
  currentStepName: string;
  finished: boolean;
}

export const ONBOARDING_FINISHED_NAME = 'Onboarding complete';

/**
 * The partner is at the first step whose event has not happened yet, whatever they did after
 * it; once every step's event has happened the onboarding is finished and sits on the last.
 */
export function onboardingProgress(
  steps: readonly OnboardingStep[],
  happened: ReadonlySet<PartnerEventKind>,
): OnboardingProgress {
  const index = steps.findIndex((step) => !happened.has(step.completedBy));
  if (index === -1) {
    return {
      currentStep: steps.length,
      totalSteps: steps.length,
      currentStepName: ONBOARDING_FINISHED_NAME,
      finished: true,
    };
  }
  return {
    currentStep: index + 1,
    totalSteps: steps.length,
    currentStepName: steps[index]?.name ?? '',
    finished: false,
  };
}

/** A rule of the suggested-steps strategy, offered to partners from a tier on. */
export interface StepRule {
  name: string;
  completedBy: PartnerEventKind;
  /** The lowest tier the step is offered at; null offers it to every partner. */
  fromTier: string | null;
  /** Days after the step is offered that it falls due; null for no due date. */
  dueDays: number | null;
}

/** Whether a partner at a tier is offered the step, given the order of the tiers. */
export function isStepOffered(
  rule: Pick<StepRule, 'fromTier'>,
  tier: string,
  tierOrder: readonly string[],
): boolean {
  if (rule.fromTier === null) return true;
  return tierOrder.indexOf(tier) >= tierOrder.indexOf(rule.fromTier);
}

/** The step's due date (YYYY-MM-DD), counted from the day it was offered. */
export function stepDueDate(offeredAt: Date, dueDays: number | null): string | null {
  if (dueDays === null) return null;
  return new Date(offeredAt.getTime() + dueDays * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

export interface ChallengeProgress {
  done: number;
  goal: number;
  complete: boolean;
}

/** Progress towards a challenge's goal: events counted, capped at the goal. */
export function challengeProgress(count: number, goal: number): ChallengeProgress {
  const done = Math.min(Math.max(count, 0), goal);
  return { done, goal, complete: done >= goal };
}

/** A challenge accepts events only while it runs: from its start to the end of its last day. */
export function isChallengeRunning(
  challenge: { startsOn: string; endsOn: string },
  now: Date,
): boolean {
  const day = now.toISOString().slice(0, 10);
  return challenge.startsOn <= day && day <= challenge.endsOn;
}
