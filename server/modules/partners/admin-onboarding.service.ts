import type { Kysely } from 'kysely';
import {
  additionSummary,
  checkNewStepRuleForm,
  checkOnboardingStepForm,
  checkStepRuleForm,
  editSummary,
  formatPoints,
  isPartnerEventKind,
  moveSummary,
  PARTNER_EVENT_REASONS,
  PARTNER_SUGGESTED_STEPS_STRATEGY,
  RETIREMENT_SUMMARY,
  swapPartner,
  tierDefinition,
  tierDefinitionOf,
  type MoveDirection,
  type NewStepRule,
  type NewStepRuleText,
} from '~core/partner';
import type { Database } from '~server/db/schema.ts';
import * as configuration from './admin-configuration.repository.ts';
import type { AdminChange } from './admin.service.ts';
import { recordChange, type ChangeAuthor } from './configuration-changes.service.ts';
import { listStepRules } from './partners.repository.ts';

/*
 * The admins' onboarding steps and suggested steps' rules (docs/partner-programme.md). A step
 * is done when its event has happened, so renaming, moving or retiring one never loses what a
 * partner did.
 */

const eventLabel = (kind: string) =>
  isPartnerEventKind(kind) ? PARTNER_EVENT_REASONS[kind] : kind;

export async function onboardingForAdmin(db: Kysely<Database>) {
  const [steps, rules] = await Promise.all([
    configuration.listAllOnboardingSteps(db),
    listStepRules(db),
  ]);
  return {
    steps: steps.map((step) => ({
      position: step.position,
      name: step.name,
      completedBy: eventLabel(step.completed_by),
      retired: step.retired_at !== null,
    })),
    stepRules: rules.map((rule) => ({
      strategyName: rule.strategy_name,
      name: rule.name,
      position: rule.position,
      description: rule.description,
      points: rule.points,
      mandatory: rule.mandatory === 1,
      dueDays: rule.due_days,
      redirectUrl: rule.redirect_url,
      completedBy: eventLabel(rule.completed_by),
      fromTier: tierDefinitionOf(rule.from_tier)?.label ?? null,
    })),
  };
}

const GONE: AdminChange = { ok: false, message: 'This step is not there any more.' };

const stepThing = (step: { position: number; name: string }) =>
  ({ kind: 'onboarding-step', id: String(step.position), name: step.name }) as const;

export async function renameOnboardingStep(
  db: Kysely<Database>,
  position: number,
  form: { name: string },
  by: ChangeAuthor,
): Promise<AdminChange> {
  const checked = checkOnboardingStepForm(form);
  if (!checked.ok) return checked;
  const { name } = checked.value;
  return db.transaction().execute(async (trx) => {
    await configuration.holdRows(trx, 'partner_onboarding_step', position);
    const before = (await configuration.listAllOnboardingSteps(trx)).find(
      (step) => step.position === position,
    );
    if (before === undefined) return GONE;
    await configuration.renameOnboardingStep(trx, position, name);
    await recordChange(
      trx,
      by,
      stepThing({ position, name }),
      editSummary({ name: 'Label' }, { name: before.name }, { name }),
    );
    return { ok: true } as const;
  });
}

/**
 * One place up or down among the steps in force; at either end it stays where it is. The form
 * names the step it saw at the position, so a resent form, finding the step moved, moves
 * nothing back.
 */
export async function moveOnboardingStep(
  db: Kysely<Database>,
  step: { position: number; name: string },
  direction: MoveDirection,
  by: ChangeAuthor,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await configuration.holdRows(trx, 'partner_onboarding_step');
    const inForce = (await configuration.listAllOnboardingSteps(trx)).filter(
      (row) => row.retired_at === null,
    );
    if (!inForce.some((row) => row.position === step.position && row.name === step.name)) return;
    const places = inForce.map((row) => row.position);
    const other = swapPartner(places, step.position, direction);
    if (other === undefined) return;
    await configuration.swapOnboardingSteps(trx, step.position, other);
    await recordChange(
      trx,
      by,
      stepThing({ position: other, name: step.name }),
      moveSummary(places.indexOf(step.position) + 1, places.indexOf(other) + 1),
    );
  });
}

/** Off the card from now; the partners who did it keep it done, since it is read from events. */
export async function retireOnboardingStep(
  db: Kysely<Database>,
  position: number,
  by: ChangeAuthor,
) {
  await db.transaction().execute(async (trx) => {
    if (!(await configuration.retireOnboardingStep(trx, position, by.at.toISOString()))) return;
    const step = (await configuration.listAllOnboardingSteps(trx)).find(
      (row) => row.position === position,
    );
    await recordChange(
      trx,
      by,
      stepThing({ position, name: step?.name ?? String(position) }),
      RETIREMENT_SUMMARY,
    );
  });
}

const ruleThing = (rule: { strategyName: string; name: string }) =>
  ({ kind: 'step-rule', id: `${rule.strategyName}/${rule.name}`, name: rule.name }) as const;

