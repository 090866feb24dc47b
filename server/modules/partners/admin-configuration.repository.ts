import { sql } from 'kysely';
import type { ModuleDatabase } from '~server/db/schema.ts';
import type {
  PartnerChallengeTable,
  PartnerResourceTable,
  PartnerStepRuleTable,
  PartnersTables,
} from './partners.tables.ts';

type Db = ModuleDatabase<PartnersTables>;

/* What the admins' challenge, onboarding and resource pages read and change. */

const changed = (result: { numUpdatedRows: bigint }) => result.numUpdatedRows > 0n;

/** The configuration tables an admin changes, each with the column its rows are held by. */
const HELD_BY = {
  partner_tier_level: 'tier',
  partner_earning_rule: 'event_kind',
  partner_onboarding_step: 'position',
  partner_step_rule: 'strategy_name',
  partner_challenge: 'id',
  partner_reward: 'id',
  partner_resource: 'id',
} as const;

/**
 * Holds the rows a configuration write reads before changing them (all of the table's, or those
 * with the key) until its transaction ends, by an update that changes nothing: another write of
 * the same rows, or the same form sent twice, waits and then reads what this one wrote, so the
 * record says what each changed and a write that changes nothing records nothing. SQLite runs
 * one write transaction at a time anyway; on PostgreSQL this is the row lock.
 */
export async function holdRows(
  db: Db,
  table: keyof typeof HELD_BY,
  key?: string | number,
): Promise<void> {
  const column = sql.ref(HELD_BY[table]);
  const update = sql`update ${sql.table(table)} set ${column} = ${column}`;
  await (key === undefined ? update : sql`${update} where ${column} = ${key}`).execute(db);
}

/** Every challenge, latest first, with its prize and how many joined and completed it. */
export async function listChallengesWithCounts(db: Db) {
  return db
    .selectFrom('partner_challenge as challenge')
    .leftJoin('partner_challenge_entry as entry', 'entry.challenge_id', 'challenge.id')
    .leftJoin('partner_reward as reward', 'reward.id', 'challenge.reward_id')
    .select([
      'challenge.id',
      'challenge.name',
      'challenge.description',
      'challenge.goal_kind',
      'challenge.goal_count',
      'challenge.points',
      'challenge.starts_on',
      'challenge.ends_on',
      'challenge.reward_id',
      'reward.name as prize',
      (eb) => eb.fn.count<number | string>('entry.user_id').as('joined'),
      (eb) => eb.fn.count<number | string>('entry.completed_at').as('completed'),
    ])
    .groupBy(['challenge.id', 'reward.name'])
    .orderBy('challenge.ends_on', 'desc')
    .orderBy('challenge.name')
    .execute();
}

export async function countChallengeEntries(db: Db, challengeId: string): Promise<number> {
  const row = await db
    .selectFrom('partner_challenge_entry')
    .select((eb) => eb.fn.countAll<number | string>().as('joined'))
    .where('challenge_id', '=', challengeId)
    .executeTakeFirstOrThrow();
  return Number(row.joined);
}

/**
 * Adds the challenge unless its id (from the form's key) is taken: a resent form adds one.
 * Answers whether it was added.
 */
export async function insertChallengeOnce(db: Db, challenge: PartnerChallengeTable) {
  const inserted = await db
    .insertInto('partner_challenge')
    .values(challenge)
    .onConflict((conflict) => conflict.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function findChallengeNamed(db: Db, name: string) {
  return db
    .selectFrom('partner_challenge')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirst();
}

/**
 * Saves a challenge's terms. With `whileNobodyJoined`, only while no partner has an entry: a
 * partner joining between the check and the save keeps the terms they joined.
 */
export async function updateChallenge(
  db: Db,
  id: string,
  terms: Omit<PartnerChallengeTable, 'id' | 'created_at'>,
  whileNobodyJoined: boolean,
): Promise<boolean> {
  let query = db.updateTable('partner_challenge').set(terms).where('id', '=', id);
  if (whileNobodyJoined)
    query = query.where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('partner_challenge_entry')
            .select(sql`1`.as('one'))
            .whereRef('partner_challenge_entry.challenge_id', '=', 'partner_challenge.id'),
        ),
      ),
    );
  return changed(await query.executeTakeFirst());
}

