import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CASE_PROPOSAL_API, DESCRIPTION_MAX } from '~core/cases';
import { testConfig } from '~tests/support/config.ts';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { signInAs, type SignedInSession } from '~tests/support/sessions.ts';
import { buildPortalServer } from '~server/app.ts';
import { listTopics } from '~server/modules/content';
import {
  BANK_FEED_SUBJECTS,
  caseWorld,
  customerCase,
  PAYROLL_SUBJECTS,
  type CaseWorld,
} from './cases.fixture.ts';
import {
  CASE_PROPOSAL_RATE_LIMIT,
  markCaseSolved,
  raiseCase,
  retrainCaseClassifiers,
} from './index.ts';

const BANK = BANK_FEED_SUBJECTS;
const PAY = PAYROLL_SUBJECTS;
const BANK_TEXT = {
  subject: 'My bank feed stopped',
  description: 'The feed from the bank is stuck on yesterday and shows duplicates.',
};

/** The raise flow's fields as the describe step first posts them, about a bank feed. */
const BANK_FLOW = {
  ...BANK_TEXT,
  product: '',
  categoryId: '',
  topicId: '',
  impact: '',
  contactMethod: 'email',
  contactEmail: '',
  contactPhone: '',
  callbackFrom: '',
  callbackTo: '',
  seen: '',
  proposed: '',
};

