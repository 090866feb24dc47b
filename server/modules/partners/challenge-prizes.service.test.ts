import { expect, it } from 'vitest';
import { newRecordId } from '~server/db/ids.ts';
import { NO_USER_DATA, saveUser } from '~server/modules/identity';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { addChallenge, challengesForAdmin } from './admin-challenges.service.ts';
import { addReward, cancelRedemption, redemptionsToDecide } from './admin-rewards.service.ts';
import { programmeConfiguration } from './admin.service.ts';
import { configurationChanges } from './configuration-changes.service.ts';
import { recordPartnerEvent } from './engine.service.ts';
import * as ledger from './ledger.repository.ts';
import {
  joinChallenge,
  listChallengesFor,
  listRedemptions,
  listRewards,
} from './programme.service.ts';

/* Challenges won for a reward of the catalogue rather than, or besides, points. */

const NOW = new Date('2026-03-10T12:00:00.000Z');
const BY = { adminId: 'a-prize-admin', at: NOW };
const CHALLENGE = {
  description: 'Pass a certification.',
  goalKind: 'certification-passed',
  goalCount: '1',
  points: '0',
  startsOn: '2026-03-10',
  endsOn: '2026-03-31',
};

describeEachDialect('challenge prizes', (database) => {
  async function partner() {
    const email = `${newRecordId('user')}@example.com`.toLowerCase();
    const user = await saveUser(
      database().db,
      { issuer: 'test', subject: newRecordId('user'), email, firstName: 'Pat', lastName: 'Lee' },
      { ...NO_USER_DATA, isPartner: true },
    );
    return { id: user.id, email };
  }

  /** A reward and a challenge won for it alone. */
  async function prizeChallenge(stock: string) {
    const { db } = database();
    const name = `Mug ${newRecordId('partnerReward')}`;
    await addReward(db, { name, description: 'A mug', pointsCost: '300', stock }, BY);
    const reward = (await programmeConfiguration(db)).rewards.find((row) => row.name === name);
    if (!reward) throw new Error('the reward was not added');
    const title = `Certified ${name}`;
    const added = await addChallenge(
      db,
      { ...CHALLENGE, name: title, rewardId: reward.id, requestKey: title },
      BY,
    );
    expect(added).toEqual({ ok: true });
    const challenge = (await challengesForAdmin(db, NOW)).find((row) => row.name === title);
    if (!challenge) throw new Error('the challenge was not added');
    return { reward, challenge };
  }

  /** The partner joins and passes a certification: the event the challenge counts. */
  async function complete(userId: string, challengeId: string, sourceEvent = `cert:${userId}`) {
    await joinChallenge(database().db, { userId, challengeId, onLeaderboard: false, at: NOW });
    return recordPartnerEvent(database().db, {
      userId,
      kind: 'certification-passed',
      sourceEvent,
      subject: 'Payroll certified',
      occurredAt: new Date(NOW.getTime() + 60_000),
    });
  }

  it('lets an admin make a reward the prize, with no points, and records it', async () => {
    const { db } = database();
    const { reward, challenge } = await prizeChallenge('');
    expect(challenge).toMatchObject({ rewardId: reward.id, prize: reward.name, points: 0 });
    const recorded = (await configurationChanges(db, { kind: 'challenge', page: 1 })).entries;
    expect(recorded.find((entry) => entry.name === challenge.name)?.summary).toContain(
      `Points 0; Reward ${reward.name}`,
    );
    // Without a reward a challenge is won for points; a reward not in the catalogue is refused.
    const form = { ...CHALLENGE, name: 'Nothing to win', requestKey: 'nothing' };
    expect(await addChallenge(db, { ...form, rewardId: 'none' }, BY)).toMatchObject({
      ok: false,
      field: 'points',
    });
    expect(await addChallenge(db, { ...form, rewardId: 'a1Wnothere' }, BY)).toMatchObject({
      ok: false,
      field: 'rewardId',
    });
    const someone = await partner();
    expect(
      (await listChallengesFor(db, someone.id, NOW)).find((row) => row.id === challenge.id),
    ).toMatchObject({ prize: reward.name, points: 0 });
  });

  it('gives the reward once however often the completing event comes, spending no points', async () => {
    const { db } = database();
    const { reward, challenge } = await prizeChallenge('5');
    const winner = await partner();
    await joinChallenge(db, {
      userId: winner.id,
      challengeId: challenge.id,
      onLeaderboard: false,
      at: NOW,
    });
    // The completing event delivered twice at once, again later, then another certification.
    const deliver = () =>
      recordPartnerEvent(db, {
        userId: winner.id,
        kind: 'certification-passed',
        sourceEvent: `cert:${winner.id}`,
        occurredAt: new Date(NOW.getTime() + 60_000),
      });
    await Promise.all([deliver(), deliver()]);
    await deliver();
    await complete(winner.id, challenge.id, `cert-2:${winner.id}`);

    expect(await listRedemptions(db, winner.id)).toMatchObject([
      {
        rewardName: reward.name,
        points: 0,
        status: 'requested',
        challengeName: challenge.name,
        outOfStock: false,
      },
    ]);
    expect((await listRewards(db)).find((row) => row.id === reward.id)?.stock).toBe(4);
    const entries = await ledger.listEntries(db, winner.id);
    expect(entries.filter((entry) => entry.kind === 'redeemed')).toEqual([]);
    const mail = await db
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body'])
      .where('recipient', '=', winner.email)
      .execute();
    expect(mail).toEqual([
      {
        subject: `You won ${reward.name}`,
        text_body: `You completed ${challenge.name} and won ${reward.name}. We will let you know when it is on its way.`,
      },
    ]);
  });

  it('past the last in stock, tells the partner and shows it to admins to fulfil', async () => {
    const { db } = database();
    const { reward, challenge } = await prizeChallenge('1');
    const [first, second] = [await partner(), await partner()];
    await complete(first.id, challenge.id);
    await complete(second.id, challenge.id);
    expect(await listRedemptions(db, first.id)).toMatchObject([{ outOfStock: false }]);
    const [late] = await listRedemptions(db, second.id);
    expect(late).toMatchObject({ outOfStock: true, status: 'requested' });
    expect((await listRewards(db)).find((row) => row.id === reward.id)?.stock).toBe(0);
    const waiting = (await redemptionsToDecide(db)).waiting.filter(
      (row) => row.challengeName === challenge.name,
    );
    expect(waiting.map((row) => [row.email, row.outOfStock])).toEqual([
      [first.email, false],
      [second.email, true],
    ]);
    const [told] = await db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('recipient', '=', second.email)
      .execute();
    expect(told?.text_body).toContain('It has just run out: we will send it as soon as we can.');

    // Cancelling the prize won out of stock takes nothing back; the other returns its item.
    await cancelRedemption(db, late?.id ?? '', NOW);
    expect((await listRewards(db)).find((row) => row.id === reward.id)?.stock).toBe(0);
    await cancelRedemption(db, (await listRedemptions(db, first.id))[0]?.id ?? '', NOW);
    expect((await listRewards(db)).find((row) => row.id === reward.id)?.stock).toBe(1);
    const entries = await ledger.listEntries(db, second.id);
    expect(entries.filter((entry) => entry.kind !== 'earned')).toEqual([]);
  });
});
