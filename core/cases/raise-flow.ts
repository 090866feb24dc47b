/*
 * The steps of raising a case, in order. Deflection is skipped when the visitor has already
 * read an article that asks for it (spec: articleViewed = 'true' in session storage). A model's
 * proposal of a category can be slotted into the classification step without changing steps.
 */

export const RAISE_STEPS = ['describe', 'classify', 'deflect', 'details', 'review'] as const;
export type RaiseStep = (typeof RAISE_STEPS)[number];

export const RAISE_STEP_LABELS: Readonly<Record<RaiseStep, string>> = {
  describe: 'Describe the problem',
  classify: 'Choose a category',
  deflect: 'Suggested answers',
  details: 'Impact and contact',
  review: 'Review and submit',
};

export function isRaiseStep(value: string): value is RaiseStep {
  return (RAISE_STEPS as readonly string[]).includes(value);
}

export interface FlowOptions {
  /** The visitor viewed an article that skips deflection. */
  skipDeflection: boolean;
}

/** The steps this visitor goes through. */
export function stepsFor(options: FlowOptions): RaiseStep[] {
  return RAISE_STEPS.filter((step) => !(step === 'deflect' && options.skipDeflection));
}

export function nextStep(step: RaiseStep, options: FlowOptions): RaiseStep | undefined {
  const steps = stepsFor(options);
  return steps[steps.indexOf(step) + 1];
}

export function previousStep(step: RaiseStep, options: FlowOptions): RaiseStep | undefined {
  const steps = stepsFor(options);
  const index = steps.indexOf(step);
  return index > 0 ? steps[index - 1] : undefined;
}