describeEachDialect('the proposal while typing, over HTTP', (database) => {
  let app: FastifyInstance;
  let world: CaseWorld;
  let customer: SignedInSession;
  let partner: SignedInSession;
  let payroll: string;

  const ask = (who: SignedInSession | undefined, body: unknown, headers = {}) =>
    app.inject({
      method: 'POST',
      url: CASE_PROPOSAL_API,
      headers: {
        'content-type': 'application/json',
        ...(who ? { cookie: who.cookie, 'x-csrf-token': who.csrfToken } : {}),
        ...headers,
      },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const page = (who: SignedInSession, fields: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: '/s/raise-support-case',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: who.cookie },
      payload: new URLSearchParams({ _csrf: who.csrfToken, ...fields }).toString(),
    });

  const checked = (categoryId: string) =>
    new RegExp(`name="categoryId" checked="" value="${categoryId}"`);

  beforeAll(async () => {
    const { db } = database();
    world = await caseWorld(db);
    payroll = (await listTopics(db)).find((topic) => topic.slug === 'payroll')?.id ?? '';
    const solve = async (subject: string, categoryId: string, topicId: string) => {
      const { id } = await raiseCase(world.as('owner'), {
        ...customerCase(world, { subject }),
        classification: { categoryId, topicId },
      });
      await markCaseSolved(world.as('agent'), id);
    };
    for (const subject of BANK) await solve(subject, world.topics.banking, world.topics.bankFeeds);
    for (const subject of PAY) await solve(subject, payroll, '');
    await retrainCaseClassifiers(db, new Date());
    customer = await signInAs(database(), { subject: 'proposal-customer' });
    partner = await signInAs(database(), { subject: 'proposal-partner', isPartner: true });
    app = await buildPortalServer({ config: testConfig(), database: database() });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers the category and topic with how sure it is and the words why, never stored', async () => {
    const response = await ask(customer, { queue: 'customer', ...BANK_TEXT });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const { proposal } = response.json();
    expect(proposal).toMatchObject({
      categoryId: world.topics.banking,
      categoryName: 'Banking',
      topicId: world.topics.bankFeeds,
      topicName: 'Bank feeds',
    });
    expect(proposal.percent).toBeGreaterThanOrEqual(50);
    expect(proposal.percent).toBeLessThanOrEqual(100);
    expect(proposal.because).toContain('stuck');
    const pay = await ask(customer, {
      queue: 'customer',
      subject: 'Pay run',
      description: 'The pay run for an employee failed',
    });
    expect(pay.json().proposal).toMatchObject({ categoryId: payroll, topicId: '', topicName: '' });
    // The words why as the customer typed them, not the model's stems ("employe").
    expect(pay.json().proposal.because).toContain('employee');
    expect(pay.json().proposal.because).not.toContain('employe');
  });

  it('proposes nothing for a text too short or with no word the model knows', async () => {
    const short = await ask(customer, { queue: 'customer', subject: 'Bank feed', description: '' });
    expect(short.statusCode).toBe(200);
    expect(short.json()).toEqual({ proposal: null });
    const unknown = await ask(customer, {
      queue: 'customer',
      subject: 'Hello there',
      description: 'Good morning everyone',
    });
    expect(unknown.json()).toEqual({ proposal: null });
    // A partner's categories learn from solved partner queries only: none here yet.
    const partners = await ask(partner, { queue: 'partner', ...BANK_TEXT });
    expect(partners.statusCode).toBe(200);
    expect(partners.json()).toEqual({ proposal: null });
  });

  it('is for signed-in people: a guest gets 401, a non-partner asking for partner categories 403', async () => {
    const guest = await ask(
      undefined,
      { queue: 'customer', ...BANK_TEXT },
      {
        'sec-fetch-site': 'same-origin',
      },
    );
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toMatchObject({ errorCode: 'SIGN_IN_REQUIRED' });
    expect(guest.headers['cache-control']).toBe('private, no-store');
    const notPartner = await ask(customer, { queue: 'partner', ...BANK_TEXT });
    expect(notPartner.statusCode).toBe(403);
    expect(notPartner.json()).toMatchObject({ errorCode: 'PARTNERS_ONLY' });
  });

  it('refuses a request without the CSRF token or from another site, before reading it', async () => {
    const noToken = await ask(
      undefined,
      { queue: 'customer', ...BANK_TEXT },
      {
        cookie: customer.cookie,
      },
    );
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json()).toMatchObject({ errorCode: 'CSRF_REJECTED' });
    const crossSite = await ask(
      customer,
      { queue: 'customer', ...BANK_TEXT },
      {
        origin: 'https://elsewhere.example',
      },
    );
    expect(crossSite.statusCode).toBe(403);
  });

  it('answers bad bodies with 400 and a clear message, and oversize ones with 413', async () => {
    const cases: [unknown, RegExp][] = [
      ['{"queue": "customer",', /valid JSON/],
      [[1, 2], /JSON object/],
      ['"text"', /JSON object/],
      [{ queue: 'identity', ...BANK_TEXT }, /queue must be "customer" or "partner"/],
      [{ queue: 'customer', subject: 5, description: '' }, /subject must be text/],
      [{ queue: 'customer', subject: '' }, /description must be text/],
      [{ queue: 'customer', subject: 'a'.repeat(151), description: '' }, /at most 150/],
      [
        { queue: 'customer', subject: '', description: 'a'.repeat(DESCRIPTION_MAX + 1) },
        /at most 20000 characters/,
      ],
    ];
    for (const [body, message] of cases) {
      const response = await ask(customer, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    // The longest description in non-Latin text fits; far more is refused unread.
    const longest = await ask(customer, {
      queue: 'customer',
      subject: '銀'.repeat(150),
      description: '銀'.repeat(DESCRIPTION_MAX),
    });
    expect(longest.statusCode).toBe(200);
    const huge = await ask(customer, {
      queue: 'customer',
      subject: '',
      description: 'a'.repeat(200_000),
    });
    expect(huge.statusCode).toBe(413);
    const form = await ask(customer, 'subject=x', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.statusCode).toBe(415);
  });

  it('preselects on the category step what it proposed while typing, unless another was chosen', async () => {
    const first = await page(customer, { ...BANK_FLOW, step: 'describe', intent: 'next' });
    expect(first.body).toContain('We suggest');
    const carried = `${world.topics.banking}/${world.topics.bankFeeds}`;
    expect(first.body).toContain(`name="proposed" value="${carried}"`);
    // Back to the description, now about payroll: the untouched proposal follows the text.
    const changed = {
      ...BANK_FLOW,
      categoryId: world.topics.banking,
      topicId: world.topics.bankFeeds,
      proposed: carried,
      subject: 'Pay run failed',
      description: 'The pay run for an employee failed this morning.',
    };
    const again = await page(customer, { ...changed, step: 'describe', intent: 'next' });
    expect(again.body).toContain(`name="proposed" value="${payroll}/"`);
    expect(again.body).toMatch(checked(payroll));
    // A category the customer chose stays, whatever the description says.
    const chosen = await page(customer, {
      ...changed,
      topicId: '',
      step: 'describe',
      intent: 'next',
    });
    expect(chosen.body).not.toContain('We suggest');
    expect(chosen.body).toMatch(checked(world.topics.banking));
  });

  it("drops the proposed topic under another category, and refuses a customer's topic of another", async () => {
    const carried = `${world.topics.banking}/${world.topics.bankFeeds}`;
    const classified = {
      ...BANK_FLOW,
      categoryId: payroll,
      topicId: world.topics.bankFeeds,
      proposed: carried,
      step: 'classify',
      intent: 'next',
      articleViewed: 'true',
    };
    // Without JavaScript the topic list keeps the proposal's topic: it goes with the proposal.
    const moved = await page(customer, classified);
    expect(moved.statusCode).toBe(200);
    expect(moved.body).toMatch(/<h2 id="step-heading"[^>]*>Impact and contact<\/h2>/);
    expect(moved.body).toContain('name="topicId" value=""');
    // The same topic chosen by the customer (nothing proposed) is refused at the topic.
    const refused = await page(customer, { ...classified, proposed: '' });
    expect(refused.body).toContain('Choose a topic of this category.');
    expect(refused.body).toMatch(/<select[^>]*name="topicId"[^>]*aria-invalid="true"/);
  });

  it(`limits each person to ${CASE_PROPOSAL_RATE_LIMIT.max} proposals a minute`, async () => {
    const limited = await signInAs(database(), { subject: 'proposal-fast-typist' });
    const body = { queue: 'customer', subject: 'Bank', description: '' };
    for (let index = 0; index < CASE_PROPOSAL_RATE_LIMIT.max; index += 1) {
      expect((await ask(limited, body)).statusCode).toBe(200);
    }
    const over = await ask(limited, body);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ errorCode: 'RATE_LIMITED' });
    // Another person is not held back by the first one's typing.
    expect((await ask(customer, body)).statusCode).toBe(200);
  });
});
