import { expect, it } from 'vitest';
import { PARTNER_SUGGESTED_STEPS_STRATEGY, type PartnerEventKind } from '~core/partner';
import { newRecordId } from '~server/db/ids.ts';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { expireLapsedPoints, recordPartnerEvent } from './engine.service.ts';
import * as ledger from './ledger.repository.ts';
import { getPartnerTierData, listSuggestedSteps } from './partners.service.ts';
import { adjustPoints, pointsAccount, pointsLedgerCsv } from './points.service.ts';
import { createChallenge, joinChallenge, listChallengesFor } from './programme.service.ts';

const NOW = new Date('2026-03-10T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const ALL = { kind: 'all', from: '', to: '' } as const;

function partner(): string {
  return newRecordId('user');
}

function happened(userId: string, kind: PartnerEventKind, key: string, at = NOW) {
  return { userId, kind, sourceEvent: `${userId}:${key}`, subject: null, occurredAt: at };
}

describeEachDialect('partner programme engine', (database) => {
  it('earns an event’s points once, however often it is delivered', async () => {
    const { db } = database();
    const owner = partner();
    const cert = happened(owner, 'certification-passed', 'cert-1');
    expect(await recordPartnerEvent(db, cert)).toBe(true);
    expect(await recordPartnerEvent(db, cert)).toBe(false);
    await Promise.all([recordPartnerEvent(db, cert), recordPartnerEvent(db, cert)]);
    const entries = await ledger.listEntries(db, owner);
    // 250 for the certification, 150 for the suggested step it completes.
    expect(entries.map((entry) => [entry.kind, entry.points]).sort()).toEqual([
      ['earned', 150],
      ['earned', 250],
    ]);
    expect(entries.every((entry) => entry.expires_at === '2027-03-10T12:00:00.000Z')).toBe(true);
    expect((await getPartnerTierData(db, owner)).partnerPointsBalance).toBe(400);
  });

  it('keeps the balance the sum of the ledger and recomputes the tier as it changes', async () => {
    const { db } = database();
    const owner = partner();
    await recordPartnerEvent(db, happened(owner, 'certification-passed', 'cert'));
    expect(await getPartnerTierData(db, owner)).toMatchObject({
      partnerTier: 'starter',
      partnerTierAcknowledged: false,
    });
    await recordPartnerEvent(db, happened(owner, 'client-subscription-added', 'client-1'));
    const data = await getPartnerTierData(db, owner);
    expect(data).toMatchObject({ partnerTier: 'bronze', partnerPointsBalance: 700 });
    expect(await ledger.sumEntries(db, owner)).toBe(700);
    expect((await pointsAccount(db, owner, ALL, NOW)).balance).toBe(700);
  });

  it('completes the suggested step its event names, and offers steps by tier', async () => {
    const { db } = database();
    const owner = partner();
    await recordPartnerEvent(db, happened(owner, 'programme-joined', 'joined'));
    const names = async () =>
      (await listSuggestedSteps(db, owner, PARTNER_SUGGESTED_STEPS_STRATEGY)).map((step) => [
        step.Name,
        step.Complete__c,
      ]);
    expect(await names()).toContainEqual(['Get partner certified', false]);
    expect((await names()).map(([name]) => name)).not.toContain('Take on a challenge');
    await recordPartnerEvent(db, happened(owner, 'certification-passed', 'cert'));
    expect(await names()).toContainEqual(['Get partner certified', true]);
    expect((await names()).map(([name]) => name)).toContain('Take on a challenge');
  });

  it('completes a joined challenge from events after joining, once, with its points', async () => {
    const { db } = database();
    const owner = partner();
    const other = partner();
    const challengeId = await createChallenge(
      db,
      {
        name: `Two clients ${owner}`,
        description: 'Add two clients',
        goalKind: 'client-subscription-added',
        goalCount: 2,
        points: 150,
        startsOn: '2026-03-01',
        endsOn: '2026-03-31',
      },
      NOW,
    );
    const before = new Date(NOW.getTime() - 1000);
    await recordPartnerEvent(db, happened(owner, 'client-subscription-added', 'before', before));
    await joinChallenge(db, { userId: owner, challengeId, onLeaderboard: false, at: NOW });
    const later = new Date(NOW.getTime() + 1000);
    await recordPartnerEvent(db, happened(owner, 'client-subscription-added', 'c1', later));
    await recordPartnerEvent(db, happened(other, 'client-subscription-added', 'o1', later));
    let view = (await listChallengesFor(db, owner, later)).find((c) => c.id === challengeId);
    expect(view?.progress).toEqual({ done: 1, goal: 2, complete: false });
    await recordPartnerEvent(db, happened(owner, 'client-subscription-added', 'c2', later));
    await recordPartnerEvent(db, happened(owner, 'client-subscription-added', 'c3', later));
    view = (await listChallengesFor(db, owner, later)).find((c) => c.id === challengeId);
    expect(view?.progress).toEqual({ done: 2, goal: 2, complete: true });
    const reasons = (await ledger.listEntries(db, owner)).map((entry) => entry.reason);
    expect(reasons.filter((reason) => reason.startsWith('Challenge completed'))).toEqual([
      `Challenge completed: Two clients ${owner}`,
    ]);
    expect(
      (await listChallengesFor(db, other, later)).find((c) => c.id === challengeId)?.joined,
    ).toBe(false);
  });

  it('expires lapsed points oldest first, once, after what was spent', async () => {
    const { db } = database();
    const owner = partner();
    const earned = new Date(NOW.getTime() - 400 * DAY);
    await recordPartnerEvent(db, happened(owner, 'update-account-finished', 'old', earned));
    // 100 for the event and 50 for its step, both lapsed 35 days ago.
    await adjustPoints(db, {
      userId: owner,
      points: -60,
      reason: 'Correction',
      adminId: partner(),
      requestKey: `${owner}-correction`,
      at: new Date(NOW.getTime() - 100 * DAY),
    });
    expect(await expireLapsedPoints(db, NOW)).toBe(90);
    expect(await expireLapsedPoints(db, NOW)).toBe(0);
    const account = await pointsAccount(db, owner, ALL, NOW);
    expect(account.balance).toBe(0);
    expect(await ledger.sumEntries(db, owner)).toBe(0);
    const expired = account.entries.filter((entry) => entry.kind === 'expired');
    expect(expired.reduce((sum, entry) => sum + entry.points, 0)).toBe(-90);
    expect(account.tier).toBe('none');
  });

  it('warns of points about to expire, filters the ledger and exports it', async () => {
    const { db } = database();
    const owner = partner();
    const earned = new Date(NOW.getTime() - 330 * DAY);
    await recordPartnerEvent(db, happened(owner, 'certification-passed', 'cert', earned));
    await recordPartnerEvent(db, happened(owner, 'client-subscription-added', 'client'));
    const account = await pointsAccount(db, owner, ALL, NOW);
    expect(account.expiring.map((lot) => lot.points).sort()).toEqual([150, 250]);
    expect(account.expiring.every((lot) => lot.expiresAt === '2026-04-14T12:00:00.000Z')).toBe(
      true,
    );
    expect(account.nextTier).toMatchObject({ tier: 'silver', threshold: 1000, missing: 300 });
    const recent = await pointsAccount(
      db,
      owner,
      { kind: 'earned', from: '2026-03-01', to: '' },
      NOW,
    );
    expect(recent.entries.map((entry) => entry.points).sort()).toEqual([100, 200]);
    const csv = await pointsLedgerCsv(db, owner, { kind: 'all', from: '', to: '2026-01-01' });
    expect(csv.split('\r\n')).toHaveLength(4);
    expect(csv).toContain('"Certification passed"');
  });

  it('never shows one partner another’s ledger', async () => {
    const { db } = database();
    const owner = partner();
    const other = partner();
    await recordPartnerEvent(db, happened(owner, 'certification-passed', 'cert'));
    const theirs = await pointsAccount(db, other, ALL, NOW);
    expect(theirs.entries).toEqual([]);
    expect(theirs.balance).toBe(0);
    expect(await pointsLedgerCsv(db, other, ALL)).toBe(
      '"Date","Type","Points","Reason","Expires"\r\n',
    );
  });

  it('refuses a deduction the balance does not cover, and makes a resent adjustment one', async () => {
    const { db } = database();
    const owner = partner();
    const admin = partner();
    const adjust = (points: number, requestKey: string) =>
      adjustPoints(db, {
        userId: owner,
        points,
        reason: 'Goodwill',
        adminId: admin,
        requestKey,
        at: NOW,
      });
    expect(await adjust(100, `${owner}-a`)).toEqual({ ok: true });
    expect(await adjust(100, `${owner}-a`)).toEqual({ ok: true });
    expect(await adjust(-101, `${owner}-b`)).toEqual({ ok: false, reason: 'not-enough-points' });
    const entries = await ledger.listEntries(db, owner);
    expect(entries.map((entry) => [entry.kind, entry.points, entry.recorded_by])).toEqual([
      ['adjusted', 100, admin],
    ]);
    expect((await pointsAccount(db, owner, ALL, NOW)).balance).toBe(100);
  });
});
