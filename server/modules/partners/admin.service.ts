import type { Kysely } from 'kysely';
import {
  checkAdjustmentForm,
  checkEarningRuleForm,
  checkRewardForm,
  checkServiceJobOffer,
  parseServiceJobStatus,
  serviceJobKindLabel,
  SERVICE_JOB_STATUS_LABEL,
  type ServiceJobOffer,
  isPartnerEventKind,
  PARTNER_EVENT_REASONS,
  thresholdsProblem,
  tierDefinition,
  tierForPoints,
  type AdminFormResult,
  type PartnerEventKind,
  type RankedPartnerTier,
} from '~core/partner';
import { stableRecordId } from '~server/db/ids.ts';
import type { Database } from '~server/db/schema.ts';
import { listPartnerIdsByEmail, listUserSummaries } from '~server/modules/identity';
import * as admin from './admin.repository.ts';
import { post, recomputeTier, tierThresholds } from './engine.service.ts';
import * as repository from './partners.repository.ts';
import { adjustPoints } from './points.service.ts';
import { createReward } from './programme.service.ts';
import { offerServiceJob } from './service-jobs.service.ts';

/* The programme's configuration and the admins' decisions (docs/partner-programme.md). */

export type AdminChange = { ok: true } | { ok: false; field?: string; message: string };

const refusal = (result: AdminFormResult<unknown> & { ok: false }): AdminChange => ({
  ok: false,
  field: result.field,
  message: result.message,
});

export async function programmeConfiguration(db: Kysely<Database>) {
  const [thresholds, rules, rewards] = await Promise.all([
    tierThresholds(db),
    repository.listEarningRules(db),
    admin.listAllRewards(db),
  ]);
  return {
    tiers: (Object.keys(thresholds) as RankedPartnerTier[]).map((tier) => ({
      tier,
      label: tierDefinition(tier).label,
      threshold: thresholds[tier],
    })),
    earningRules: rules.flatMap((rule) =>
      isPartnerEventKind(rule.event_kind)
        ? [
            {
              eventKind: rule.event_kind,
              label: PARTNER_EVENT_REASONS[rule.event_kind],
              points: rule.points,
              validDays: rule.valid_days,
            },
          ]
        : [],
    ),
    rewards: rewards.map((row) => ({
      id: row.id,
      name: row.name,
      description: row.description,
      pointsCost: row.points_cost,
      stock: row.stock,
      retired: row.retired_at !== null,
    })),
  };
}

/**
 * Moves one tier's threshold, keeping them rising, and moves every partner whose tier points now
 * fall in another tier in the same transaction: promoted partners are celebrated, demoted ones
 * lose the badges above their tier, as when their points change.
 */
export async function changeTierThreshold(
  db: Kysely<Database>,
  change: { tier: RankedPartnerTier; threshold: string; at: Date },
): Promise<AdminChange> {
  const threshold = Number(change.threshold.trim().replace(/,/g, ''));
  const thresholds = { ...(await tierThresholds(db)), [change.tier]: threshold };
  const problem =
    change.threshold.trim() === ''
      ? 'Enter the threshold in points.'
      : thresholdsProblem(thresholds);
  if (problem !== null) return { ok: false, field: 'threshold', message: problem };
  await db.transaction().execute(async (trx) => {
    await repository.saveTierThreshold(trx, change.tier, threshold);
    for (const member of await admin.listMemberTiers(trx)) {
      if (tierForPoints(member.tier_points, thresholds) !== member.tier) {
        await recomputeTier(trx, member.user_id, change.at);
      }
    }
  });
  return { ok: true };
}

export async function changeEarningRule(
  db: Kysely<Database>,
  change: { eventKind: string; points: string; validDays: string },
): Promise<AdminChange> {
  if (!isPartnerEventKind(change.eventKind))
    return { ok: false, message: 'There is no such event.' };
  const checked = checkEarningRuleForm(change);
  if (!checked.ok) return refusal(checked);
  await repository.saveEarningRule(db, {
    event_kind: change.eventKind satisfies PartnerEventKind,
    points: checked.value.points,
    valid_days: checked.value.validDays,
  });
  return { ok: true };
}

