import type { ModuleDatabase } from '~server/db/schema.ts';
import type {
  NewPartnerMemberRow,
  PartnerOnboardingStepRow,
  PartnerStepRuleRow,
  PartnerContactTable,
  NewPartnerSuggestedStepRow,
  PartnerMemberRow,
  PartnersTables,
  PartnerTierLevelRow,
  StepReaction,
  SuggestedStepWithReaction,
} from './partners.tables.ts';

type Db = ModuleDatabase<PartnersTables>;

export async function findMember(db: Db, userId: string): Promise<PartnerMemberRow | undefined> {
  return db
    .selectFrom('partner_member')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Adds the member unless one exists; an existing member is left as it is. */
export async function insertMemberIfAbsent(db: Db, member: NewPartnerMemberRow): Promise<void> {
  await db
    .insertInto('partner_member')
    .values(member)
    .onConflict((conflict) => conflict.column('user_id').doNothing())
    .execute();
}

export async function acknowledgeTier(db: Db, userId: string, updatedAt: string): Promise<void> {
  await db
    .updateTable('partner_member')
    .set({ tier_acknowledged: 1, updated_at: updatedAt })
    .where('user_id', '=', userId)
    .execute();
}

export async function listTierLevels(db: Db): Promise<PartnerTierLevelRow[]> {
  return db.selectFrom('partner_tier_level').selectAll().execute();
}

function stepsWithReaction(db: Db) {
  return db
    .selectFrom('partner_suggested_step as step')
    .leftJoin('partner_step_reaction as reaction', 'reaction.step_id', 'step.id')
    .selectAll('step')
    .select('reaction.reaction');
}

/** The partner's steps of one strategy, in the programme's order. */
export async function listSteps(
  db: Db,
  userId: string,
  strategyName: string,
): Promise<SuggestedStepWithReaction[]> {
  return stepsWithReaction(db)
    .where('step.user_id', '=', userId)
    .where('step.strategy_name', '=', strategyName)
    .orderBy('step.sort_order')
    .orderBy('step.name')
    .execute();
}

/** One step, only when it belongs to this partner. */
export async function findStep(
  db: Db,
  userId: string,
  stepId: string,
): Promise<SuggestedStepWithReaction | undefined> {
  return stepsWithReaction(db)
    .where('step.id', '=', stepId)
    .where('step.user_id', '=', userId)
    .executeTakeFirst();
}

/**
 * Adds the step unless the partner already has one with its title in that strategy.
 * Answers whether it was added.
 */
export async function insertStepIfAbsent(
  db: Db,
  step: NewPartnerSuggestedStepRow,
): Promise<boolean> {
  const inserted = await db
    .insertInto('partner_suggested_step')
    .values(step)
    .onConflict((conflict) => conflict.columns(['user_id', 'strategy_name', 'name']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Records the partner's reaction to a step, replacing an earlier one. */
export async function saveReaction(
  db: Db,
  reaction: { stepId: string; userId: string; reaction: StepReaction; reactedAt: string },
): Promise<void> {
  await db
    .insertInto('partner_step_reaction')
    .values({
      step_id: reaction.stepId,
      user_id: reaction.userId,
      reaction: reaction.reaction,
      reacted_at: reaction.reactedAt,
    })
    .onConflict((conflict) =>
      conflict
        .column('step_id')
        .doUpdateSet({ reaction: reaction.reaction, reacted_at: reaction.reactedAt }),
    )
    .execute();
}

export async function deleteReaction(db: Db, userId: string, stepId: string): Promise<void> {
  await db
    .deleteFrom('partner_step_reaction')
    .where('step_id', '=', stepId)
    .where('user_id', '=', userId)
    .execute();
}

export async function listEarningRules(db: Db) {
  return db.selectFrom('partner_earning_rule').selectAll().orderBy('event_kind').execute();
}

export async function findEarningRule(db: Db, eventKind: string) {
  return db
    .selectFrom('partner_earning_rule')
    .selectAll()
    .where('event_kind', '=', eventKind)
    .executeTakeFirst();
}

export async function saveEarningRule(
  db: Db,
  rule: { event_kind: string; points: number; valid_days: number | null },
): Promise<void> {
  await db
    .insertInto('partner_earning_rule')
    .values(rule)
    .onConflict((conflict) =>
      conflict
        .column('event_kind')
        .doUpdateSet({ points: rule.points, valid_days: rule.valid_days }),
    )
    .execute();
}

export async function saveTierThreshold(db: Db, tier: string, threshold: number): Promise<void> {
  await db
    .updateTable('partner_tier_level')
    .set({ points_threshold: threshold })
    .where('tier', '=', tier)
    .execute();
}

/** The steps in force, in order: a retired step is off the card and out of the count. */
export async function listOnboardingSteps(db: Db): Promise<PartnerOnboardingStepRow[]> {
  return db
    .selectFrom('partner_onboarding_step')
    .selectAll()
    .where('retired_at', 'is', null)
    .orderBy('position')
    .execute();
}

export async function listStepRules(db: Db): Promise<PartnerStepRuleRow[]> {
  return db
    .selectFrom('partner_step_rule')
    .selectAll()
    .orderBy('strategy_name')
    .orderBy('position')
    .execute();
}

export async function findContact(
  db: Db,
  userId: string,
): Promise<PartnerContactTable | undefined> {
  return db
    .selectFrom('partner_contact')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function saveContact(db: Db, contact: PartnerContactTable): Promise<void> {
  await db
    .insertInto('partner_contact')
    .values(contact)
    .onConflict((conflict) =>
      conflict
        .column('user_id')
        .doUpdateSet({ name: contact.name, title: contact.title, avatar_url: contact.avatar_url }),
    )
    .execute();
}

/** Marks the partner's open steps that the event kind completes; answers the steps completed. */
export async function completeSteps(
  db: Db,
  userId: string,
  names: readonly string[],
  updatedAt: string,
): Promise<{ id: string; name: string; points: number | null }[]> {
  if (names.length === 0) return [];
  return db
    .updateTable('partner_suggested_step')
    .set({ complete: 1, updated_at: updatedAt })
    .where('user_id', '=', userId)
    .where('name', 'in', [...names])
    .where('complete', '=', 0)
    .returning(['id', 'name', 'points'])
    .execute();
}

export async function saveFlowScreen(
  db: Db,
  userId: string,
  screen: string,
  updatedAt: string,
): Promise<void> {
  await db
    .updateTable('partner_member')
    .set({ update_account_flow_screen: screen, updated_at: updatedAt })
    .where('user_id', '=', userId)
    .execute();
}
