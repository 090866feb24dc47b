import { describe, expect, it } from 'vitest';
import { onboardingFunnel } from './onboarding-funnel.ts';
import type { OnboardingStep, PartnerEventKind } from './programme.ts';

const STEPS: OnboardingStep[] = [
  { name: 'Join', completedBy: 'programme-joined' },
  { name: 'Personalise', completedBy: 'personalise-finished' },
  { name: 'Certify', completedBy: 'certification-passed' },
];
const did = (...kinds: PartnerEventKind[]) => new Set(kinds);

describe('the onboarding funnel', () => {
  it('counts each step for the partners who completed it and every step before it', () => {
    expect(
      onboardingFunnel(STEPS, [
        did(),
        did('programme-joined'),
        did('programme-joined', 'personalise-finished'),
        did('programme-joined', 'personalise-finished', 'certification-passed'),
        // Certified without personalising: stands at the personalise step.
        did('programme-joined', 'certification-passed'),
      ]),
    ).toEqual([
      { name: 'Joined the programme', partners: 5 },
      { name: 'Join', partners: 4 },
      { name: 'Personalise', partners: 2 },
      { name: 'Certify', partners: 1 },
    ]);
  });

  it('is all zeros but the first stage without partners, and one stage without steps', () => {
    expect(onboardingFunnel(STEPS, []).map((stage) => stage.partners)).toEqual([0, 0, 0, 0]);
    expect(onboardingFunnel([], [did('personalise-finished')])).toEqual([
      { name: 'Joined the programme', partners: 1 },
    ]);
  });
});
