import type { Kysely } from 'kysely';
import {
  additionSummary,
  checkRewardForm,
  editSummary,
  formatPoints,
  RETIREMENT_SUMMARY,
  type RewardForm,
} from '~core/partner';
import type { Database } from '~server/db/schema.ts';
import { listUserSummaries } from '~server/modules/identity';
import * as admin from './admin.repository.ts';
import { holdRows } from './admin-configuration.repository.ts';
import type { AdminChange } from './admin.service.ts';
import { recordChange, type ChangeAuthor } from './configuration-changes.service.ts';
import { post } from './engine.service.ts';
import { createReward } from './programme.service.ts';
import { findReward } from './programme.repository.ts';

/* The admins' rewards catalogue and their decisions on partners' redemptions. */

const NAME_TAKEN = 'Another reward has this name.';

type RewardFields = { name: string; description: string; pointsCost: string; stock: string };

const REWARD_LABELS = {
  name: 'Name',
  description: 'Description',
  pointsCost: 'Points',
  stock: 'Stock',
} as const;

const shownReward = (reward: RewardForm) => ({
  name: reward.name,
  description: reward.description,
  pointsCost: formatPoints(reward.pointsCost),
  stock: reward.stock === null ? 'no limit' : String(reward.stock),
});

/** A new reward; sent twice (or with a name in use) it is one reward, recorded once. */
export async function addReward(
  db: Kysely<Database>,
  form: RewardFields,
  by: ChangeAuthor,
): Promise<AdminChange> {
  const checked = checkRewardForm(form);
  if (!checked.ok) return checked;
  await db.transaction().execute(async (trx) => {
    const id = await createReward(trx, checked.value, by.at);
    if (id === undefined) return;
    await recordChange(
      trx,
      by,
      { kind: 'reward', id, name: checked.value.name },
      additionSummary(REWARD_LABELS, shownReward(checked.value)),
    );
  });
  return { ok: true };
}

const GONE: AdminChange = { ok: false, message: 'This reward is not there any more.' };

export async function editReward(
  db: Kysely<Database>,
  rewardId: string,
  form: RewardFields,
  by: ChangeAuthor,
): Promise<AdminChange> {
  const checked = checkRewardForm(form);
  if (!checked.ok) return checked;
  return db.transaction().execute(async (trx) => {
    await holdRows(trx, 'partner_reward', rewardId);
    const before = await findReward(trx, rewardId);
    if (before === undefined) return GONE;
    const named = await admin.findRewardByName(trx, checked.value.name);
    if (named !== undefined && named.id !== rewardId)
      return { ok: false, field: 'name', message: NAME_TAKEN } as const;
    await admin.updateReward(trx, rewardId, {
      name: checked.value.name,
      description: checked.value.description,
      points_cost: checked.value.pointsCost,
      stock: checked.value.stock,
    });
    const old = {
      name: before.name,
      description: before.description,
      pointsCost: before.points_cost,
      stock: before.stock,
    };
    await recordChange(
      trx,
      by,
      { kind: 'reward', id: rewardId, name: checked.value.name },
      editSummary(REWARD_LABELS, shownReward(old), shownReward(checked.value)),
    );
    return { ok: true } as const;
  });
}

/** No longer offered; its redemptions, decided or not, keep naming it. Retired once. */
export async function retireReward(db: Kysely<Database>, rewardId: string, by: ChangeAuthor) {
  await db.transaction().execute(async (trx) => {
    if (!(await admin.retireReward(trx, rewardId, by.at.toISOString()))) return;
    const reward = await findReward(trx, rewardId);
    await recordChange(
      trx,
      by,
      { kind: 'reward', id: rewardId, name: reward?.name ?? rewardId },
      RETIREMENT_SUMMARY,
    );
  });
}

const DECIDED_SHOWN = 20;

/** Every partner's requests still to decide and the latest decided, with who asked. */
export async function redemptionsToDecide(db: Kysely<Database>) {
  const [waiting, decided] = await Promise.all([
    admin.listRedemptionsByStatus(db, 'requested', 200),
    admin.listRedemptionsByStatus(db, 'decided', DECIDED_SHOWN),
  ]);
  const people = await listUserSummaries(db, [
    ...new Set([...waiting, ...decided].map((row) => row.user_id)),
  ]);
  const view = (row: admin.AdminRedemptionRow) => {
    const person = people.find((candidate) => candidate.id === row.user_id);
    return {
      id: row.id,
      rewardName: row.reward_name,
      points: row.points,
      status: row.status,
      partner: person ? `${person.firstName} ${person.lastName}`.trim() : 'A former partner',
      email: person?.email ?? null,
      createdAt: row.created_at,
      decidedAt: row.updated_at,
      /** The challenge a prize was won in; null for a reward bought with points. */
      challengeName: row.challenge_name,
      outOfStock: row.out_of_stock === 1,
    };
  };
  return { waiting: waiting.map(view), decided: decided.map(view) };
}

export type RedemptionDecision = { ok: true } | { ok: false; reason: 'decided' };

/** Whether a request that was not changed now is already as asked: a resent form's answer. */
async function alreadyDecided(
  db: Kysely<Database>,
  redemptionId: string,
  status: 'fulfilled' | 'cancelled',
): Promise<RedemptionDecision> {
  const redemption = await admin.findRedemption(db, redemptionId);
  return redemption?.status === status ? { ok: true } : { ok: false, reason: 'decided' };
}

/** Marks a waiting request fulfilled; the same form sent twice answers as the first did. */
export async function fulfilRedemption(
  db: Kysely<Database>,
  redemptionId: string,
  at: Date,
): Promise<RedemptionDecision> {
  const changed = await admin.decideRedemption(db, redemptionId, 'fulfilled', at.toISOString());
  return changed ? { ok: true } : alreadyDecided(db, redemptionId, 'fulfilled');
}

/**
 * Cancels a request that is still waiting: the points come back as a ledger entry of the
 * redemption (so they never count towards the tier, as spending them did not) and the item back
 * to stock, in the transaction that cancels it, so they come back once. A prize cost no points,
 * and one won out of stock took no item. The same form sent twice answers as the first did.
 */
export async function cancelRedemption(
  db: Kysely<Database>,
  redemptionId: string,
  at: Date,
): Promise<RedemptionDecision> {
  const outcome = await db.transaction().execute(async (trx) => {
    const redemption = await admin.findRedemption(trx, redemptionId);
    if (redemption === undefined) return 'decided';
    if (!(await admin.decideRedemption(trx, redemptionId, 'cancelled', at.toISOString())))
      return 'decided';
    if (redemption.out_of_stock === 0) await admin.giveBackStock(trx, redemption.reward_id);
    if (redemption.points > 0)
      await post(trx, {
        userId: redemption.user_id,
        kind: 'redeemed',
        points: redemption.points,
        reason: `Reward cancelled, points returned: ${redemption.reward_name}`,
        sourceEvent: `redemption-cancelled:${redemption.id}`,
        occurredAt: at,
      });
    return 'cancelled';
  });
  return outcome === 'cancelled' ? { ok: true } : alreadyDecided(db, redemptionId, 'cancelled');
}
