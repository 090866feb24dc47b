import { expect, it } from 'vitest';
import { newRecordId } from '~server/db/ids.ts';
import { NO_USER_DATA, saveUser } from '~server/modules/identity';
import { describeEachDialect } from '~tests/support/dialects.ts';
import {
  addReward,
  cancelRedemption,
  editReward,
  fulfilRedemption,
  redemptionsToDecide,
  retireReward,
} from './admin-rewards.service.ts';
import {
  adjustPartnerPoints,
  changeEarningRule,
  changeTierThreshold,
  offerJob,
  programmeConfiguration,
  recentServiceJobs,
} from './admin.service.ts';
import { tierThresholds } from './engine.service.ts';
import * as ledger from './ledger.repository.ts';
import * as repository from './partners.repository.ts';
import { adjustPoints, pointsAccount, redeemReward } from './points.service.ts';
import { listRewards } from './programme.service.ts';

const NOW = new Date('2026-03-10T12:00:00.000Z');
const ALL = { kind: 'all', from: '', to: '' } as const;
const BY = { adminId: 'a-admin', at: NOW };

describeEachDialect('partner programme administration', (database) => {
  async function partner(points: number) {
    const { db } = database();
    const email = `${newRecordId('user')}@example.com`.toLowerCase();
    const user = await saveUser(
      db,
      { issuer: 'test', subject: newRecordId('user'), email, firstName: 'Pat', lastName: 'Lee' },
      { ...NO_USER_DATA, isPartner: true },
    );
    if (points > 0) {
      await adjustPoints(db, {
        userId: user.id,
        points,
        reason: 'Opening points',
        adminId: 'admin',
        requestKey: `${user.id}-opening`,
        at: NOW,
      });
    }
    return { id: user.id, email };
  }

  async function rewardNamed(name: string, stock = '') {
    const { db } = database();
    await addReward(db, { name, description: 'A thing', pointsCost: '100', stock }, BY);
    const found = (await programmeConfiguration(db)).rewards.find((reward) => reward.name === name);
    if (!found) throw new Error('the reward was not added');
    return found;
  }

  it('moves a threshold only while thresholds rise, and moves partners across it at once', async () => {
    const { db } = database();
    const before = await tierThresholds(db);
    const someone = await partner(before.bronze);
    expect((await repository.findMember(db, someone.id))?.tier).toBe('bronze');
    expect(
      await changeTierThreshold(db, { tier: 'bronze', threshold: String(before.silver) }, BY),
    ).toEqual({
      ok: false,
      field: 'threshold',
      message: 'The silver threshold must be above the bronze threshold.',
    });
    expect(await changeTierThreshold(db, { tier: 'bronze', threshold: 'lots' }, BY)).toMatchObject({
      ok: false,
      field: 'threshold',
    });
    const raised = String(before.bronze + 10);
    expect(await changeTierThreshold(db, { tier: 'bronze', threshold: raised }, BY)).toEqual({
      ok: true,
    });
    expect((await tierThresholds(db)).bronze).toBe(before.bronze + 10);
    expect((await repository.findMember(db, someone.id))?.tier).toBe('starter');
    const account = await pointsAccount(db, someone.id, ALL, NOW);
    expect(account.nextTier).toMatchObject({ tier: 'bronze', missing: 10 });
    await changeTierThreshold(db, { tier: 'bronze', threshold: String(before.bronze) }, BY);
    expect((await repository.findMember(db, someone.id))?.tier).toBe('bronze');
  });

  it('changes an earning rule, refusing nonsense at its field', async () => {
    const { db } = database();
    expect(
      await changeEarningRule(
        db,
        { eventKind: 'certification-passed', points: '-5', validDays: '' },
        BY,
      ),
    ).toMatchObject({ ok: false, field: 'points' });
    expect(
      await changeEarningRule(db, { eventKind: 'nothing-real', points: '5', validDays: '' }, BY),
    ).toMatchObject({ ok: false });
    expect(
      await changeEarningRule(
        db,
        { eventKind: 'certification-passed', points: '275', validDays: '365' },
        BY,
      ),
    ).toEqual({ ok: true });
    expect(await repository.findEarningRule(db, 'certification-passed')).toMatchObject({
      points: 275,
      valid_days: 365,
    });
  });

  it('adds a reward once, edits it, and retires it from the catalogue', async () => {
    const { db } = database();
    const name = `Mug ${newRecordId('partnerReward')}`;
    const reward = await rewardNamed(name);
    await addReward(db, { name, description: 'Again', pointsCost: '100', stock: '' }, BY);
    expect((await programmeConfiguration(db)).rewards.filter((r) => r.name === name)).toHaveLength(
      1,
    );
    const other = await rewardNamed(`Pen ${newRecordId('partnerReward')}`);
    expect(
      await editReward(db, other.id, { name, description: 'x', pointsCost: '5', stock: '' }, BY),
    ).toMatchObject({ ok: false, field: 'name' });
    expect(
      await editReward(
        db,
        reward.id,
        { name, description: 'A bigger mug', pointsCost: '120', stock: '3' },
        BY,
      ),
    ).toEqual({ ok: true });
    expect((await listRewards(db)).find((r) => r.id === reward.id)).toMatchObject({
      pointsCost: 120,
      stock: 3,
    });
    await retireReward(db, reward.id, BY);
    expect((await listRewards(db)).some((r) => r.id === reward.id)).toBe(false);
    const owner = await partner(500);
    expect(
      await redeemReward(db, {
        userId: owner.id,
        email: null,
        rewardId: reward.id,
        requestKey: 'k',
        at: NOW,
      }),
    ).toEqual({ ok: false, reason: 'not-found' });
  });

  it('adjusts a partner found by address once per form, never below nothing', async () => {
    const { db } = database();
    const someone = await partner(50);
    const form = {
      email: someone.email.toUpperCase(),
      points: '40',
      reason: 'Conference talk',
      adminId: 'admin',
      requestKey: 'form-1',
      at: NOW,
    };
    const [first, second] = await Promise.all([
      adjustPartnerPoints(db, form),
      adjustPartnerPoints(db, form),
    ]);
    expect([first, second]).toEqual([{ ok: true }, { ok: true }]);
    const adjusted = (await ledger.listEntries(db, someone.id)).filter((entry) =>
      entry.reason.startsWith('Adjusted:'),
    );
    expect(adjusted).toMatchObject([{ kind: 'adjusted', points: 40, recorded_by: 'admin' }]);
    expect(
      await adjustPartnerPoints(db, { ...form, points: '-500', requestKey: 'form-2' }),
    ).toMatchObject({ ok: false, field: 'points' });
    expect(
      await adjustPartnerPoints(db, { ...form, email: 'nobody@example.com', requestKey: 'form-3' }),
    ).toMatchObject({ ok: false, field: 'email' });
    expect((await pointsAccount(db, someone.id, ALL, NOW)).balance).toBe(90);
  });

  it('fulfils a request once, and cancels another giving its points and stock back once', async () => {
    const { db } = database();
    const owner = await partner(300);
    const reward = await rewardNamed(`Hoodie ${newRecordId('partnerReward')}`, '5');
    const redeem = async (key: string) => {
      const result = await redeemReward(db, {
        userId: owner.id,
        email: null,
        rewardId: reward.id,
        requestKey: key,
        at: NOW,
      });
      if (!result.ok) throw new Error(result.reason);
      return result.redemptionId;
    };
    const kept = await redeem('a');
    const cancelled = await redeem('b');
    expect((await pointsAccount(db, owner.id, ALL, NOW)).balance).toBe(100);
    const waiting = (await redemptionsToDecide(db)).waiting.filter((r) => r.email === owner.email);
    expect(waiting.map((r) => r.id).sort()).toEqual([kept, cancelled].sort());

    expect(await fulfilRedemption(db, kept, NOW)).toEqual({ ok: true });
    expect(await cancelRedemption(db, kept, NOW)).toEqual({ ok: false, reason: 'decided' });
    const [first, second] = await Promise.all([
      cancelRedemption(db, cancelled, NOW),
      cancelRedemption(db, cancelled, NOW),
    ]);
    // The same decision sent twice answers as the first did, and gives the points back once.
    expect([first, second]).toEqual([{ ok: true }, { ok: true }]);
    expect(await fulfilRedemption(db, kept, NOW)).toEqual({ ok: true });
    const returned = (await ledger.listEntries(db, owner.id)).filter(
      (entry) => entry.source_event === `redemption-cancelled:${cancelled}`,
    );
    expect(returned).toMatchObject([{ kind: 'redeemed', points: 100 }]);
    expect(await fulfilRedemption(db, cancelled, NOW)).toEqual({ ok: false, reason: 'decided' });

    const account = await pointsAccount(db, owner.id, ALL, NOW);
    expect(account.balance).toBe(200);
    // Points given back were never spent towards the tier, so they do not add to it.
    expect(account.tierPoints).toBe(300);
    expect((await listRewards(db)).find((r) => r.id === reward.id)?.stock).toBe(4);
    const decided = (await redemptionsToDecide(db)).decided.filter((r) => r.email === owner.email);
    expect(Object.fromEntries(decided.map((r) => [r.id, r.status]))).toEqual({
      [kept]: 'fulfilled',
      [cancelled]: 'cancelled',
    });
  });

  it('offers a job once per form, refusing one without a client address', async () => {
    const { db } = database();
    const offer = {
      title: `Set up ${newRecordId('partnerServiceJob')}`,
      kind: 'set-up',
      description: 'Payroll for six people',
      clientName: 'Reef Dental',
      clientEmail: 'office@reef.example',
      requestKey: newRecordId('partnerServiceJob'),
      at: NOW,
    };
    expect(await offerJob(db, { ...offer, clientEmail: 'reef' })).toMatchObject({
      ok: false,
      field: 'clientEmail',
    });
    expect(await Promise.all([offerJob(db, offer), offerJob(db, offer)])).toEqual([
      { ok: true },
      { ok: true },
    ]);
    const listed = (await recentServiceJobs(db)).filter((job) => job.title === offer.title);
    expect(listed).toMatchObject([
      { kind: 'Set-up', status: 'Offered', clientName: 'Reef Dental' },
    ]);
  });
});
