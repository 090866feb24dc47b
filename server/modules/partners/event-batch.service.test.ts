import { expect, it } from 'vitest';
import { PARTNER_SUGGESTED_STEPS_STRATEGY, type PartnerEventKind } from '~core/partner';
import { newRecordId } from '~server/db/ids.ts';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { recordPartnerEvent } from './engine.service.ts';
import { recordPartnerEventsWithin } from './event-batch.service.ts';
import * as ledger from './ledger.repository.ts';
import { findEarningRule } from './partners.repository.ts';
import { getPartnerTierData, listSuggestedSteps } from './partners.service.ts';
import { createChallenge, joinChallenge, listChallengesFor } from './programme.service.ts';

const NOW = new Date('2026-03-10T12:00:00.000Z');

function happened(userId: string, kind: PartnerEventKind, key: string, at = NOW) {
  return {
    userId,
    kind,
    sourceEvent: `${userId}:${key}`,
    subject: `Client ${key}`,
    occurredAt: at,
  };
}

describeEachDialect('partner programme events in a batch', (database) => {
  it('earns each event once, moves the totals and the tier, and a resent batch adds nothing', async () => {
    const { db } = database();
    const owner = newRecordId('user');
    const events = Array.from({ length: 30 }, (_, index) =>
      happened(owner, 'client-subscription-added', `client-${index}`),
    );
    // The same source event twice in one batch is one event.
    const batch = [...events, events[0]!];
    expect(await db.transaction().execute((trx) => recordPartnerEventsWithin(trx, batch))).toBe(30);
    const earned = async () =>
      (await ledger.listEntries(db, owner)).filter((entry) => entry.source_event.startsWith(owner));
    const points = (await findEarningRule(db, 'client-subscription-added'))!.points;
    expect(await earned()).toHaveLength(30);
    expect((await earned()).every((entry) => entry.points === points)).toBe(true);
    expect((await earned()).map((entry) => entry.reason)).toContain(
      'Client subscription added: Client client-7',
    );
    const total = await ledger.sumEntries(db, owner);
    expect(total).toBeGreaterThanOrEqual(30 * points);
    const data = await getPartnerTierData(db, owner);
    expect(data.partnerPointsBalance).toBe(total);
    expect(data.partnerTier).not.toBe('none');

    expect(await db.transaction().execute((trx) => recordPartnerEventsWithin(trx, batch))).toBe(0);
    // One already recorded on its own counts once too.
    expect(await recordPartnerEvent(db, events[3]!)).toBe(false);
    expect(await earned()).toHaveLength(30);
    expect(await ledger.sumEntries(db, owner)).toBe(total);
    expect((await getPartnerTierData(db, owner)).partnerPointsBalance).toBe(total);
  });

  it('writes nothing when the caller’s transaction rolls back', async () => {
    const { db } = database();
    const owner = newRecordId('user');
    await expect(
      db.transaction().execute(async (trx) => {
        await recordPartnerEventsWithin(trx, [happened(owner, 'client-subscription-added', 'a')]);
        throw new Error('the order failed');
      }),
    ).rejects.toThrow('the order failed');
    expect(await ledger.listEntries(db, owner)).toEqual([]);
    expect(await recordPartnerEvent(db, happened(owner, 'client-subscription-added', 'a'))).toBe(
      true,
    );
  });

  it('completes a joined challenge and the suggested steps the batch reaches, once', async () => {
    const { db } = database();
    const owner = newRecordId('user');
    const other = newRecordId('user');
    const challengeId = await createChallenge(
      db,
      {
        name: `Three clients ${owner}`,
        description: 'Add three clients',
        goalKind: 'client-subscription-added',
        goalCount: 3,
        points: 150,
        startsOn: '2026-03-01',
        endsOn: '2026-03-31',
      },
      NOW,
    );
    await joinChallenge(db, { userId: owner, challengeId, onLeaderboard: false, at: NOW });
    const events = [
      ...Array.from({ length: 5 }, (_, index) =>
        happened(owner, 'client-subscription-added', `c${index}`),
      ),
      happened(other, 'client-subscription-added', 'o1'),
      happened(owner, 'certification-passed', 'cert'),
    ];
    expect(await db.transaction().execute((trx) => recordPartnerEventsWithin(trx, events))).toBe(7);
    const view = (await listChallengesFor(db, owner, NOW)).find((c) => c.id === challengeId);
    expect(view?.progress).toEqual({ done: 3, goal: 3, complete: true });
    const reasons = (await ledger.listEntries(db, owner)).map((entry) => entry.reason);
    expect(reasons.filter((reason) => reason.startsWith('Challenge completed'))).toHaveLength(1);
    const steps = await listSuggestedSteps(db, owner, PARTNER_SUGGESTED_STEPS_STRATEGY);
    expect(steps.map((step) => [step.Name, step.Complete__c])).toContainEqual([
      'Get partner certified',
      true,
    ]);
    expect(await ledger.sumEntries(db, owner)).toBe(
      (await getPartnerTierData(db, owner)).partnerPointsBalance,
    );
    const others = await ledger.listEntries(db, other);
    expect(others.filter((entry) => entry.source_event === `${other}:o1`)).toHaveLength(1);
    expect(others.some((entry) => entry.reason.startsWith('Challenge completed'))).toBe(false);
    expect((await getPartnerTierData(db, other)).partnerPointsBalance).toBe(
      await ledger.sumEntries(db, other),
    );
  });
});
