import { beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { testConfig } from '~tests/support/config.ts';
import { startSession } from '~server/modules/identity';
import {
  caseWorld,
  customerCase,
  SITE,
  type CaseWorld,
} from '~server/modules/cases/cases.fixture.ts';
import { getCase, listCasesForExport, raiseCase, raiseGuestCase } from '~server/modules/cases';
import { requestEmailCode } from '~server/modules/contact';
import { startDiscussion, updateProfile } from '~server/modules/community';
import { listOutbox } from '~server/modules/mail';
import {
  accountDeletionOf,
  cancelAccountDeletion,
  confirmAccountDeletion,
  preferenceLinks,
  preferencesOf,
  requestAccountDeletion,
  savePreferences,
  type DeletionContext,
} from '~server/modules/privacy';
import { preferenceLinkPayload, preferenceOffer } from '~core/consent';
import { carryOutDueAccountDeletions } from './account-erasure.ts';

const T0 = new Date('2026-05-04T08:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
const at = (days: number) => new Date(T0.getTime() + days * DAY);
const config = testConfig();
const links = preferenceLinks(config.sessionSecret);

describeEachDialect('deleting an account', (database) => {
  let world: CaseWorld;
  beforeAll(async () => {
    world = await caseWorld(database().db, T0);
  });

  const deletion = (who: 'owner' | 'colleague' | 'contact', now: Date): DeletionContext => ({
    userId: world.people[who].id,
    email: world.people[who].email ?? '',
    now,
    links,
    pageUrl: `${SITE}/settings/delete-account`,
    brand: 'Portal',
  });
  const confirmLink = (email: string, now: Date) =>
    links.sign(preferenceLinkPayload('delete-account', email, now));

  it('asks, confirms by the e-mailed link and erases after the grace period, keeping the posts', async () => {
    const { db } = database();
    const owner = world.people.owner;
    const community = { db, viewer: world.as('owner').viewer, siteUrl: SITE, now: T0 };
    const discussion = await startDiscussion(community, {
      title: 'Bank feed stopped on Monday',
      body: 'No transactions since Monday.',
    });
    await updateProfile(community, { about: 'Bookkeeper in Leeds' });
    const raised = await raiseCase(world.as('owner'), customerCase(world));
    await savePreferences(db, new Set(['learning:email']), {
      email: owner.email ?? '',
      userId: owner.id,
      offer: preferenceOffer({ isPartner: false, hasPhone: false }),
      source: 'preferences-page',
      now: T0,
      links,
      pageUrl: `${SITE}/prefs`,
      brand: 'Portal',
    });
    await startSession(db, owner, null, config.session, T0);
    const exported = await listCasesForExport(db, { userId: owner.id, email: owner.email });
    expect(exported).toHaveLength(1);
    expect(exported[0]).toMatchObject({ subject: 'Bank feed stopped', raisedByYou: true });
    expect(exported[0]?.conversation.length).toBeGreaterThanOrEqual(0);
    expect(await listCasesForExport(db, { userId: world.people.stranger.id, email: null })).toEqual(
      [],
    );

    // A double click opens one request and sends one e-mail.
    const [first, second] = await Promise.all([
      requestAccountDeletion(db, deletion('owner', T0)),
      requestAccountDeletion(db, deletion('owner', T0)),
    ]);
    expect(first).toEqual({ status: 'link-sent', email: owner.email });
    expect(second).toEqual({ status: 'link-sent', email: owner.email });
    const linkMails = (await listOutbox(db)).filter((mail) =>
      mail.subject.includes('Confirm that'),
    );
    expect(linkMails).toHaveLength(1);
    expect(linkMails[0]?.text_body).toContain('/settings/delete-account?confirm=');
    expect((await accountDeletionOf(db, owner.id)).stage).toBe('awaiting-confirmation');

    const confirmed = await confirmAccountDeletion(db, {
      ...deletion('owner', at(0.1)),
      token: confirmLink(owner.email ?? '', T0),
      graceDays: 14,
    });
    expect(confirmed).toEqual({ status: 'scheduled', dueAt: at(14.1).toISOString() });
    expect((await listOutbox(db)).some((mail) => mail.subject.includes('will be deleted on'))).toBe(
      true,
    );

    // Nothing happens before the grace period has passed.
    expect(await carryOutDueAccountDeletions(db, at(14))).toBe(0);
    expect(await carryOutDueAccountDeletions(db, at(14.1))).toBe(1);
    expect(await carryOutDueAccountDeletions(db, at(15))).toBe(0);

    const user = await db
      .selectFrom('portal_user')
      .selectAll()
      .where('id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ first_name: 'Deleted', last_name: 'member', email: null });
    expect(user.subject).not.toBe('case-owner');
    const sessions = await db
      .selectFrom('portal_session')
      .select('id')
      .where('user_id', '=', owner.id)
      .execute();
    expect(sessions).toEqual([]);
    const post = await db
      .selectFrom('community_post')
      .select(['author_id'])
      .where('discussion_id', '=', discussion.id)
      .executeTakeFirstOrThrow();
    expect(post.author_id).toBe(owner.id);
    const profile = await db
      .selectFrom('community_profile')
      .select('about')
      .where('user_id', '=', owner.id)
      .execute();
    expect(profile).toEqual([]);
    const kept = await getCase(world.as('agent', at(15)), raised.id);
    expect(kept.subject).toBe('Bank feed stopped');
    const contact = await db
      .selectFrom('support_case')
      .select(['contact_email', 'contact_phone'])
      .where('id', '=', raised.id)
      .executeTakeFirstOrThrow();
    expect(contact).toEqual({ contact_email: null, contact_phone: null });
    expect((await preferencesOf(db, owner.email ?? '')).history).toEqual([]);
    expect((await listOutbox(db)).filter((mail) => mail.recipient === owner.email)).toEqual([]);
    expect((await accountDeletionOf(db, owner.id)).stage).toBe('none');
  });

  it('exports and erases the cases raised without an account from the same address, and its codes', async () => {
    const { db } = database();
    const person = world.people.contact;
    const address = person.email ?? '';
    const guestCase = { db, siteUrl: SITE, now: T0, followKey: Buffer.alloc(32, 7) };
    const raised = await raiseGuestCase(guestCase, {
      id: 'address-owned-case',
      email: address,
      queue: 'customer',
      categoryId: 'signing-in',
      categoryName: 'Signing in',
      topicName: null,
      impact: 'just-me',
      subject: 'Locked out after a new phone',
      description: 'The code never arrives on my new phone.',
    });
    const sent = await requestEmailCode(
      { ...guestCase, brand: 'Portal', codeKey: Buffer.alloc(32, 9) },
      { flow: 'sign-in-help', email: address, networkAddress: '203.0.113.7' },
    );
    expect(sent.kind).toBe('sent');
    const exported = await listCasesForExport(db, { userId: person.id, email: address });
    expect(exported.find((row) => row.subject === 'Locked out after a new phone')).toMatchObject({
      raisedByYou: true,
    });
    const others = await listCasesForExport(db, {
      userId: world.people.stranger.id,
      email: world.people.stranger.email,
    });
    expect(others.map((row) => row.subject)).not.toContain('Locked out after a new phone');

    await requestAccountDeletion(db, deletion('contact', T0));
    await confirmAccountDeletion(db, {
      ...deletion('contact', T0),
      token: confirmLink(address, T0),
      graceDays: 0,
    });
    expect(await carryOutDueAccountDeletions(db, at(1))).toBe(1);
    const erased = await db
      .selectFrom('support_case')
      .select(['subject', 'owner_email', 'contact_email'])
      .where('id', '=', raised.id)
      .executeTakeFirstOrThrow();
    expect(erased).toEqual({
      subject: 'Locked out after a new phone',
      owner_email: null,
      contact_email: null,
    });
    const codes = await db
      .selectFrom('contact_email_code')
      .select('id')
      .where('email', '=', address)
      .execute();
    expect(codes).toEqual([]);
  });

  it('never carries out a request that was cancelled, and refuses forged or stale links', async () => {
    const { db } = database();
    const colleague = world.people.colleague;
    await requestAccountDeletion(db, deletion('colleague', T0));
    const forged = await confirmAccountDeletion(db, {
      ...deletion('colleague', T0),
      token: `${confirmLink(colleague.email ?? '', T0).slice(0, -2)}xx`,
      graceDays: 14,
    });
    expect(forged.status).toBe('refused');
    const otherAddress = await confirmAccountDeletion(db, {
      ...deletion('colleague', T0),
      token: confirmLink('someone.else@example.com', T0),
      graceDays: 14,
    });
    expect(otherAddress.status).toBe('refused');
    const stale = await confirmAccountDeletion(db, {
      ...deletion('colleague', at(2)),
      token: confirmLink(colleague.email ?? '', T0),
      graceDays: 14,
    });
    expect(stale.status).toBe('refused');
    expect((await accountDeletionOf(db, colleague.id)).stage).toBe('awaiting-confirmation');

    await confirmAccountDeletion(db, {
      ...deletion('colleague', T0),
      token: confirmLink(colleague.email ?? '', T0),
      graceDays: 0,
    });
    await cancelAccountDeletion(db, colleague.id, T0);
    expect(await carryOutDueAccountDeletions(db, at(30))).toBe(0);
    const user = await db
      .selectFrom('portal_user')
      .select(['first_name', 'email'])
      .where('id', '=', colleague.id)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ first_name: 'colleague', email: colleague.email });
    // After the cancellation a new request starts from the beginning.
    expect((await requestAccountDeletion(db, deletion('colleague', at(1)))).status).toBe(
      'link-sent',
    );
    expect((await accountDeletionOf(db, colleague.id)).stage).toBe('awaiting-confirmation');
  });
});
