import { MAX_RULE_POINTS, refuse, wholeNumber, type AdminFormResult } from './programme-admin.ts';

/*
 * The admins' forms for the onboarding steps and the suggested steps' rules
 * (docs/partner-programme.md). What completes a step (its event kind) is not a form field: it is
 * what the engine detects, so a label can change without changing who has done the step.
 */

export function checkOnboardingStepForm(form: { name: string }): AdminFormResult<{ name: string }> {
  const name = form.name.trim();
  if (name === '' || name.length > 80)
    return refuse('name', 'Give the step a label of up to 80 characters.');
  return { ok: true, value: { name } };
}

export function checkStepRuleForm(form: {
  description: string;
  points: string;
}): AdminFormResult<{ description: string; points: number }> {
  const description = form.description.trim();
  if (description === '' || description.length > 200)
    return refuse('description', 'Describe the step in up to 200 characters.');
  const points = wholeNumber(form.points, 0, MAX_RULE_POINTS);
  if (points === undefined)
    return refuse(
      'points',
      `Points must be a whole number from 0 to ${MAX_RULE_POINTS.toLocaleString('en')}.`,
    );
  return { ok: true, value: { description, points } };
}

export type MoveDirection = 'up' | 'down';

export function parseMoveDirection(value: string): MoveDirection | undefined {
  return value === 'up' || value === 'down' ? value : undefined;
}

/**
 * The position a step swaps with to move one place among the steps in force (retired ones are
 * off the card, so they are stepped over); undefined at either end or for a step not in force.
 */
export function swapPartner(
  positions: readonly number[],
  position: number,
  direction: MoveDirection,
): number | undefined {
  const ordered = [...positions].sort((a, b) => a - b);
  const index = ordered.indexOf(position);
  if (index === -1) return undefined;
  return ordered[direction === 'up' ? index - 1 : index + 1];
}
