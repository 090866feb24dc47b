import type { Kysely } from 'kysely';
import {
  checkAdjustmentForm,
  checkEarningRuleForm,
  checkServiceJobOffer,
  editSummary,
  formatPoints,
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
import { listPartnerIdsByEmail } from '~server/modules/identity';
import * as configuration from './admin-configuration.repository.ts';
import * as admin from './admin.repository.ts';
import { recordChange, type ChangeAuthor } from './configuration-changes.service.ts';
import { recomputeTier, tierThresholds } from './engine.service.ts';
import * as repository from './partners.repository.ts';
import { adjustPoints } from './points.service.ts';
import { offerServiceJob } from './service-jobs.service.ts';

/*
 * The programme's tiers and earning rules, points adjustments and job offers
 * (docs/partner-programme.md); rewards and redemptions are in admin-rewards.service.ts.
 */

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
  change: { tier: RankedPartnerTier; threshold: string },
  by: ChangeAuthor,
): Promise<AdminChange> {
  if (change.threshold.trim() === '')
    return { ok: false, field: 'threshold', message: 'Enter the threshold in points.' };
  const threshold = Number(change.threshold.trim().replace(/,/g, ''));
  return db.transaction().execute(async (trx) => {
    await configuration.holdRows(trx, 'partner_tier_level');
    const before = await tierThresholds(trx);
    const thresholds = { ...before, [change.tier]: threshold };
    const problem = thresholdsProblem(thresholds);
    if (problem !== null) return { ok: false, field: 'threshold', message: problem } as const;
    if (before[change.tier] === threshold) return { ok: true } as const;
    await repository.saveTierThreshold(trx, change.tier, threshold);
    for (const member of await admin.listMemberTiers(trx)) {
      if (tierForPoints(member.tier_points, thresholds) !== member.tier) {
        await recomputeTier(trx, member.user_id, by.at);
      }
    }
    await recordChange(
      trx,
      by,
      { kind: 'tier', id: change.tier, name: tierDefinition(change.tier).label },
      editSummary(
        { threshold: 'Threshold' },
        { threshold: formatPoints(before[change.tier]) },
        { threshold: formatPoints(threshold) },
      ),
    );
    return { ok: true } as const;
  });
}

const shownEarningRule = (rule: { points: number; validDays: number | null } | undefined) => ({
  points: rule === undefined ? 'none' : formatPoints(rule.points),
  validDays: rule?.validDays == null ? 'for good' : String(rule.validDays),
});

export async function changeEarningRule(
  db: Kysely<Database>,
  change: { eventKind: string; points: string; validDays: string },
  by: ChangeAuthor,
): Promise<AdminChange> {
  if (!isPartnerEventKind(change.eventKind))
    return { ok: false, message: 'There is no such event.' };
  const eventKind: PartnerEventKind = change.eventKind;
  const checked = checkEarningRuleForm(change);
  if (!checked.ok) return checked;
  await db.transaction().execute(async (trx) => {
    await configuration.holdRows(trx, 'partner_earning_rule', eventKind);
    const before = await repository.findEarningRule(trx, eventKind);
    await repository.saveEarningRule(trx, {
      event_kind: eventKind,
      points: checked.value.points,
      valid_days: checked.value.validDays,
    });
    await recordChange(
      trx,
      by,
      { kind: 'earning-rule', id: eventKind, name: PARTNER_EVENT_REASONS[eventKind] },
      editSummary(
        { points: 'Points', validDays: 'Days valid' },
        shownEarningRule(before && { points: before.points, validDays: before.valid_days }),
        shownEarningRule(checked.value),
      ),
    );
  });
  return { ok: true };
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
