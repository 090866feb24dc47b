import { expect, it } from 'vitest';
import { listOutbox } from '~server/modules/mail';
import { NO_USER_DATA, saveUser } from '~server/modules/identity';
import { describeEachDialect } from '~tests/support/dialects.ts';
import {
  acceptInvitation,
  createPractice,
  forgetPracticePerson,
  invitePerson,
  type PracticeUser,
} from './index.ts';
import { NOW, practicesWorld } from './practices.fixture.ts';

/* A person's account erased: what the practices keep of them (docs/privacy.md). */

describeEachDialect('a practice’s people after an account is erased', (database) => {
  const { context, newPractice, joinLink } = practicesWorld(database);

  async function user(subject: string, name: string): Promise<PracticeUser> {
    const [firstName, lastName] = name.split(' ');
    const stored = await saveUser(
      database().db,
      {
        issuer: 'https://erasure.test',
        subject,
        email: `${firstName!.toLowerCase()}@example.com`,
        firstName: firstName!,
        lastName: lastName!,
      },
      { ...NO_USER_DATA, isPartner: true },
      NOW,
    );
    return { id: stored.id, name, email: stored.email! };
  }

  async function linkTo(email: string): Promise<string> {
    const mails = (await listOutbox(database().db)).filter((mail) => mail.recipient === email);
    return /join\?token=([A-Za-z0-9_-]+)/.exec(mails.at(-1)?.text_body ?? '')?.[1] ?? '';
  }

  const everything = async () => {
    const { db } = database();
    const [people, invitations, entries, requests] = await Promise.all([
      db.selectFrom('practice_person').select(['user_id', 'role', 'name', 'email']).execute(),
      db.selectFrom('practice_invitation').select(['email', 'invited_by_name']).execute(),
      db
        .selectFrom('practice_people_entry')
        .select(['email', 'person_name', 'actor_name'])
        .execute(),
      db.selectFrom('practice_join_request').select(['user_id']).execute(),
    ]);
    return {
      people,
      invitations,
      entries,
      requests,
      text: JSON.stringify([people, invitations, entries]),
    };
  };

  it('removes anyone but the principal and every line naming them, and keeps a principal only as Deleted member', async () => {
    const priya = await user('priya', 'Priya Raman');
    const ana = await user('ana', 'Ana Lopez');
    const created = await createPractice(context(), priya, newPractice());
    expect(created.kind).toBe('created');
    await invitePerson(context(), priya, { email: ana.email, role: 'primary' }, joinLink);
    expect(await acceptInvitation(context(), ana, await linkTo(ana.email))).toMatchObject({
      kind: 'joined',
    });
    await invitePerson(context(), priya, { email: 'Ben@Example.com', role: 'member' }, joinLink);
    await invitePerson(context(), ana, { email: 'cleo@example.com', role: 'member' }, joinLink);

    await forgetPracticePerson(database().db, { userId: ana.id, email: 'ANA@example.com' });
    let left = await everything();
    expect(left.people.map((row) => row.user_id)).toEqual([priya.id]);
    expect(left.text).not.toContain('Ana');
    expect(left.text).not.toContain('ana@example.com');
    // Cleo's invitation stays, sent by someone no longer named.
    expect(left.invitations).toContainEqual({
      email: 'cleo@example.com',
      invited_by_name: 'Deleted member',
    });

    // Someone invited who never had a place: their address leaves the invitations.
    await forgetPracticePerson(database().db, { userId: 'never-joined', email: 'ben@example.com' });
    left = await everything();
    expect(left.invitations.map((row) => row.email)).toEqual(['cleo@example.com']);

    await forgetPracticePerson(database().db, { userId: priya.id, email: priya.email });
    left = await everything();
    expect(left.people).toEqual([
      { user_id: priya.id, role: 'principal', name: 'Deleted member', email: '' },
    ]);
    expect(left.text).not.toContain('Priya');
    expect(left.text).not.toContain('priya@example.com');
  });
});
