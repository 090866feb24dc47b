import { describe, expect, it } from 'vitest';
import {
  challengeProgress,
  isChallengeRunning,
  isPartnerEventKind,
  isStepOffered,
  onboardingProgress,
  PARTNER_EVENT_KINDS,
  PARTNER_EVENT_REASONS,
  stepDueDate,
  type OnboardingStep,
} from './programme.ts';
import { PARTNER_TIERS } from './tiers.ts';

const STEPS: OnboardingStep[] = [
  { name: 'Welcome', completedBy: 'programme-joined' },
  { name: 'Profile', completedBy: 'personalise-finished' },
  { name: 'Certify', completedBy: 'certification-passed' },
];

describe('onboarding progress', () => {
  it('starts at the first step', () => {
    expect(onboardingProgress(STEPS, new Set())).toEqual({
      currentStep: 1,
      totalSteps: 3,
      currentStepName: 'Welcome',
      finished: false,
    });
  });

  it('stops at the first step not done, whatever was done after it', () => {
    expect(
      onboardingProgress(STEPS, new Set(['programme-joined', 'certification-passed'])),
    ).toMatchObject({ currentStep: 2, currentStepName: 'Profile', finished: false });
  });

  it('is finished on the last step once every step is done', () => {
    expect(
      onboardingProgress(
        STEPS,
        new Set(['programme-joined', 'personalise-finished', 'certification-passed']),
      ),
    ).toEqual({
      currentStep: 3,
      totalSteps: 3,
      currentStepName: 'Onboarding complete',
      finished: true,
    });
  });
});

describe('suggested-step rules', () => {
  it('offers a step from its tier up, and an untiered step to everyone', () => {
    expect(isStepOffered({ fromTier: null }, 'none', PARTNER_TIERS)).toBe(true);
    expect(isStepOffered({ fromTier: 'silver' }, 'bronze', PARTNER_TIERS)).toBe(false);
    expect(isStepOffered({ fromTier: 'silver' }, 'silver', PARTNER_TIERS)).toBe(true);
    expect(isStepOffered({ fromTier: 'silver' }, 'platinum', PARTNER_TIERS)).toBe(true);
  });

  it('falls due a number of days after it is offered', () => {
    expect(stepDueDate(new Date('2026-03-10T18:00:00.000Z'), 14)).toBe('2026-03-24');
    expect(stepDueDate(new Date('2026-03-10T18:00:00.000Z'), null)).toBeNull();
  });
});

describe('challenges', () => {
  it('counts progress up to the goal', () => {
    expect(challengeProgress(1, 3)).toEqual({ done: 1, goal: 3, complete: false });
    expect(challengeProgress(5, 3)).toEqual({ done: 3, goal: 3, complete: true });
    expect(challengeProgress(-1, 3)).toEqual({ done: 0, goal: 3, complete: false });
  });

  it('runs from its first day to the end of its last', () => {
    const challenge = { startsOn: '2026-03-01', endsOn: '2026-03-31' };
    expect(isChallengeRunning(challenge, new Date('2026-02-28T23:59:59.000Z'))).toBe(false);
    expect(isChallengeRunning(challenge, new Date('2026-03-01T00:00:00.000Z'))).toBe(true);
    expect(isChallengeRunning(challenge, new Date('2026-03-31T23:59:59.000Z'))).toBe(true);
    expect(isChallengeRunning(challenge, new Date('2026-04-01T00:00:00.000Z'))).toBe(false);
  });
});

describe('events', () => {
  it('names a reason for every kind and knows its kinds', () => {
    for (const kind of PARTNER_EVENT_KINDS) expect(PARTNER_EVENT_REASONS[kind]).toBeTruthy();
    expect(isPartnerEventKind('certification-passed')).toBe(true);
    expect(isPartnerEventKind('free-points')).toBe(false);
  });
});
