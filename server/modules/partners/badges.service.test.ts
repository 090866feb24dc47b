import { expect, it } from 'vitest';
import { newRecordId } from '~server/db/ids.ts';
import { createPractice } from '~server/modules/practices';
import { practicesWorld } from '~server/modules/practices/practices.fixture.ts';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { signInAs } from '~tests/support/sessions.ts';
import { badgeRecognition, findBadge, partnerBadge } from './badges.service.ts';
import { recordPartnerEvent } from './engine.service.ts';
import { adjustPoints } from './points.service.ts';

const NOW = new Date('2026-11-10T12:00:00.000Z');

describeEachDialect('recognition badges', (database) => {
  const practices = practicesWorld(database);
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

  it('shows the holder’s certifications in force and counts their practice’s, naming no colleague', async () => {
    const { db } = database();
    const suffix = newRecordId('user').slice(-8).toLowerCase();
    const email = `holder-${suffix}@example.com`;
    const colleague = `colleague-${suffix}@example.com`;
    const { user } = await signInAs(database(), { subject: `holder-${suffix}`, email });
    await adjustPoints(db, {
      userId: user.id,
      points: 600,
      reason: 'Test credit',
      adminId: newRecordId('user'),
      requestKey: `${user.id}-credit`,
      at: NOW,
    });
    const created = await createPractice(
      practices.context(),
      { id: user.id, name: 'Holder Person', email },
      practices.newPractice({ name: `Harbour Books ${suffix}` }),
    );
    if (created.kind !== 'created') throw new Error(created.kind);
    await db
      .insertInto('practice_person')
      .values({
        practice_id: created.practiceId,
        user_id: newRecordId('user'),
        role: 'member',
        name: 'Colleague Person',
        email: colleague,
        joined_at: NOW.toISOString(),
      })
      .execute();
    const certification = (id: string, to: string, name: string, expiresOn: string | null) => ({
      id: `${id}-${suffix}`,
      platform_id: `${id}-${suffix}`,
      user_email: to,
      name,
      earned_on: '2026-03-14',
      expires_on: expiresOn,
      badge_url: null,
      content_hash: id,
      updated_at: NOW.toISOString(),
    });
    await db
      .insertInto('learning_certification')
      .values([
        certification('a', email, 'Certified advisor', '2027-03-14'),
        certification('b', email, 'Payroll certified', '2026-08-02'),
        certification('c', colleague, 'Certified advisor', null),
        certification('d', colleague, 'Practice Manager specialist', null),
      ])
      .execute();

    const badge = await partnerBadge(db, user.id, NOW);
    if (!badge) throw new Error('no badge issued');
    const recognition = await badgeRecognition(db, badge, NOW);
    expect(recognition.certifications).toEqual([
      { name: 'Certified advisor', earnedOn: '2026-03-14', expiresOn: '2027-03-14' },
    ]);
    expect(recognition.practice).toEqual({
      name: `Harbour Books ${suffix}`,
      tierLabel: 'Partner',
      listedSlug: null,
      certifications: [
        { name: 'Certified advisor', holders: 2 },
        { name: 'Practice Manager specialist', holders: 1 },
      ],
    });
    expect(JSON.stringify(recognition)).not.toContain(colleague);
    expect(JSON.stringify(recognition)).not.toContain('Colleague Person');
    // A revoked badge vouches for nothing any more.
    await adjustPoints(db, {
      userId: user.id,
      points: -500,
      reason: 'Correction',
      adminId: newRecordId('user'),
      requestKey: `${user.id}-correction`,
      at: NOW,
    });
    const revoked = await findBadge(db, badge.id);
    if (!revoked) throw new Error('the badge is gone');
    expect(await badgeRecognition(db, revoked, NOW)).toEqual({
      certifications: [],
      practice: null,
    });
  });
});