/** A rule's text and points, for the steps it offers from now; steps offered keep theirs. */
export async function editStepRule(
  db: Kysely<Database>,
  rule: { strategyName: string; name: string },
  form: { description: string; points: string },
  by: ChangeAuthor,
): Promise<AdminChange> {
  const checked = checkStepRuleForm(form);
  if (!checked.ok) return checked;
  return db.transaction().execute(async (trx) => {
    await configuration.holdRows(trx, 'partner_step_rule', rule.strategyName);
    const before = (await listStepRules(trx)).find(
      (row) => row.strategy_name === rule.strategyName && row.name === rule.name,
    );
    if (before === undefined) return GONE;
    await configuration.updateStepRule(trx, { ...rule, ...checked.value });
    const shown = (values: { description: string; points: number }) => ({
      description: values.description,
      points: formatPoints(values.points),
    });
    await recordChange(
      trx,
      by,
      ruleThing(rule),
      editSummary(
        { description: 'Description', points: 'Points' },
        shown(before),
        shown(checked.value),
      ),
    );
    return { ok: true } as const;
  });
}

const NEW_RULE_LABELS = {
  description: 'Link text',
  mandatory: 'Mandatory',
  dueDays: 'Due in days',
  redirectUrl: 'Link',
  points: 'Points',
  completedBy: 'Done when',
  fromTier: 'Offered from',
} as const;

const newRuleShown = (rule: NewStepRule) => ({
  description: rule.description,
  mandatory: rule.mandatory ? 'yes' : 'no',
  dueDays: rule.dueDays === null ? 'no due date' : String(rule.dueDays),
  redirectUrl: rule.redirectUrl,
  points: formatPoints(rule.points),
  completedBy: eventLabel(rule.completedBy),
  fromTier: rule.fromTier === null ? 'every partner' : tierDefinition(rule.fromTier).label,
});

/**
 * A new rule at the end of the partner checklist's strategy, offered to each partner it is for
 * at their next event, as every rule is. Its title names it: the same form sent again (or the
 * same rule typed again) is the rule already there, and another rule of the title is refused.
 */
export async function addStepRule(
  db: Kysely<Database>,
  form: NewStepRuleText,
  by: ChangeAuthor,
): Promise<AdminChange> {
  const checked = checkNewStepRuleForm(form);
  if (!checked.ok) return checked;
  const rule = checked.value;
  const strategyName = PARTNER_SUGGESTED_STEPS_STRATEGY;
  return db.transaction().execute(async (trx) => {
    await configuration.holdRows(trx, 'partner_step_rule', strategyName);
    const rules = (await listStepRules(trx)).filter((row) => row.strategy_name === strategyName);
    const row = {
      strategy_name: strategyName,
      name: rule.name,
      position: Math.max(0, ...rules.map((known) => known.position)) + 1,
      description: rule.description,
      mandatory: rule.mandatory ? 1 : 0,
      due_days: rule.dueDays,
      redirect_url: rule.redirectUrl,
      points: rule.points,
      completed_by: rule.completedBy,
      from_tier: rule.fromTier,
    };
    const named = rules.find((known) => known.name === rule.name);
    if (named !== undefined) {
      const same = (Object.keys(row) as (keyof typeof row)[]).every(
        (column) => column === 'position' || named[column] === row[column],
      );
      return same
        ? ({ ok: true } as const)
        : ({
            ok: false,
            field: 'name',
            message: 'Another suggested step has this title.',
          } as const);
    }
    if (await configuration.insertStepRule(trx, row))
      await recordChange(
        trx,
        by,
        ruleThing({ strategyName, name: rule.name }),
        additionSummary(NEW_RULE_LABELS, newRuleShown(rule)),
      );
    return { ok: true } as const;
  });
}

/**
 * One place up or down among the strategy's rules; at either end it stays. The form names the
 * place it saw the rule at, so a resent form, finding the rule moved, moves nothing back. Steps
 * already offered take the new order too: it is the programme's priority, not what they said.
 */
export async function moveStepRule(
  db: Kysely<Database>,
  rule: { strategyName: string; name: string; position: number },
  direction: MoveDirection,
  by: ChangeAuthor,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await configuration.holdRows(trx, 'partner_step_rule', rule.strategyName);
    const rules = (await listStepRules(trx)).filter(
      (row) => row.strategy_name === rule.strategyName,
    );
    const moving = rules.find((row) => row.name === rule.name && row.position === rule.position);
    if (moving === undefined) return;
    const otherPosition = swapPartner(
      rules.map((row) => row.position),
      moving.position,
      direction,
    );
    const other = rules.find((row) => row.position === otherPosition);
    if (other === undefined || other.name === moving.name) return;
    const { strategyName } = rule;
    await configuration.placeStepRule(trx, {
      strategyName,
      name: moving.name,
      position: other.position,
    });
    await configuration.placeStepRule(trx, {
      strategyName,
      name: other.name,
      position: moving.position,
    });
    await recordChange(
      trx,
      by,
      ruleThing(rule),
      moveSummary(rules.indexOf(moving) + 1, rules.indexOf(other) + 1),
    );
  });
}
