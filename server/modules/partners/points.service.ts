import type { Kysely } from 'kysely';
import {
  ledgerCsv,
  ledgerFilterRange,
  lotsExpiringWithin,
  nextPartnerTier,
  parsePartnerTier,
  tierDefinitionOf,
  type LedgerFilter,
  type LedgerLine,
  type PartnerTier,
} from '~core/partner';
import { escapeHtml } from '~core/content';
import { newRecordId } from '~server/db/ids.ts';
import type { Database } from '~server/db/schema.ts';
import { queueMail } from '~server/modules/mail';
import { post, tierThresholds } from './engine.service.ts';
import * as ledger from './ledger.repository.ts';
import * as repository from './partners.repository.ts';
import * as programme from './programme.repository.ts';

/** How far ahead the account page warns of points about to expire. */
export const EXPIRY_WARNING_DAYS = 60;
/** The account page shows this many ledger lines; the export has them all. */
const LEDGER_PAGE_LINES = 200;

export interface PointsAccount {
  tier: PartnerTier;
  tierLabel: string | null;
  badgeImage: string | null;
  tierPoints: number;
  balance: number;
  nextTier: { tier: PartnerTier; label: string; threshold: number; missing: number } | null;
  entries: (LedgerLine & { id: string })[];
  /** More lines match than the page shows. */
  truncated: boolean;
  expiring: { points: number; expiresAt: string }[];
}

function line(row: {
  id: string;
  occurred_at: string;
  kind: LedgerLine['kind'];
  points: number;
  reason: string;
  expires_at: string | null;
}) {
  return {
    id: row.id,
    occurredAt: row.occurred_at,
    kind: row.kind,
    points: row.points,
    reason: row.reason,
    expiresAt: row.expires_at,
  };
}

/** The partner's own points section: only ever their own ledger. */
export async function pointsAccount(
  db: Kysely<Database>,
  userId: string,
  filter: LedgerFilter,
  now: Date,
): Promise<PointsAccount> {
  const [member, thresholds, shown, all] = await Promise.all([
    repository.findMember(db, userId),
    tierThresholds(db),
    ledger.listEntries(db, userId, {
      ...(filter.kind === 'all' ? {} : { kind: filter.kind }),
      ...ledgerFilterRange(filter),
      limit: LEDGER_PAGE_LINES + 1,
    }),
    ledger.listEntries(db, userId),
  ]);
  const tier = parsePartnerTier(member?.tier) ?? 'none';
  const tierPoints = member?.tier_points ?? 0;
  const definition = tierDefinitionOf(tier);
  const next = nextPartnerTier(tier);
  const expiring = lotsExpiringWithin(
    all.map((entry) => ({
      id: entry.id,
      kind: entry.kind,
      points: entry.points,
      occurredAt: entry.occurred_at,
      expiresAt: entry.expires_at,
    })),
    now,
    EXPIRY_WARNING_DAYS,
  );
  return {
    tier,
    tierLabel: definition?.label ?? null,
    badgeImage: definition?.badgeImage ?? null,
    tierPoints,
    balance: member?.points_balance ?? 0,
    nextTier:
      next === null
        ? null
        : {
            tier: next,
            label: tierDefinitionOf(next)?.label ?? next,
            threshold: thresholds[next],
            missing: Math.max(0, thresholds[next] - tierPoints),
          },
    entries: shown.slice(0, LEDGER_PAGE_LINES).map(line),
    truncated: shown.length > LEDGER_PAGE_LINES,
    expiring: expiring.map((lot) => ({ points: lot.remaining, expiresAt: lot.expiresAt ?? '' })),
  };
}

/** The whole filtered ledger as CSV. */
export async function pointsLedgerCsv(
  db: Kysely<Database>,
  userId: string,
  filter: LedgerFilter,
): Promise<string> {
  const rows = await ledger.listEntries(db, userId, {
    ...(filter.kind === 'all' ? {} : { kind: filter.kind }),
    ...ledgerFilterRange(filter),
  });
  return ledgerCsv(rows.map(line));
}

export type AdjustmentResult = { ok: true } | { ok: false; reason: 'not-enough-points' };

/**
 * An admin's correction of a partner's points, with its reason, as a ledger entry. A deduction
 * never takes the balance below nothing; the request key makes a resent form one adjustment.
 */
export async function adjustPoints(
  db: Kysely<Database>,
  adjustment: {
    userId: string;
    points: number;
    reason: string;
    adminId: string;
    requestKey: string;
    at: Date;
  },
): Promise<AdjustmentResult> {
  const outcome = await db.transaction().execute((trx) =>
    post(trx, {
      userId: adjustment.userId,
      kind: 'adjusted',
      points: adjustment.points,
      reason: adjustment.reason,
      sourceEvent: `adjustment:${adjustment.requestKey}`,
      occurredAt: adjustment.at,
      recordedBy: adjustment.adminId,
    }),
  );
  return outcome === 'not-enough-points' ? { ok: false, reason: outcome } : { ok: true };
}

export type RedemptionResult =
  | { ok: true; redemptionId: string }
  | { ok: false; reason: 'not-found' | 'out-of-stock' | 'not-enough-points' };

class RedemptionRefused extends Error {
  constructor(readonly reason: 'out-of-stock' | 'not-enough-points') {
    super(reason);
  }
}

/**
 * Spends points on a reward: the stock and the balance are each taken by a conditional update,
 * so of two redemptions racing for the last item or the last points one wins and the other
 * changes nothing. A resent request (the same key) is the first redemption. The partner is
 * mailed the request in the same transaction.
 */
export async function redeemReward(
  db: Kysely<Database>,
  request: {
    userId: string;
    email: string | null;
    rewardId: string;
    requestKey: string;
    at: Date;
  },
): Promise<RedemptionResult> {
  const reward = await programme.findReward(db, request.rewardId);
  if (reward === undefined || reward.retired_at !== null) return { ok: false, reason: 'not-found' };
  const id = newRecordId('partnerRedemption');
  const at = request.at.toISOString();
  try {
    return await db.transaction().execute(async (trx) => {
      const claimed = await programme.insertRedemption(trx, {
        id,
        userId: request.userId,
        rewardId: reward.id,
        points: reward.points_cost,
        requestKey: `${request.userId}:${request.requestKey}`,
        at,
      });
      if (!claimed) return { ok: true, redemptionId: id } as const;
      if (reward.stock !== null && !(await programme.takeStock(trx, reward.id))) {
        throw new RedemptionRefused('out-of-stock');
      }
      const posted = await post(trx, {
        userId: request.userId,
        kind: 'redeemed',
        points: -reward.points_cost,
        reason: `Reward redeemed: ${reward.name}`,
        sourceEvent: `redemption:${id}`,
        occurredAt: request.at,
      });
      if (posted !== 'posted') throw new RedemptionRefused('not-enough-points');
      if (request.email !== null) {
        await queueMail(
          trx,
          [
            {
              eventKey: `redemption:${id}`,
              to: request.email,
              subject: `Your reward: ${reward.name}`,
              text: `We have your request for ${reward.name} (${reward.points_cost} points). We will let you know when it is on its way.`,
              html: `<p>We have your request for <strong>${escapeHtml(reward.name)}</strong> (${reward.points_cost} points). We will let you know when it is on its way.</p>`,
            },
          ],
          request.at,
        );
      }
      return { ok: true, redemptionId: id } as const;
    });
  } catch (error) {
    if (error instanceof RedemptionRefused) return { ok: false, reason: error.reason };
    throw error;
  }
}
