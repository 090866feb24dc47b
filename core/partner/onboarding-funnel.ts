import { onboardingProgress, type OnboardingStep, type PartnerEventKind } from './programme.ts';

export interface FunnelStage {
  name: string;
  partners: number;
}

/**
 * How far the partners got through onboarding, as a funnel: everyone who joined, then for each
 * step those who completed it and every step before it (as the onboarding card counts them: a
 * partner stands at their first step not done, whatever they did after it).
 */
export function onboardingFunnel(
  steps: readonly OnboardingStep[],
  partners: readonly ReadonlySet<PartnerEventKind>[],
): FunnelStage[] {
  const reached = partners.map((happened) => {
    const progress = onboardingProgress(steps, happened);
    return progress.finished ? steps.length : progress.currentStep - 1;
  });
  return [
    { name: 'Joined the programme', partners: partners.length },
    ...steps.map((step, index) => ({
      name: step.name,
      partners: reached.filter((count) => count > index).length,
    })),
  ];
}
