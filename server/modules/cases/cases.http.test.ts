import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testConfig } from '~tests/support/config.ts';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { pageRequests, type SignedInSession, signInAs } from '~tests/support/sessions.ts';
import { buildPortalServer } from '~server/app.ts';
import { BASIC_FIXTURE, FIXTURE_SETTINGS } from '~server/modules/content/content.fixture.ts';
import { importContent, listTopics } from '~server/modules/content';
import { listOutbox } from '~server/modules/mail';
import { saveSearchDocument } from '~server/modules/search';
import { articleDocument } from '~tests/support/search-documents.ts';

describeEachDialect('support case pages over HTTP', (database) => {
  let app: FastifyInstance;
  let owner: SignedInSession;
  let stranger: SignedInSession;
  let agent: SignedInSession;
  let invitee: SignedInSession;
  let banking: string;
  let caseId: string;

  const { get, post } = pageRequests(() => app);
  const complete = () => ({
    subject: 'Bank feed stopped',
    description: 'No transactions have come in since Monday morning.',
    product: '',
    categoryId: banking,
    topicId: '',
    impact: 'just-me',
    contactMethod: 'email',
    contactEmail: 'owner@example.com',
    contactPhone: '',
    callbackFrom: '',
    callbackTo: '',
  });

  beforeAll(async () => {
    const { db } = database();
    await importContent(db, BASIC_FIXTURE, FIXTURE_SETTINGS);
    banking = (await listTopics(db)).find((topic) => topic.slug === 'banking')?.id ?? '';
    owner = await signInAs(database(), {
      subject: 'http-owner',
      email: 'owner@example.com',
      organisationId: 'org-h',
    });
    stranger = await signInAs(database(), {
      subject: 'http-stranger',
      email: 'stranger@example.com',
      organisationId: 'org-h',
    });
    agent = await signInAs(database(), {
      subject: 'http-agent',
      email: 'agent@example.com',
      isAgent: true,
    });
    invitee = await signInAs(database(), { subject: 'http-invitee', email: 'invitee@example.com' });
    app = await buildPortalServer({ config: testConfig(), database: database() });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('sends a guest to sign in, from every case page under both URL variants', async () => {
    for (const url of [
      '/s/my-cases',
      '/s/raise-support-case',
      '/s/submit-partner-query',
      '/s/case-invite?caseId=500000000000000000',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(303);
      expect(response.headers.location).toContain('/services/auth/sso/portal?startURL=');
    }
    // The new variant's spelling leads to the same pages.
    const other = await get('/0/my/cases', owner);
    expect([200, 308]).toContain(other.statusCode);
    if (other.statusCode === 308) expect(other.headers.location).toBe('/s/my-cases');
  });

  it('walks the raise flow without JavaScript, keeping what was typed when a step is refused', async () => {
    const first = await get('/s/raise-support-case', owner);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('Describe the problem');
    const refused = await post('/s/raise-support-case', owner, {
      ...complete(),
      description: 'short',
      step: 'describe',
      intent: 'next',
    });
    expect(refused.statusCode).toBe(200);
    expect(refused.body).toContain('Description needs at least 20 characters.');
    expect(refused.body).toContain('value="Bank feed stopped"');
    const classify = await post('/s/raise-support-case', owner, {
      ...complete(),
      step: 'describe',
      intent: 'next',
    });
    expect(classify.body).toContain('What is it about?');
    const deflect = await post('/s/raise-support-case', owner, {
      ...complete(),
      step: 'classify',
      intent: 'next',
    });
    expect(deflect.body).toContain('I still need help');
    expect(deflect.body).toContain('This solved my problem');
    // After an article asked to skip deflection, classification leads straight to the details.
    const skipped = await post('/s/raise-support-case', owner, {
      ...complete(),
      step: 'classify',
      intent: 'next',
      articleViewed: 'true',
    });
    expect(skipped.body).toContain('How many people does this stop from working?');
    const badTime = await post('/s/raise-support-case', owner, {
      ...complete(),
      contactMethod: 'callback',
      contactPhone: '02 9876 5432',
      callbackFrom: '25:00',
      callbackTo: '10:00',
      step: 'details',
      intent: 'next',
    });
    expect(badTime.body).toContain('Enter a time between 00:00 and 23:59.');
    expect(badTime.body).toContain('value="02 9876 5432"');
  });

  it("suggests no partner resource to a customer, and a partner's resource to a partner", async () => {
    await saveSearchDocument(
      database().db,
      articleDocument('bank-feed-stopped-playbook', {
        title: 'Bank feed stopped: a playbook for your clients',
        body_text: 'When a bank feed stopped for a client, walk them through reconnecting it.',
        objecttype: 'PartnerResource',
        common_contenttype: 'Partner resource',
      }),
    );
    const partner = await signInAs(database(), {
      subject: 'http-partner',
      email: 'partner@example.com',
      isPartner: true,
    });
    const deflectionFor = (session: SignedInSession) =>
      post('/s/raise-support-case', session, { ...complete(), step: 'classify', intent: 'next' });
    const customers = await deflectionFor(owner);
    expect(customers.body).toContain('Help that matches your question');
    expect(customers.body).not.toContain('a playbook for your clients');
    const partners = await deflectionFor(partner);
    expect(partners.body).toContain('a playbook for your clients');
    // The help opens in a new tab, so the case being raised stays where it is.
    expect(partners.body).toMatch(
      /<a href="\/s\/article\/bank-feed-stopped-playbook" target="_blank" rel="noopener noreferrer">/,
    );
  });

  it('makes one case of a submit sent twice, and confirms it with its number', async () => {
    const fields = {
      ...complete(),
      step: 'review',
      intent: 'submit',
      idempotencyKey: 'http-raise-key-1',
    };
    const [a, b] = await Promise.all([
      post('/s/raise-support-case', owner, fields),
      post('/s/raise-support-case', owner, fields),
    ]);
    expect(a.statusCode).toBe(303);
    expect(b.headers.location).toBe(a.headers.location);
    caseId = /submitted=([A-Za-z0-9]{18})/.exec(String(a.headers.location))?.[1] ?? '';
    const confirmation = await get(String(a.headers.location), owner);
    expect(confirmation.body).toMatch(/Your case number is <strong>\d{8}<\/strong>/);
    const rows = await database()
      .db.selectFrom('support_case')
      .select('id')
      .where('owner_id', '=', owner.user.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('counts the suggestions shown on the way to a case as help, and the case raised after them', async () => {
    const { db } = database();
    await db.deleteFrom('contact_deflection').execute();
    const deflect = await post('/s/raise-support-case', owner, {
      ...complete(),
      step: 'classify',
      intent: 'next',
    });
    const seen = /name="seen" value="([0-9a-f-]{36})"/.exec(deflect.body)?.[1];
    expect(seen).toBeDefined();
    const shown = await db.selectFrom('contact_deflection').selectAll().execute();
    expect(shown).toEqual([
      expect.objectContaining({
        id: seen,
        flow: 'raise-case',
        topic: 'Banking',
        reached_person: 0,
      }),
    ]);
    // Back and on again: the same visit, not a second one.
    const again = await post('/s/raise-support-case', owner, {
      ...complete(),
      seen: seen!,
      step: 'classify',
      intent: 'next',
    });
    expect(again.body).toContain(`name="seen" value="${seen}"`);
    const raised = await post('/s/raise-support-case', owner, {
      ...complete(),
      seen: seen!,
      step: 'review',
      intent: 'submit',
      idempotencyKey: 'http-raise-key-seen',
    });
    expect(raised.statusCode).toBe(303);
    const reached = await db.selectFrom('contact_deflection').selectAll().execute();
    expect(reached).toEqual([expect.objectContaining({ id: seen, reached_person: 1 })]);
    // The later tests count the owner's cases: this one goes again.
    const made = /submitted=([A-Za-z0-9]{18})/.exec(String(raised.headers.location))?.[1] ?? '';
    await db.deleteFrom('support_case').where('id', '=', made).execute();
  });

  it('answers a form of unknown intent and odd choices with the form again, never a 500', async () => {
    const odd = await post('/s/raise-support-case', owner, {
      ...complete(),
      impact: '__proto__',
      contactMethod: 'constructor',
      step: 'review',
      intent: '__proto__',
    });
    expect(odd.statusCode).toBe(400);
    expect(odd.body).toContain('This form could not be sent.');
  });

  it('refuses a form without the CSRF token', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/s/raise-support-case',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: owner.cookie },
      payload: new URLSearchParams({ ...complete(), step: 'review', intent: 'submit' }).toString(),
    });
    expect(response.statusCode).toBe(403);
  });

  it('shows the case to its owner and agents, and the same 404 as a missing case to anyone else', async () => {
    expect((await get(`/s/case?caseId=${caseId}`, owner)).body).toContain('Bank feed stopped');
    expect((await get(`/s/case?caseId=${caseId}`, agent)).statusCode).toBe(200);
    const hidden = await get(`/s/case?caseId=${caseId}`, stranger);
    const missing = await get('/s/case?caseId=500000000000000000', stranger);
    expect(hidden.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect((await get(`/s/relatedlist?recordId=${caseId}`, stranger)).statusCode).toBe(404);
    expect((await get(`/s/detail/${caseId}`, stranger)).statusCode).toBe(404);
    const detail = await get(`/s/detail/${caseId}`, owner);
    expect(detail.statusCode).toBe(301);
    expect(detail.headers.location).toBe(`/s/case?caseId=${caseId}`);
    const hiddenReply = await post(`/s/case?caseId=${caseId}`, stranger, {
      intent: 'reply',
      formId: 'reply',
      body: 'Let me in',
    });
    expect(hiddenReply.statusCode).toBe(404);
  });

  it("takes an agent's reply and the owner's, and mails the other side", async () => {
    const reply = await post(`/s/case?caseId=${caseId}`, agent, {
      intent: 'reply',
      formId: 'reply',
      body: 'Which bank?',
    });
    expect(reply.statusCode).toBe(303);
    const page = await get(`/s/case?caseId=${caseId}`, owner);
    expect(page.body).toContain('Awaiting your reply');
    expect(page.body).toContain('Which bank?');
    expect(page.body).toContain('(<!-- -->Support agent<!-- -->)');
    const empty = await post(`/s/case?caseId=${caseId}`, owner, {
      intent: 'reply',
      formId: 'reply',
      body: '   ',
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Message is required.');
    const mails = await listOutbox(database().db);
    expect(
      mails.some(
        (mail) => mail.recipient === 'owner@example.com' && mail.text_body.includes('Which bank?'),
      ),
    ).toBe(true);
  });

  it('invites a colleague by e-mail, who accepts once and then sees the case', async () => {
    const invited = await post(`/s/case-invite?caseId=${caseId}`, owner, {
      intent: 'invite',
      formId: 'invite',
      email: 'invitee@example.com',
    });
    expect(invited.body).toContain('We sent an invitation to invitee@example.com.');
    const bad = await post(`/s/case-invite?caseId=${caseId}`, owner, {
      intent: 'invite',
      formId: 'invite',
      email: 'invitee@',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('value="invitee@"');
    const mail = (await listOutbox(database().db)).find(
      (row) => row.recipient === 'invitee@example.com',
    );
    const link =
      /(\/s\/case-invite\?caseId=\S+&invitation=[A-Za-z0-9_-]+)/.exec(mail?.text_body ?? '')?.[1] ??
      '';
    expect(link).not.toBe('');
    expect((await get(link, invitee)).body).toContain('Accept and open the case');
    const token = new URL(link, 'http://x').searchParams.get('invitation') ?? '';
    const wrongPerson = await post(link, stranger, {
      intent: 'accept',
      formId: 'accept',
      invitation: token,
    });
    expect(wrongPerson.body).toContain('This invitation was sent to another e-mail address.');
    const accepted = await post(link, invitee, {
      intent: 'accept',
      formId: 'accept',
      invitation: token,
    });
    expect(accepted.statusCode).toBe(303);
    expect(accepted.headers.location).toBe(`/s/case?caseId=${caseId}`);
    expect((await get(`/s/case?caseId=${caseId}`, invitee)).statusCode).toBe(200);
    expect((await get(`/s/case-invite?caseId=${caseId}`, invitee)).statusCode).toBe(404);
  });

  it('lists the cases with filters and search, and leads the generic record pages to them', async () => {
    const list = await get('/s/my-cases?status=active&q=bank', owner);
    expect(list.body).toContain('1 case');
    expect(list.body).toContain('Bank feed stopped');
    expect((await get('/s/my-cases?status=closed', owner)).body).toContain('No cases match.');
    expect((await get('/s/recordlist', owner)).body).toContain('Bank feed stopped');
    const create = await get('/s/createrecord', owner);
    expect(create.statusCode).toBe(302);
    expect(create.headers.location).toBe('/s/raise-support-case');
    expect((await get('/s/submit-partner-query', owner)).body).toContain(
      'Partner queries are for members of the partner programme.',
    );
  });

  it('solves and rates the case without JavaScript', async () => {
    expect(
      (await post(`/s/case?caseId=${caseId}`, owner, { intent: 'solve', formId: 'solve' }))
        .statusCode,
    ).toBe(303);
    const refused = await post(`/s/case?caseId=${caseId}`, owner, {
      intent: 'rate',
      formId: 'rate',
      score: '7',
      comment: 'Kept text',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Kept text');
    const rated = await post(`/s/case?caseId=${caseId}`, owner, {
      intent: 'rate',
      formId: 'rate',
      score: '5',
      comment: 'Great',
    });
    expect(rated.body).toContain('Thank you for rating the help you got.');
    expect((await get(`/s/case?caseId=${caseId}`, owner)).body).toMatch(/5(<!-- -->)? out of 5/);
  });
});
