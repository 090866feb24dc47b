import { sameSitePath } from '../session/index.ts';
import {
  httpsAddress,
  MAX_RULE_POINTS,
  refuse,
  wholeNumber,
  type AdminFormResult,
} from './programme-admin.ts';
import { PARTNER_EVENT_REASONS, type PartnerEventKind } from './programme.ts';
import { parsePartnerTier, type RankedPartnerTier } from './tiers.ts';

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

/**
 * What may complete a new suggested step: the engine's events, less joining the programme,
 * which every partner has done by the time any step is offered.
 */
export const STEP_RULE_EVENTS = (
  [
    'personalise-finished',
    'certification-passed',
    'update-account-finished',
    'client-subscription-added',
    'challenge-completed',
    'service-job-completed',
    'resource-downloaded',
  ] as const satisfies readonly PartnerEventKind[]
).map((kind) => ({ value: kind, label: PARTNER_EVENT_REASONS[kind] }));

/** The 'offered from' choice that offers a step to every partner, whatever their tier. */
export const EVERY_TIER = 'every';

export const MAX_STEP_DUE_DAYS = 365;

/** A new rule of the suggested-steps strategy: the recommendation record it offers, and when. */
export interface NewStepRule {
  name: string;
  description: string;
  mandatory: boolean;
  dueDays: number | null;
  redirectUrl: string;
  points: number;
  completedBy: PartnerEventKind;
  fromTier: RankedPartnerTier | null;
}

export type NewStepRuleText = {
  [Field in Exclude<keyof NewStepRule, 'mandatory'>]: string;
} & { mandatory: string };

/** A step's link: a page of the portal by its path, or an https address elsewhere. */
export function stepLink(text: string): string | undefined {
  const link = text.trim();
  if (link === '' || link.length > 500) return undefined;
  if (link.startsWith('/')) return sameSitePath(link, '') || undefined;
  return httpsAddress(link);
}

export function checkNewStepRuleForm(form: NewStepRuleText): AdminFormResult<NewStepRule> {
  const name = form.name.trim();
  if (name === '' || name.length > 80)
    return refuse('name', 'Give the step a title of up to 80 characters.');
  const text = checkStepRuleForm(form);
  if (!text.ok) return text;
  const completedBy = STEP_RULE_EVENTS.find((event) => event.value === form.completedBy)?.value;
  if (completedBy === undefined) return refuse('completedBy', 'Choose what completes the step.');
  const tier = form.fromTier === EVERY_TIER ? null : parsePartnerTier(form.fromTier);
  if (tier === undefined || tier === 'none')
    return refuse('fromTier', 'Choose the lowest tier the step is offered at.');
  if (form.mandatory !== 'mandatory' && form.mandatory !== 'optional')
    return refuse('mandatory', 'Choose whether partners must do the step.');
  let dueDays: number | null = null;
  if (form.dueDays.trim() !== '') {
    const days = wholeNumber(form.dueDays, 1, MAX_STEP_DUE_DAYS);
    if (days === undefined)
      return refuse(
        'dueDays',
        `Days must be a whole number from 1 to ${MAX_STEP_DUE_DAYS}, or empty for no due date.`,
      );
    dueDays = days;
  }
  const redirectUrl = stepLink(form.redirectUrl);
  if (redirectUrl === undefined)
    return refuse(
      'redirectUrl',
      'Enter a page of the portal, like /0/partners/resources, or an address starting https://.',
    );
  return {
    ok: true,
    value: {
      name,
      description: text.value.description,
      mandatory: form.mandatory === 'mandatory',
      dueDays,
      redirectUrl,
      points: text.value.points,
      completedBy,
      fromTier: tier,
    },
  };
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
