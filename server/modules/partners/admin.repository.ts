import type { ModuleDatabase } from '~server/db/schema.ts';
import type { PartnerRewardRow, PartnersTables, RedemptionStatus } from './partners.tables.ts';

type Db = ModuleDatabase<PartnersTables>;

/* What the programme's admin pages change: thresholds' members, rewards, redemptions. */

export async function listMemberTiers(db: Db) {
  return db.selectFrom('partner_member').select(['user_id', 'tier', 'tier_points']).execute();
}

export async function listAllRewards(db: Db): Promise<PartnerRewardRow[]> {
  return db
    .selectFrom('partner_reward')
    .selectAll()
    .orderBy('retired_at', 'desc')
    .orderBy('points_cost')
    .execute();
}

export async function findRewardByName(db: Db, name: string) {
  return db.selectFrom('partner_reward').select('id').where('name', '=', name).executeTakeFirst();
}

/** Answers false when the reward is not there, or another reward has the name. */
export async function updateReward(
  db: Db,
  id: string,
  reward: { name: string; description: string; points_cost: number; stock: number | null },
): Promise<boolean> {
  const result = await db
    .updateTable('partner_reward')
    .set(reward)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function retireReward(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('partner_reward')
    .set({ retired_at: at })
    .where('id', '=', id)
    .where('retired_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function giveBackStock(db: Db, rewardId: string): Promise<void> {
  await db
    .updateTable('partner_reward')
    .set((eb) => ({ stock: eb('stock', '+', 1) }))
    .where('id', '=', rewardId)
    .where('stock', 'is not', null)
    .execute();
}

export interface AdminRedemptionRow {
  id: string;
  user_id: string;
  reward_id: string;
  reward_name: string;
  points: number;
  status: RedemptionStatus;
  created_at: string;
  updated_at: string;
  challenge_name: string | null;
  out_of_stock: number;
}

const REDEMPTION_COLUMNS = [
  'redemption.id',
  'redemption.user_id',
  'redemption.reward_id',
  'reward.name as reward_name',
  'redemption.points',
  'redemption.status',
  'redemption.created_at',
  'redemption.updated_at',
  'challenge.name as challenge_name',
  'redemption.out_of_stock',
] as const;

/** Redemptions with their reward, and the challenge a prize was won in. */
function redemptions(db: Db) {
  return db
    .selectFrom('partner_redemption as redemption')
    .innerJoin('partner_reward as reward', 'reward.id', 'redemption.reward_id')
    .leftJoin('partner_challenge as challenge', 'challenge.id', 'redemption.challenge_id')
    .select(REDEMPTION_COLUMNS);
}

/** Every partner's requests still to decide, oldest first, then the latest decided. */
export async function listRedemptionsByStatus(
  db: Db,
  status: RedemptionStatus | 'decided',
  limit: number,
): Promise<AdminRedemptionRow[]> {
  const query = redemptions(db);
  return status === 'decided'
    ? query
        .where('redemption.status', '<>', 'requested')
        .orderBy('redemption.updated_at', 'desc')
        .limit(limit)
        .execute()
    : query
        .where('redemption.status', '=', status)
        .orderBy('redemption.created_at')
        .limit(limit)
        .execute();
}

export async function findRedemption(db: Db, id: string) {
  return redemptions(db).where('redemption.id', '=', id).executeTakeFirst();
}

/** Decides a request once: of two admins deciding at the same moment, one changes it. */
export async function decideRedemption(
  db: Db,
  id: string,
  status: Exclude<RedemptionStatus, 'requested'>,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('partner_redemption')
    .set({ status, updated_at: at })
    .where('id', '=', id)
    .where('status', '=', 'requested')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function listRecentServiceJobs(db: Db, limit: number) {
  return db
    .selectFrom('partner_service_job')
    .select(['id', 'title', 'job_kind', 'status', 'client_name', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}
