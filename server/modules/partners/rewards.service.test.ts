import { expect, it } from 'vitest';
import { newRecordId } from '~server/db/ids.ts';
import { listOutbox } from '~server/modules/mail';
import { describeEachDialect } from '~tests/support/dialects.ts';
import * as ledger from './ledger.repository.ts';
import { adjustPoints, pointsAccount, redeemReward } from './points.service.ts';
import { createReward, listRedemptions, listRewards } from './programme.service.ts';

const NOW = new Date('2026-03-10T12:00:00.000Z');
const ALL = { kind: 'all', from: '', to: '' } as const;

describeEachDialect('partner rewards', (database) => {
  async function withPoints(points: number): Promise<string> {
    const owner = newRecordId('user');
    await adjustPoints(database().db, {
      userId: owner,
      points,
      reason: 'Test credit',
      adminId: newRecordId('user'),
      requestKey: `${owner}-credit`,
      at: NOW,
    });
    return owner;
  }

  async function reward(pointsCost: number, stock: number | null): Promise<string> {
    const { db } = database();
    const name = `Reward ${newRecordId('partnerReward')}`;
    await createReward(db, { name, description: 'A reward', pointsCost, stock }, NOW);
    const found = (await listRewards(db)).find((candidate) => candidate.name === name);
    if (!found) throw new Error('the reward was not created');
    return found.id;
  }

  const redeem = (userId: string, rewardId: string, requestKey: string) =>
    redeemReward(database().db, {
      userId,
      email: 'priya.raman@example.com',
      rewardId,
      requestKey,
      at: NOW,
    });

  it('debits the points, records the request and mails the partner', async () => {
    const { db } = database();
    const owner = await withPoints(400);
    const rewardId = await reward(150, null);
    const result = await redeem(owner, rewardId, 'form-1');
    expect(result.ok).toBe(true);
    const account = await pointsAccount(db, owner, ALL, NOW);
    expect(account.balance).toBe(250);
    // Spending does not cost the partner their tier points.
    expect(account.tierPoints).toBe(400);
    expect(await listRedemptions(db, owner)).toMatchObject([{ points: 150, status: 'requested' }]);
    const outbox = await listOutbox(db);
    expect(outbox.some((mail) => mail.recipient === 'priya.raman@example.com')).toBe(true);
  });

  it('makes a double-clicked redemption one redemption', async () => {
    const { db } = database();
    const owner = await withPoints(400);
    const rewardId = await reward(150, null);
    const results = await Promise.all([
      redeem(owner, rewardId, 'same-form'),
      redeem(owner, rewardId, 'same-form'),
    ]);
    expect(results.every((result) => result.ok)).toBe(true);
    expect(await listRedemptions(db, owner)).toHaveLength(1);
    expect((await pointsAccount(db, owner, ALL, NOW)).balance).toBe(250);
  });

  it('lets one of two redemptions racing for the same points win, never going below nothing', async () => {
    const { db } = database();
    const owner = await withPoints(200);
    const rewardId = await reward(150, null);
    const results = await Promise.all([
      redeem(owner, rewardId, 'tab-1'),
      redeem(owner, rewardId, 'tab-2'),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results).toContainEqual({ ok: false, reason: 'not-enough-points' });
    expect((await pointsAccount(db, owner, ALL, NOW)).balance).toBe(50);
    expect(await ledger.sumEntries(db, owner)).toBe(50);
    expect(await listRedemptions(db, owner)).toHaveLength(1);
  });

  it('gives the last item in stock to one of two partners racing for it', async () => {
    const { db } = database();
    const first = await withPoints(1000);
    const second = await withPoints(1000);
    const rewardId = await reward(500, 1);
    const results = await Promise.all([
      redeem(first, rewardId, 'race'),
      redeem(second, rewardId, 'race'),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results).toContainEqual({ ok: false, reason: 'out-of-stock' });
    const balances = await Promise.all(
      [first, second].map(async (who) => (await pointsAccount(db, who, ALL, NOW)).balance),
    );
    expect(balances.sort()).toEqual([1000, 500]);
    expect((await listRewards(db)).find((item) => item.id === rewardId)?.stock).toBe(0);
  });

  it('refuses a reward that does not exist, and more points than the balance', async () => {
    const owner = await withPoints(100);
    expect(await redeem(owner, newRecordId('partnerReward'), 'x')).toEqual({
      ok: false,
      reason: 'not-found',
    });
    const rewardId = await reward(150, 3);
    expect(await redeem(owner, rewardId, 'y')).toEqual({ ok: false, reason: 'not-enough-points' });
    // The refused redemption took nothing from the stock.
    expect((await listRewards(database().db)).find((item) => item.id === rewardId)?.stock).toBe(3);
  });
});