const NAME_TAKEN = 'Another reward has this name.';

type RewardFields = { name: string; description: string; pointsCost: string; stock: string };

/** A new reward; sent twice (or with a name in use) it is one reward. */
export async function addReward(
  db: Kysely<Database>,
  form: RewardFields,
  at: Date,
): Promise<AdminChange> {
  const checked = checkRewardForm(form);
  if (!checked.ok) return refusal(checked);
  await createReward(db, checked.value, at);
  return { ok: true };
}

export async function editReward(
  db: Kysely<Database>,
  rewardId: string,
  form: RewardFields,
): Promise<AdminChange> {
  const checked = checkRewardForm(form);
  if (!checked.ok) return refusal(checked);
  const named = await admin.findRewardByName(db, checked.value.name);
  if (named !== undefined && named.id !== rewardId)
    return { ok: false, field: 'name', message: NAME_TAKEN };
  const updated = await admin.updateReward(db, rewardId, {
    name: checked.value.name,
    description: checked.value.description,
    points_cost: checked.value.pointsCost,
    stock: checked.value.stock,
  });
  return updated ? { ok: true } : { ok: false, message: 'This reward is not there any more.' };
}

/** No longer offered; its redemptions, decided or not, keep naming it. */
export async function retireReward(db: Kysely<Database>, rewardId: string, at: Date) {
  await admin.retireReward(db, rewardId, at.toISOString());
}

/**
 * An admin's adjustment of a partner's points, found by their sign-in address. The request key
 * is the form's, so a double-clicked form is one entry.
 */
export async function adjustPartnerPoints(
  db: Kysely<Database>,
  form: {
    email: string;
    points: string;
    reason: string;
    adminId: string;
    requestKey: string;
    at: Date;
  },
): Promise<AdminChange> {
  const checked = checkAdjustmentForm(form);
  if (!checked.ok) return refusal(checked);
  const partners = await listPartnerIdsByEmail(db, checked.value.email);
  const [partnerId] = partners;
  if (partnerId === undefined)
    return { ok: false, field: 'email', message: 'No partner signs in with this address.' };
  if (partners.length > 1)
    return {
      ok: false,
      field: 'email',
      message: 'More than one partner signs in with this address; adjust through the support team.',
    };
  const outcome = await adjustPoints(db, {
    userId: partnerId,
    points: checked.value.points,
    reason: checked.value.reason,
    adminId: form.adminId,
    requestKey: form.requestKey,
    at: form.at,
  });
  return outcome.ok
    ? { ok: true }
    : {
        ok: false,
        field: 'points',
        message: 'The partner does not have that many points to take.',
      };
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
 * to stock, in the transaction that cancels it, so they come back once. The same form sent twice
 * answers as the first did.
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
    await admin.giveBackStock(trx, redemption.reward_id);
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

/** A job offered to every partner practice; the form's key makes a double submit one offer. */
export async function offerJob(
  db: Kysely<Database>,
  form: ServiceJobOffer & { requestKey: string; at: Date },
): Promise<AdminChange> {
  const checked = checkServiceJobOffer(form);
  if (!checked.ok) return refusal(checked);
  await offerServiceJob(db, {
    ...checked.value,
    id: stableRecordId('partnerServiceJob', `offer:${form.requestKey}`),
    at: form.at,
  });
  return { ok: true };
}

/** The latest jobs, whoever has them, for the admins' page. */
export async function recentServiceJobs(db: Kysely<Database>) {
  const rows = await admin.listRecentServiceJobs(db, 50);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    kind: serviceJobKindLabel(row.job_kind),
    status: SERVICE_JOB_STATUS_LABEL[parseServiceJobStatus(row.status) ?? 'offered'],
    clientName: row.client_name,
    offeredAt: row.created_at,
  }));
}
