import { expect, it } from 'vitest';
import { newRecordId } from '~server/db/ids.ts';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { findBadge, partnerBadge } from './badges.service.ts';
import { recordPartnerEvent } from './engine.service.ts';
import { adjustPoints } from './points.service.ts';

const NOW = new Date('2026-11-10T12:00:00.000Z');

describeEachDialect('recognition badges', (database) => {
  async function partnerAt(points: number): Promise<string> {
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

  it('has no badge below the first tier', async () => {
    expect(await partnerBadge(database().db, newRecordId('user'), NOW)).toBeNull();
  });

  it('issues one badge per tier, however often and however many times at once it is asked for', async () => {
    const { db } = database();
    const owner = await partnerAt(600);
    const [first, second] = await Promise.all([
      partnerBadge(db, owner, NOW),
      partnerBadge(db, owner, NOW),
    ]);
    expect(first?.id).toBeDefined();
    expect(second?.id).toBe(first?.id);
    expect(first).toMatchObject({ tier: 'bronze', revoked: false });
    expect((await partnerBadge(db, owner, NOW))?.id).toBe(first?.id);
  });

  it('revokes the badge when the tier drops, and issues a new one for the tier now held', async () => {
    const { db } = database();
    const owner = await partnerAt(600);
    const bronze = await partnerBadge(db, owner, NOW);
    await adjustPoints(db, {
      userId: owner,
      points: -500,
      reason: 'Correction',
      adminId: newRecordId('user'),
      requestKey: `${owner}-correction`,
      at: NOW,
    });
    expect(await findBadge(db, bronze?.id ?? '')).toMatchObject({ revoked: true });
    const starter = await partnerBadge(db, owner, NOW);
    expect(starter).toMatchObject({ tier: 'starter', revoked: false });
    expect(starter?.id).not.toBe(bronze?.id);
    // Climbing back keeps the old badge revoked: a new one is issued.
    await recordPartnerEvent(db, {
      userId: owner,
      kind: 'certification-passed',
      sourceEvent: `${owner}:cert`,
      occurredAt: NOW,
    });
    expect(await findBadge(db, bronze?.id ?? '')).toMatchObject({ revoked: true });
    expect((await findBadge(db, starter?.id ?? ''))?.revoked).toBe(false);
  });
});
