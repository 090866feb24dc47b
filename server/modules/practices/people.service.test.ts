import { describe, expect, it } from 'vitest';
import { findUserBySubject, NO_USER_DATA, saveUser } from '~server/modules/identity';
import { listOutbox } from '~server/modules/mail';
import { describeEachDialect } from '~tests/support/dialects.ts';
import {
  acceptInvitation,
  askToJoin,
  createPractice,
  decideJoinRequest,
  handOverPractice,
  invitePerson,
  listJoinRequests,
  practicePeople,
  readInvitation,
  removePerson,
  withdrawInvitation,
  type PracticeUser,
} from './index.ts';
import { NOW, practicesWorld } from './practices.fixture.ts';

/* A practice's people: inviting by e-mail, joining through the link, withdrawing and removing. */

const ISSUER = 'https://people.test';
const DAY = 86_400_000;

describeEachDialect('a practice’s people', (database) => {
  const { context, newPractice, joinLink } = practicesWorld(database);

  /** A stored user, a partner or not, as the practices' services know them. */
  async function user(subject: string, name: string, isPartner = false): Promise<PracticeUser> {
    const [firstName, lastName] = name.split(' ');
    const stored = await saveUser(
      database().db,
      {
        issuer: ISSUER,
        subject,
        email: `${firstName!.toLowerCase()}@example.com`,
        firstName: firstName!,
        lastName: lastName!,
      },
      { ...NO_USER_DATA, isPartner },
      NOW,
    );
    return { id: stored.id, name, email: stored.email! };
  }

  const standing = async (subject: string) => {
    const found = await findUserBySubject(database().db, ISSUER, subject);
    return { isPartner: found?.isPartner, isPrimaryContact: found?.isPrimaryContact };
  };

  async function practiceOf(owner: PracticeUser, fields = {}) {
    const created = await createPractice(context(), owner, newPractice(fields));
    if (created.kind !== 'created') throw new Error(created.kind);
    return created.practiceId;
  }

  /** The secret of the latest invitation mailed to the address, read from its link. */
  async function linkTo(email: string): Promise<string> {
    const mails = (await listOutbox(database().db)).filter((mail) => mail.recipient === email);
    const token = /join\?token=([A-Za-z0-9_-]+)/.exec(mails.at(-1)?.text_body ?? '')?.[1];
    if (!token) throw new Error(`no invitation to ${email}`);
    return token;
  }

  const later = (days: number) => ({ ...context(), now: new Date(NOW.getTime() + days * DAY) });

  it('invites by address and role, mails a link that joins the invitee once', async () => {
    const priya = await user('priya', 'Priya Raman', true);
    const ana = await user('ana', 'Ana Lopez');
    await practiceOf(priya);
    expect(
      await invitePerson(
        context(),
        priya,
        { email: ' Ana@Example.com ', role: 'primary' },
        joinLink,
      ),
    ).toEqual({ kind: 'invited', email: 'Ana@Example.com' });
    const [mail] = await listOutbox(database().db);
    expect(mail).toMatchObject({
      recipient: 'Ana@Example.com',
      subject: 'Priya Raman invites you to join Harbour Books',
    });
    expect(mail!.text_body).toContain('until 2026-12-03');
    const token = await linkTo('Ana@Example.com');
    // Opening the link changes nothing: a mail scanner following it joins nobody.
    expect(await readInvitation(context(), ana, token)).toMatchObject({
      kind: 'open',
      practiceName: 'Harbour Books',
      roleLabel: 'Primary contact',
      invitedBy: 'Priya Raman',
    });
    expect((await practicePeople(context(), priya))?.people).toHaveLength(1);
    expect(await acceptInvitation(later(1), ana, token)).toMatchObject({ kind: 'joined' });
    expect(await acceptInvitation(later(1), ana, token)).toMatchObject({ kind: 'joined' });
    expect(await standing('ana')).toEqual({ isPartner: true, isPrimaryContact: true });
    const seen = await practicePeople(context(), ana);
    expect(seen).toMatchObject({
      practice: { name: 'Harbour Books', market: 'AU', tier: 'starter' },
      role: 'primary',
      mayInvite: true,
      mayRemove: false,
    });
    expect(seen!.people.map((person) => [person.name, person.roleLabel])).toEqual([
      ['Priya Raman', 'Principal contact'],
      ['Ana Lopez', 'Primary contact'],
    ]);
    expect(seen!.invitations).toEqual([]);
    expect(seen!.history.map((line) => line.label)).toEqual(['Joined', 'Invited']);
  });

  it('refuses a bad address or role at its field, and members who invite', async () => {
    const priya = await user('priya', 'Priya Raman', true);
    const sam = await user('sam', 'Sam Taylor');
    await practiceOf(priya);
    expect(
      await invitePerson(context(), priya, { email: 'sam@example', role: 'member' }, joinLink),
    ).toMatchObject({ kind: 'invalid', field: 'email' });
    expect(
      await invitePerson(
        context(),
        priya,
        { email: 'sam@example.com', role: 'principal' },
        joinLink,
      ),
    ).toMatchObject({ kind: 'invalid', field: 'role' });
    await invitePerson(context(), priya, { email: 'sam@example.com', role: 'member' }, joinLink);
    await acceptInvitation(context(), sam, await linkTo('sam@example.com'));
    expect(
      await invitePerson(context(), sam, { email: 'zoe@example.com', role: 'member' }, joinLink),
    ).toEqual({ kind: 'not-allowed' });
    expect(await practicePeople(context(), sam)).toMatchObject({
      role: 'member',
      invitations: [],
      history: [],
      mayInvite: false,
    });
    const nobody = await user('nobody', 'No Body');
    expect(
      await invitePerson(context(), nobody, { email: 'zoe@example.com', role: 'member' }, joinLink),
    ).toEqual({ kind: 'not-allowed' });
    expect(await practicePeople(context(), nobody)).toBeUndefined();
  });

  it('invites an address once, and not one already among the people', async () => {
    const priya = await user('priya', 'Priya Raman', true);
    await practiceOf(priya);
    const invite = (email: string, at = context()) =>
      invitePerson(at, priya, { email, role: 'member' }, joinLink);
    expect(await invite('PRIYA@example.com')).toMatchObject({
      field: 'email',
      message: 'PRIYA@example.com is already one of the people of Harbour Books.',
    });
    await invite('zoe@example.com');
    expect(await invite('Zoe@example.com')).toMatchObject({
      field: 'email',
      message: 'Zoe@example.com is invited already. Withdraw that invitation to send another.',
    });
    const [twice] = await Promise.all([invite('max@example.com'), invite('max@example.com')]);
    expect(twice.kind).toBeDefined();
    const pending = (await practicePeople(context(), priya))!.invitations;
    expect(pending.map((invitation) => invitation.email)).toEqual([
      'max@example.com',
      'zoe@example.com',
    ]);
    // Once expired, the address may be invited again: the old link is closed for good.
    const oldLink = await linkTo('zoe@example.com');
    expect(await invite('zoe@example.com', later(8))).toMatchObject({ kind: 'invited' });
    const zoe = await user('zoe', 'Zoe Park');
    expect(await readInvitation(context(), zoe, oldLink)).toEqual({ kind: 'expired' });
    expect(await readInvitation(later(8), zoe, await linkTo('zoe@example.com'))).toMatchObject({
      kind: 'open',
    });
  });

  it('gives no access through a forged, expired, used, withdrawn or another address’s link', async () => {
    const priya = await user('priya', 'Priya Raman', true);
    const zoe = await user('zoe', 'Zoe Park');
    const sam = await user('sam', 'Sam Taylor');
    await practiceOf(priya);
    await invitePerson(context(), priya, { email: 'zoe@example.com', role: 'member' }, joinLink);
    const token = await linkTo('zoe@example.com');
    expect(
      await acceptInvitation(
        context(),
        zoe,
        `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
      ),
    ).toEqual({
      kind: 'invalid',
    });
    expect(await acceptInvitation(context(), zoe, 'not a token')).toEqual({ kind: 'invalid' });
    expect(await acceptInvitation(later(7), zoe, token)).toEqual({ kind: 'expired' });
    expect(await acceptInvitation(context(), sam, token)).toEqual({ kind: 'other-address' });
    expect(await standing('sam')).toEqual({ isPartner: false, isPrimaryContact: false });
    const [invitation] = (await practicePeople(context(), priya))!.invitations;
    expect(await withdrawInvitation(context(), sam, invitation!.id)).toEqual({
      kind: 'not-allowed',
    });
    expect(await withdrawInvitation(later(0.5), priya, invitation!.id)).toEqual({
      kind: 'withdrawn',
      email: 'zoe@example.com',
    });
    expect(await withdrawInvitation(context(), priya, invitation!.id)).toEqual({ kind: 'gone' });
    expect(await acceptInvitation(context(), zoe, token)).toEqual({ kind: 'withdrawn' });
    await invitePerson(later(1), priya, { email: 'zoe@example.com', role: 'member' }, joinLink);
    const second = await linkTo('zoe@example.com');
    await acceptInvitation(later(2), zoe, second);
    const zoeTwin = { ...(await user('zoe-2', 'Zoe Park')), email: 'zoe@example.com' };
    expect(await acceptInvitation(later(1), zoeTwin, second)).toEqual({ kind: 'used' });
    expect((await practicePeople(context(), priya))!.history.map((line) => line.label)).toEqual([
      'Joined',
      'Invited',
      'Invitation withdrawn',
      'Invited',
    ]);
  });

  it('joins one person once when the same link is taken up twice at the same moment', async () => {
    const priya = await user('priya', 'Priya Raman', true);
    const zoe = await user('zoe', 'Zoe Park');
    const practiceId = await practiceOf(priya);
    await invitePerson(context(), priya, { email: 'zoe@example.com', role: 'member' }, joinLink);
    const token = await linkTo('zoe@example.com');
    const outcomes = await Promise.all([
      acceptInvitation(context(), zoe, token),
      acceptInvitation(context(), zoe, token),
      acceptInvitation(context(), zoe, token),
    ]);
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(['joined', 'joined', 'joined']);
    const people = await database()
      .db.selectFrom('practice_person')
      .select('user_id')
      .where('practice_id', '=', practiceId)
      .execute();
    expect(people).toHaveLength(2);
    const joins = await database()
      .db.selectFrom('practice_people_entry')
      .select('id')
      .where('action', '=', 'joined')
      .execute();
    expect(joins).toHaveLength(1);
  });

  it('lets nobody already in another practice join a second', async () => {
    const priya = await user('priya', 'Priya Raman', true);
    const oliver = await user('oliver', 'Oliver Hughes');
    await practiceOf(priya);
    await practiceOf(oliver, { registrationNumber: '53 004 085 616', name: 'Hughes & Co' });
    // Creating a practice makes its principal contact a partner.
    expect(await standing('oliver')).toEqual({ isPartner: true, isPrimaryContact: false });
    await invitePerson(context(), priya, { email: 'oliver@example.com', role: 'member' }, joinLink);
    const token = await linkTo('oliver@example.com');
    expect(await acceptInvitation(context(), oliver, token)).toEqual({
      kind: 'member-elsewhere',
      practiceName: 'Hughes & Co',
    });
    expect((await practicePeople(context(), priya))!.people).toHaveLength(1);
    expect((await practicePeople(context(), oliver))!.practice.name).toBe('Hughes & Co');
  });

  it('lets only the principal remove, never the principal, and takes partner access at once', async () => {
    const priya = await user('priya', 'Priya Raman', true);
    const ana = await user('ana', 'Ana Lopez');
    const sam = await user('sam', 'Sam Taylor');
    const oliver = await user('oliver', 'Oliver Hughes', true);
    await practiceOf(priya);
    for (const [email, role] of [
      ['ana@example.com', 'primary'],
      ['sam@example.com', 'member'],
    ] as const)
      await invitePerson(context(), priya, { email, role }, joinLink);
    await acceptInvitation(context(), ana, await linkTo('ana@example.com'));
    await acceptInvitation(context(), sam, await linkTo('sam@example.com'));
    await practiceOf(oliver, { registrationNumber: '53 004 085 616', name: 'Hughes & Co' });

    expect(await removePerson(context(), ana, sam.id)).toEqual({
      kind: 'not-allowed',
      message: 'Only the principal contact removes people.',
    });
    expect(await removePerson(context(), ana, priya.id)).toMatchObject({ kind: 'not-allowed' });
    expect(await removePerson(context(), priya, priya.id)).toEqual({
      kind: 'not-allowed',
      message: 'The principal contact cannot be removed. Hand the practice over first.',
    });
    // Another practice's principal reaches nobody here: the same answer as a stranger's id.
    expect(await removePerson(context(), oliver, sam.id)).toEqual({ kind: 'not-found' });
    expect(await removePerson(context(), priya, oliver.id)).toEqual({ kind: 'not-found' });
    expect(await removePerson(context(), priya, 'no-such-person')).toEqual({ kind: 'not-found' });

    expect(await removePerson(later(1), priya, sam.id)).toEqual({
      kind: 'removed',
      name: 'Sam Taylor',
    });
    expect(await removePerson(context(), priya, sam.id)).toEqual({ kind: 'not-found' });
    expect(await standing('sam')).toEqual({ isPartner: false, isPrimaryContact: false });
    expect(await practicePeople(context(), sam)).toBeUndefined();
    expect((await practicePeople(context(), priya))!.people.map((person) => person.name)).toEqual([
      'Priya Raman',
      'Ana Lopez',
    ]);
    const told = (await listOutbox(database().db)).filter((mail) => mail.recipient === sam.email);
    expect(told.map((mail) => mail.subject)).toContain(
      'You are no longer one of the people of Harbour Books',
    );
    expect((await practicePeople(context(), priya))!.history[0]).toMatchObject({
      label: 'Removed',
      who: 'Sam Taylor (sam@example.com)',
      by: 'Priya Raman',
    });
  });

  it('hands the practice over once, even when asked twice at the same moment', async () => {
    const priya = await user('priya', 'Priya Raman', true);
    const ana = await user('ana', 'Ana Lopez');
    const sam = await user('sam', 'Sam Taylor');
    const oliver = await user('oliver', 'Oliver Hughes');
    await practiceOf(priya);
    await practiceOf(oliver, { registrationNumber: '53 004 085 616', name: 'Hughes & Co' });
    for (const email of ['ana@example.com', 'sam@example.com'])
      await invitePerson(context(), priya, { email, role: 'member' }, joinLink);
    await acceptInvitation(context(), ana, await linkTo('ana@example.com'));
    await acceptInvitation(context(), sam, await linkTo('sam@example.com'));

    expect(await handOverPractice(context(), ana, sam.id)).toMatchObject({ kind: 'not-allowed' });
    expect(await handOverPractice(context(), priya, priya.id)).toMatchObject({
      kind: 'not-allowed',
    });
    expect(await handOverPractice(context(), oliver, ana.id)).toEqual({ kind: 'not-found' });
    const outcomes = await Promise.all([
      handOverPractice(later(1), priya, ana.id),
      handOverPractice(later(1), priya, sam.id),
    ]);
    expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(['handed-over', 'not-allowed']);
    const heir = outcomes[0]!.kind === 'handed-over' ? ana : sam;
    const seen = await practicePeople(context(), heir);
    expect(seen?.people.filter((person) => person.role === 'principal')).toEqual([
      expect.objectContaining({ userId: heir.id }),
    ]);
    expect(seen?.people.find((person) => person.userId === priya.id)?.role).toBe('primary');
    expect(seen?.history[0]).toMatchObject({ label: 'Made principal contact', by: 'Priya Raman' });
    const flags = await findUserBySubject(database().db, ISSUER, heir === ana ? 'ana' : 'sam');
    expect(flags?.isPrincipalContact).toBe(true);
    expect(await findUserBySubject(database().db, ISSUER, 'priya')).toMatchObject({
      isPartner: true,
      isPrimaryContact: true,
      isPrincipalContact: false,
    });
    // The former principal contact can now leave.
    expect(await removePerson(later(2), heir, priya.id)).toMatchObject({ kind: 'removed' });
  });

  it('lets a person asking to join in as a member and partner, unless they joined elsewhere', async () => {
    const priya = await user('priya', 'Priya Raman', true);
    const oliver = await user('oliver', 'Oliver Hughes', true);
    const sam = await user('sam', 'Sam Taylor');
    const practiceId = await practiceOf(priya);
    await askToJoin(context(), sam, practiceId);
    await askToJoin(context(), oliver, practiceId);
    await practiceOf(oliver, { registrationNumber: '53 004 085 616', name: 'Hughes & Co' });
    const requests = await listJoinRequests(context(), priya, practiceId);
    const byName = (name: string) => requests.find((request) => request.name === name)!.id;
    expect(
      await decideJoinRequest(context(), priya, practiceId, byName('Oliver Hughes'), true),
    ).toEqual({ kind: 'member-elsewhere' });
    expect(
      await decideJoinRequest(context(), priya, practiceId, byName('Sam Taylor'), true),
    ).toEqual({ kind: 'decided' });
    expect(await standing('sam')).toEqual({ isPartner: true, isPrimaryContact: false });
    const seen = await practicePeople(context(), priya);
    expect(seen!.people.map((person) => person.roleLabel)).toEqual(['Principal contact', 'Member']);
    expect(seen!.history.map((line) => line.label)).toEqual(['Joined']);
    // The refused decision wrote nothing: the request still waits.
    expect((await listJoinRequests(context(), priya, practiceId)).map((r) => r.name)).toEqual([
      'Oliver Hughes',
    ]);
  });

  describe('with time', () => {
    it('shows an invitation past its day as expired among the pending ones', async () => {
      const priya = await user('priya', 'Priya Raman', true);
      await practiceOf(priya);
      await invitePerson(context(), priya, { email: 'zoe@example.com', role: 'member' }, joinLink);
      expect((await practicePeople(later(6), priya))!.invitations[0]!.expired).toBe(false);
      expect((await practicePeople(later(7), priya))!.invitations[0]!.expired).toBe(true);
    });
  });
});
