import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testConfig } from '~tests/support/config.ts';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { pageRequests, type SignedInSession, signInAs } from '~tests/support/sessions.ts';
import { buildPortalServer } from '~server/app.ts';
import { listOutbox } from '~server/modules/mail';
import { createPractice, type PracticeUser } from './index.ts';

/*
 * The account page's Practice section over HTTP, per role: the principal contact, a member who
 * joined by the invitation's link, another practice's principal, a signed-in non-partner and a
 * guest.
 */

const ACCOUNT = '/0/partners/account';

describeEachDialect('a practice’s people over HTTP', (database) => {
  let app: FastifyInstance;
  let principal: SignedInSession;
  let invitee: SignedInSession;
  let otherPrincipal: SignedInSession;
  let customer: SignedInSession;

  const { get, post } = pageRequests(() => app);
  const asPracticeUser = (session: SignedInSession): PracticeUser => ({
    id: session.user.id,
    name: `${session.user.firstName} ${session.user.lastName}`,
    email: session.user.email ?? '',
  });
  const practice = (owner: SignedInSession, name: string, registrationNumber: string) =>
    createPractice(
      { db: database().db, now: new Date(), links: { manage: '', listing: () => '' } },
      asPracticeUser(owner),
      {
        name,
        market: 'AU',
        registrationNumber,
        address: '1 George Street',
        city: 'Sydney',
        postcode: '2000',
        services: ['bookkeeping'],
        requestKey: randomUUID(),
      },
    );
  async function joinToken(email: string): Promise<string> {
    const mails = (await listOutbox(database().db)).filter((mail) => mail.recipient === email);
    const token = /join\?token=([A-Za-z0-9_-]+)/.exec(mails.at(-1)?.text_body ?? '')?.[1];
    if (!token) throw new Error(`no invitation to ${email}`);
    return token;
  }

  beforeAll(async () => {
    const who = (subject: string, firstName: string, lastName: string) =>
      signInAs(database(), {
        subject,
        firstName,
        lastName,
        email: `${firstName.toLowerCase()}@people.example.com`,
      });
    principal = await who('http-people-principal', 'Pia', 'Grant');
    invitee = await who('http-people-invitee', 'Zoe', 'Park');
    otherPrincipal = await who('http-people-other', 'Omar', 'Haddad');
    customer = await who('http-people-customer', 'Cleo', 'Marsh');
    await practice(principal, 'Harbour Books', '51 824 753 556');
    await practice(otherPrincipal, 'Hughes & Co', '53 004 085 616');
    app = await buildPortalServer({ config: testConfig(), database: database() });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('sends a guest to sign in, and tells a non-partner plainly, changing nothing', async () => {
    expect((await get(ACCOUNT)).statusCode).toBe(303);
    const refused = await get(ACCOUNT, customer);
    expect(refused.body).toContain('This page is for members of the partner programme.');
    expect(refused.body).not.toContain('Harbour Books');
    const invite = await post(ACCOUNT, customer, {
      intent: 'invite',
      formId: 'invite',
      email: 'cleo@people.example.com',
      role: 'member',
    });
    expect(invite.statusCode).toBe(403);
  });

  it('shows the principal the practice and its people, and refuses a bad address at its field', async () => {
    const page = await get(ACCOUNT, principal);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Practice: Harbour Books');
    expect(page.body).toContain('Australia');
    expect(page.body).toContain('Starter');
    expect(page.body).toContain('Principal contact');
    expect(page.body).toContain('Send the invitation');
    expect(page.body).toContain('id="partner-program-points"');
    const bad = await post(ACCOUNT, principal, {
      intent: 'invite',
      formId: 'invite',
      email: 'zoe@people',
      role: 'primary',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Enter an e-mail address like name@example.com.');
    expect(bad.body).toContain('value="zoe@people"');
    expect(bad.body).toContain('aria-invalid="true"');
  });

  it('invites once for a form sent twice, and shows the invitation as pending', async () => {
    const form = {
      intent: 'invite',
      formId: 'invite',
      email: 'zoe@people.example.com',
      role: 'member',
    };
    const [first, second] = await Promise.all([
      post(ACCOUNT, principal, form),
      post(ACCOUNT, principal, form),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 400]);
    expect(`${first.body}${second.body}`).toContain('is invited already');
    const mails = (await listOutbox(database().db)).filter(
      (mail) => mail.recipient === 'zoe@people.example.com',
    );
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Pia Grant invites you to join Harbour Books',
    ]);
    const page = await get(ACCOUNT, principal);
    expect(page.body).toContain('Pending invitations');
    expect(page.body).toContain('Withdraw the invitation to zoe@people.example.com');
  });

  it('shows the link to the invitee without joining them, and to nobody else', async () => {
    const token = await joinToken('zoe@people.example.com');
    const link = `/0/partners/account/join?token=${token}`;
    expect((await get(link)).statusCode).toBe(303);
    const otherAddress = await get(link, customer);
    expect(otherAddress.statusCode).toBe(200);
    expect(otherAddress.body).toContain('This invitation was sent to another e-mail address.');
    expect(otherAddress.body).not.toContain('Harbour Books');
    expect(
      (await get(`/0/partners/account/join?token=${token.slice(1)}x`, invitee)).body,
    ).toContain('This invitation link is not valid.');
    const shown = await get(link, invitee);
    expect(shown.body).toContain('Join Harbour Books');
    expect((await get(ACCOUNT, invitee)).body).toContain(
      'This page is for members of the partner programme.',
    );
    const joined = await post(link, invitee, { intent: 'join', formId: 'join', token });
    expect(joined.statusCode).toBe(303);
    expect(joined.headers.location).toBe(`${ACCOUNT}#practice`);
    const again = await post(link, customer, { intent: 'join', formId: 'join', token });
    expect(again.body).toContain('This invitation has been used already.');
  });

  it('shows the member the practice and its people, but no invitations, and lets them change nothing', async () => {
    const page = await get(ACCOUNT, invitee);
    expect(page.body).toContain('Practice: Harbour Books');
    expect(page.body).toContain('Pia Grant');
    expect(page.body).toContain('Zoe Park');
    expect(page.body).not.toContain('Send the invitation');
    expect(page.body).not.toContain('Pending invitations');
    const invite = await post(ACCOUNT, invitee, {
      intent: 'invite',
      formId: 'invite',
      email: 'max@people.example.com',
      role: 'member',
    });
    expect(invite.statusCode).toBe(403);
    const remove = await post(ACCOUNT, invitee, {
      intent: 'remove',
      formId: 'remove',
      userId: principal.user.id,
    });
    expect(remove.statusCode).toBe(403);
    const handOver = await post(ACCOUNT, invitee, {
      intent: 'hand-over',
      formId: 'hand-over',
      userId: invitee.user.id,
    });
    expect(handOver.statusCode).toBe(403);
  });

  it('never shows another practice its people, nor lets its principal remove them', async () => {
    const page = await get(`${ACCOUNT}?remove=${invitee.user.id}`, otherPrincipal);
    expect(page.body).toContain('Practice: Hughes &amp; Co');
    expect(page.body).not.toContain('Harbour Books');
    expect(page.body).not.toContain('Zoe Park');
    const remove = await post(ACCOUNT, otherPrincipal, {
      intent: 'remove',
      formId: 'remove',
      userId: invitee.user.id,
    });
    expect(remove.statusCode).toBe(404);
    const nobody = await post(ACCOUNT, otherPrincipal, {
      intent: 'remove',
      formId: 'remove',
      userId: 'no-such-person',
    });
    expect(nobody.statusCode).toBe(404);
    expect(remove.body).toContain('This person is not one of your practice’s people.');
    const handOver = await post(ACCOUNT, otherPrincipal, {
      intent: 'hand-over',
      formId: 'hand-over',
      userId: invitee.user.id,
    });
    expect(handOver.statusCode).toBe(404);
  });

  it('removes a member after a confirmation, who loses partner access at once; never the principal', async () => {
    const self = await post(ACCOUNT, principal, {
      intent: 'remove',
      formId: 'remove',
      userId: principal.user.id,
    });
    expect(self.statusCode).toBe(403);
    expect(self.body).toContain('The principal contact cannot be removed.');
    const confirm = await get(`${ACCOUNT}?remove=${invitee.user.id}`, principal);
    expect(confirm.body).toContain('Remove Zoe Park?');
    expect(confirm.body).toContain('Yes, remove Zoe Park');
    const removed = await post(`${ACCOUNT}?remove=${invitee.user.id}`, principal, {
      intent: 'remove',
      formId: 'remove',
      userId: invitee.user.id,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.body).toContain('Zoe Park is removed from the practice');
    expect((await get(ACCOUNT, invitee)).body).toContain(
      'This page is for members of the partner programme.',
    );
    const history = (await get(ACCOUNT, principal)).body;
    expect(history).toContain('Removed: Zoe Park (zoe@people.example.com)');
    expect(history).toContain('Joined: Zoe Park (zoe@people.example.com)');
  });

  it('hands the practice over after a confirmation: the principal becomes a primary contact', async () => {
    await post(ACCOUNT, principal, {
      intent: 'invite',
      formId: 'invite',
      email: 'cleo@people.example.com',
      role: 'member',
    });
    const token = await joinToken('cleo@people.example.com');
    const link = `/0/partners/account/join?token=${token}`;
    expect((await post(link, customer, { intent: 'join', formId: 'join', token })).statusCode).toBe(
      303,
    );
    const confirm = await get(`${ACCOUNT}?handover=${customer.user.id}`, principal);
    expect(confirm.body).toContain('Make Cleo Marsh the principal contact?');
    const handed = await post(ACCOUNT, principal, {
      intent: 'hand-over',
      formId: 'hand-over',
      userId: customer.user.id,
    });
    expect(handed.statusCode).toBe(200);
    expect(handed.body).toContain('Cleo Marsh is now the principal contact.');
    const former = (await get(ACCOUNT, principal)).body;
    expect(former).not.toContain('Make principal');
    expect(former).toContain('Send the invitation');
    expect((await get(ACCOUNT, customer)).body).toContain('Make principal');
  });
});
