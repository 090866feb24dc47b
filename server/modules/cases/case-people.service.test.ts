import { beforeAll, beforeEach, expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { listOutbox } from '~server/modules/mail';
import { caseWorld, customerCase, refusal, type CaseWorld } from './cases.fixture.ts';
import {
  acceptInvitation,
  getCase,
  getCasePeople,
  inviteToCase,
  raiseCase,
  removePerson,
  replyToCase,
} from './index.ts';

const T0 = new Date('2026-03-02T09:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const later = (days: number) => new Date(T0.getTime() + days * DAY);

/** The secret of the last invitation link mailed. */
async function lastInvitationToken(world: CaseWorld, db: Parameters<typeof listOutbox>[0]) {
  const mails = await listOutbox(db);
  const mail = mails.find((candidate) => candidate.event_key.startsWith('case-invitation:'));
  const link = /invitation=([A-Za-z0-9_-]+)/.exec(mail?.text_body ?? '');
  if (!link?.[1] || !world) throw new Error('no invitation mailed');
  return link[1];
}

describeEachDialect('people on a case', (database) => {
  let world: CaseWorld;
  let caseId: string;
  beforeAll(async () => {
    world = await caseWorld(database().db, T0);
  });
  beforeEach(async () => {
    const { db } = database();
    await db.deleteFrom('support_case').execute();
    await db.deleteFrom('mail_outbox').execute();
    caseId = (await raiseCase(world.as('owner'), customerCase(world))).id;
  });

  it('invites by e-mail with a single-use link; the invitee then sees the case and gets its e-mails', async () => {
    expect(
      await inviteToCase(world.as('owner'), caseId, { email: ' stranger@example.com ' }),
    ).toEqual({
      email: 'stranger@example.com',
    });
    const mail = (await listOutbox(database().db)).find((m) =>
      m.event_key.startsWith('case-invitation:'),
    );
    expect(mail?.recipient).toBe('stranger@example.com');
    expect(mail?.text_body).toContain(`/s/case-invite?caseId=${caseId}&invitation=`);
    expect((await getCasePeople(world.as('owner'), caseId)).pendingInvitations).toHaveLength(1);
    const token = await lastInvitationToken(world, database().db);
    expect(await refusal(getCase(world.as('stranger'), caseId))).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await acceptInvitation(world.as('stranger', later(1)), caseId, token)).toEqual({
      kind: 'accepted',
      caseId,
    });
    expect((await getCase(world.as('stranger'), caseId)).relation).toBe('person');
    // Used once: again by the same person is fine, by anyone else it is used.
    expect((await acceptInvitation(world.as('stranger', later(1)), caseId, token)).kind).toBe(
      'accepted',
    );
    expect((await acceptInvitation(world.as('colleague', later(1)), caseId, token)).kind).toBe(
      'used',
    );
    await replyToCase(world.as('agent', later(1)), caseId, { body: 'Looking into it.' });
    const recipients = (await listOutbox(database().db))
      .slice(-2)
      .map((m) => m.recipient)
      .sort();
    expect(recipients).toEqual(['owner@example.com', 'stranger@example.com']);
    const view = await getCase(world.as('stranger'), caseId);
    expect(view.people.map((p) => p.email)).toEqual(['stranger@example.com']);
    await replyToCase(world.as('stranger', later(1.1)), caseId, { body: 'Me too.' });
    expect((await getCase(world.as('owner'), caseId)).messages.at(-1)?.authorRole).toBe(
      'colleague',
    );
    await removePerson(world.as('owner'), caseId, world.people.stranger.id);
    expect(await refusal(getCase(world.as('stranger'), caseId))).toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('gives no access for a forged, expired, other-case or other-address link', async () => {
    await inviteToCase(world.as('owner'), caseId, { email: 'stranger@example.com' });
    const token = await lastInvitationToken(world, database().db);
    const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect((await acceptInvitation(world.as('stranger'), caseId, forged)).kind).toBe('invalid');
    expect((await acceptInvitation(world.as('stranger'), caseId, 'short')).kind).toBe('invalid');
    const other = (await raiseCase(world.as('owner'), customerCase(world))).id;
    expect((await acceptInvitation(world.as('stranger'), other, token)).kind).toBe('invalid');
    expect((await acceptInvitation(world.as('colleague'), caseId, token)).kind).toBe(
      'other-address',
    );
    expect((await acceptInvitation(world.as('stranger', later(7)), caseId, token)).kind).toBe(
      'expired',
    );
    expect(await refusal(getCase(world.as('stranger'), caseId))).toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('lets only the owner and agents invite or remove people, with a valid address', async () => {
    expect(await refusal(inviteToCase(world.as('owner'), caseId, { email: 'nope@' }))).toEqual({
      code: 'INVALID_INPUT',
      field: 'email',
    });
    expect(
      await refusal(inviteToCase(world.as('owner'), caseId, { email: 'OWNER@example.com' })),
    ).toMatchObject({
      field: 'email',
    });
    expect(
      await refusal(inviteToCase(world.as('contact'), caseId, { email: 'a@example.com' })),
    ).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await refusal(getCasePeople(world.as('stranger'), caseId))).toMatchObject({
      code: 'NOT_FOUND',
    });
    await inviteToCase(world.as('agent'), caseId, { email: 'colleague@example.com' });
  });
});