/** Ends a running challenge at the end of the day given; one that has ended stays as it was. */
export async function endChallenge(db: Db, id: string, lastDay: string): Promise<boolean> {
  return changed(
    await db
      .updateTable('partner_challenge')
      .set({ ends_on: lastDay })
      .where('id', '=', id)
      .where('ends_on', '>', lastDay)
      .where('starts_on', '<=', lastDay)
      .executeTakeFirst(),
  );
}

/** Every onboarding step, retired ones too, in order. */
export async function listAllOnboardingSteps(db: Db) {
  return db.selectFrom('partner_onboarding_step').selectAll().orderBy('position').execute();
}

export async function renameOnboardingStep(db: Db, position: number, name: string) {
  return changed(
    await db
      .updateTable('partner_onboarding_step')
      .set({ name })
      .where('position', '=', position)
      .executeTakeFirst(),
  );
}

/** Swaps two steps' places; the position is the key, so one goes aside first. */
export async function swapOnboardingSteps(db: Db, first: number, second: number) {
  const aside = -first;
  const move = (from: number, to: number) =>
    db
      .updateTable('partner_onboarding_step')
      .set({ position: to })
      .where('position', '=', from)
      .execute();
  await move(first, aside);
  await move(second, first);
  await move(aside, second);
}

export async function retireOnboardingStep(db: Db, position: number, at: string) {
  return changed(
    await db
      .updateTable('partner_onboarding_step')
      .set({ retired_at: at })
      .where('position', '=', position)
      .where('retired_at', 'is', null)
      .executeTakeFirst(),
  );
}

export async function updateStepRule(
  db: Db,
  rule: { strategyName: string; name: string; description: string; points: number },
) {
  return changed(
    await db
      .updateTable('partner_step_rule')
      .set({ description: rule.description, points: rule.points })
      .where('strategy_name', '=', rule.strategyName)
      .where('name', '=', rule.name)
      .executeTakeFirst(),
  );
}

/** Adds a strategy's rule unless it has one of the name; answers whether it was added. */
export async function insertStepRule(db: Db, rule: PartnerStepRuleTable): Promise<boolean> {
  const inserted = await db
    .insertInto('partner_step_rule')
    .values(rule)
    .onConflict((conflict) => conflict.columns(['strategy_name', 'name']).doNothing())
    .returning('name')
    .executeTakeFirst();
  return inserted !== undefined;
}

/**
 * Gives a strategy's rule its new place in the order, and the steps it offered with it, so
 * every partner's checklist follows the programme's order.
 */
export async function placeStepRule(
  db: Db,
  rule: { strategyName: string; name: string; position: number },
) {
  await db
    .updateTable('partner_step_rule')
    .set({ position: rule.position })
    .where('strategy_name', '=', rule.strategyName)
    .where('name', '=', rule.name)
    .execute();
  await db
    .updateTable('partner_suggested_step')
    .set({ sort_order: rule.position })
    .where('strategy_name', '=', rule.strategyName)
    .where('name', '=', rule.name)
    .execute();
}

/** Every resource, those in the library first, newest first, with its uploaded file's name. */
export async function listAllResources(db: Db) {
  return db
    .selectFrom('partner_resource')
    .leftJoin('partner_resource_file as file', 'file.resource_id', 'partner_resource.id')
    .selectAll('partner_resource')
    .select(['file.file_name', 'file.size as file_size'])
    .orderBy(sql`case when retired_at is null then 0 else 1 end`)
    .orderBy('published_at', 'desc')
    .orderBy('title')
    .execute();
}

/** Adds the resource unless its id is taken; answers whether it was added. */
export async function insertResourceOnce(db: Db, resource: PartnerResourceTable) {
  const inserted = await db
    .insertInto('partner_resource')
    .values(resource)
    .onConflict((conflict) => conflict.column('id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function updateResource(
  db: Db,
  id: string,
  resource: Pick<
    PartnerResourceTable,
    'title' | 'summary' | 'resource_type' | 'product' | 'min_tier' | 'url'
  >,
) {
  return changed(
    await db
      .updateTable('partner_resource')
      .set(resource)
      .where('id', '=', id)
      .where('retired_at', 'is', null)
      .executeTakeFirst(),
  );
}

export async function retireResource(db: Db, id: string, at: string) {
  return changed(
    await db
      .updateTable('partner_resource')
      .set({ retired_at: at })
      .where('id', '=', id)
      .where('retired_at', 'is', null)
      .executeTakeFirst(),
  );
}
