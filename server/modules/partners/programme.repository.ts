import type { ModuleDatabase } from '~server/db/schema.ts';
import type {
  PartnerChallengeRow,
  PartnerChallengeTable,
  PartnerRewardRow,
  PartnerRewardTable,
  PartnersTables,
  RedemptionStatus,
} from './partners.tables.ts';

type Db = ModuleDatabase<PartnersTables>;

/* Challenges and rewards: what the programme offers beyond the points its rules give. */

export async function insertChallenge(db: Db, challenge: PartnerChallengeTable): Promise<void> {
  await db.insertInto('partner_challenge').values(challenge).execute();
}

export async function findChallengeByName(
  db: Db,
  name: string,
): Promise<PartnerChallengeRow | undefined> {
  return db.selectFrom('partner_challenge').selectAll().where('name', '=', name).executeTakeFirst();
}

export async function findChallenge(db: Db, id: string): Promise<PartnerChallengeRow | undefined> {
  return db.selectFrom('partner_challenge').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Challenges that have not ended by the day given, soonest ending first, with their prize. */
export async function listChallenges(db: Db, notEndedBy: string) {
  return db
    .selectFrom('partner_challenge as challenge')
    .leftJoin('partner_reward as reward', 'reward.id', 'challenge.reward_id')
    .selectAll('challenge')
    .select('reward.name as prize')
    .where('challenge.ends_on', '>=', notEndedBy)
    .orderBy('challenge.ends_on')
    .orderBy('challenge.name')
    .execute();
}

export interface ChallengeEntryRow {
  challenge_id: string;
  joined_at: string;
  on_leaderboard: number;
  completed_at: string | null;
}

export async function listEntriesOf(db: Db, userId: string): Promise<ChallengeEntryRow[]> {
  return db
    .selectFrom('partner_challenge_entry')
    .select(['challenge_id', 'joined_at', 'on_leaderboard', 'completed_at'])
    .where('user_id', '=', userId)
    .execute();
}

/** The partner's unfinished challenges that count events of the kind, with their terms. */
export async function listOpenEntries(db: Db, userId: string, goalKind: string) {
  return db
    .selectFrom('partner_challenge_entry as entry')
    .innerJoin('partner_challenge as challenge', 'challenge.id', 'entry.challenge_id')
    .select([
      'entry.challenge_id',
      'entry.joined_at',
      'challenge.name',
      'challenge.goal_count',
      'challenge.points',
      'challenge.starts_on',
      'challenge.ends_on',
      'challenge.reward_id',
    ])
    .where('entry.user_id', '=', userId)
    .where('entry.completed_at', 'is', null)
    .where('challenge.goal_kind', '=', goalKind)
    .execute();
}

/** Joins the partner to the challenge; joining twice keeps the first entry. */
export async function insertEntry(
  db: Db,
  entry: { challengeId: string; userId: string; joinedAt: string; onLeaderboard: boolean },
): Promise<void> {
  await db
    .insertInto('partner_challenge_entry')
    .values({
      challenge_id: entry.challengeId,
      user_id: entry.userId,
      joined_at: entry.joinedAt,
      on_leaderboard: entry.onLeaderboard ? 1 : 0,
      completed_at: null,
    })
    .onConflict((conflict) => conflict.columns(['challenge_id', 'user_id']).doNothing())
    .execute();
}

/** Leaves an unfinished challenge; a completed one stays on the partner's record. */
export async function deleteOpenEntry(db: Db, challengeId: string, userId: string): Promise<void> {
  await db
    .deleteFrom('partner_challenge_entry')
    .where('challenge_id', '=', challengeId)
    .where('user_id', '=', userId)
    .where('completed_at', 'is', null)
    .execute();
}

/** Completes the entry once: answers false when it was complete already. */
export async function completeEntry(
  db: Db,
  challengeId: string,
  userId: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('partner_challenge_entry')
    .set({ completed_at: at })
    .where('challenge_id', '=', challengeId)
    .where('user_id', '=', userId)
    .where('completed_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The partners who chose to show on the challenge's leaderboard, finished first. */
export async function listLeaderboard(db: Db, challengeId: string) {
  return db
    .selectFrom('partner_challenge_entry')
    .select(['user_id', 'joined_at', 'completed_at'])
    .where('challenge_id', '=', challengeId)
    .where('on_leaderboard', '=', 1)
    .orderBy('completed_at')
    .orderBy('joined_at')
    .limit(20)
    .execute();
}

/** Adds the reward unless one has its name; answers whether it was added. */
export async function insertReward(db: Db, reward: PartnerRewardTable): Promise<boolean> {
  const inserted = await db
    .insertInto('partner_reward')
    .values(reward)
    .onConflict((conflict) => conflict.column('name').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function listRewards(db: Db): Promise<PartnerRewardRow[]> {
  return db
    .selectFrom('partner_reward')
    .selectAll()
    .where('retired_at', 'is', null)
    .orderBy('points_cost')
    .execute();
}

export async function findReward(db: Db, id: string): Promise<PartnerRewardRow | undefined> {
  return db.selectFrom('partner_reward').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Takes one from a limited reward's stock only while there is one; unlimited rewards pass. */
export async function takeStock(db: Db, rewardId: string): Promise<boolean> {
  const result = await db
    .updateTable('partner_reward')
    .set((eb) => ({ stock: eb('stock', '-', 1) }))
    .where('id', '=', rewardId)
    .where('stock', '>', 0)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Claims the request key; answers false when the same request was made before. A prize names
 * the challenge it was won in.
 */
export async function insertRedemption(
  db: Db,
  redemption: {
    id: string;
    userId: string;
    rewardId: string;
    points: number;
    requestKey: string;
    at: string;
    challengeId?: string;
  },
): Promise<boolean> {
  const inserted = await db
    .insertInto('partner_redemption')
    .values({
      id: redemption.id,
      user_id: redemption.userId,
      reward_id: redemption.rewardId,
      points: redemption.points,
      status: 'requested',
      request_key: redemption.requestKey,
      created_at: redemption.at,
      updated_at: redemption.at,
      challenge_id: redemption.challengeId ?? null,
      out_of_stock: 0,
    })
    .onConflict((conflict) => conflict.column('request_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** A prize whose reward had run out when it was won: an admin fulfils it another way. */
export async function markOutOfStock(db: Db, redemptionId: string): Promise<void> {
  await db
    .updateTable('partner_redemption')
    .set({ out_of_stock: 1 })
    .where('id', '=', redemptionId)
    .execute();
}

export interface RedemptionRow {
  id: string;
  reward_name: string;
  points: number;
  status: RedemptionStatus;
  created_at: string;
  challenge_name: string | null;
  out_of_stock: number;
}

export async function listRedemptions(db: Db, userId: string): Promise<RedemptionRow[]> {
  return db
    .selectFrom('partner_redemption as redemption')
    .innerJoin('partner_reward as reward', 'reward.id', 'redemption.reward_id')
    .leftJoin('partner_challenge as challenge', 'challenge.id', 'redemption.challenge_id')
    .select([
      'redemption.id',
      'reward.name as reward_name',
      'redemption.points',
      'redemption.status',
      'redemption.created_at',
      'challenge.name as challenge_name',
      'redemption.out_of_stock',
    ])
    .where('redemption.user_id', '=', userId)
    .orderBy('redemption.created_at', 'desc')
    .execute();
}

/**
 * A deleted account leaves every challenge's leaderboard; its ledger stays, linked to the
 * erased account, so what was earned and redeemed still adds up.
 */
export async function leaveLeaderboards(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('partner_challenge_entry')
    .set({ on_leaderboard: 0 })
    .where('user_id', '=', userId)
    .execute();
}
