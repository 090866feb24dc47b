import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testConfig } from '~tests/support/config.ts';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { pageRequests, signInAs, type SignedInSession } from '~tests/support/sessions.ts';
import { buildPortalServer } from '~server/app.ts';
import { updateAccountFlow } from './index.ts';

/* The personalise and update-account flows over HTTP, per role. */

describeEachDialect('partner flows over HTTP', (database) => {
  let app: FastifyInstance;
  let partner: SignedInSession;
  let otherPartner: SignedInSession;
  let customer: SignedInSession;

  const { get, post } = pageRequests(() => app);
  const save = (url: string, who: SignedInSession, fields: Array<[string, string]>) =>
    post(url, who, [['intent', 'save'], ...fields]);

  beforeAll(async () => {
    partner = await signInAs(database(), {
      subject: 'flows-partner',
      email: 'flows@example.com',
      isPartner: true,
      isPrimaryContact: true,
    });
    otherPartner = await signInAs(database(), {
      subject: 'flows-other-partner',
      email: 'flows-other@example.com',
      isPartner: true,
    });
    customer = await signInAs(database(), { subject: 'flows-customer', email: 'fc@example.com' });
    app = await buildPortalServer({ config: testConfig(), database: database() });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('sends a guest to sign in and tells a non-partner plainly', async () => {
    for (const url of ['/0/partners/personalise', '/0/partners/update-account']) {
      expect((await get(url)).statusCode, url).toBe(303);
      const refused = await get(url, customer);
      expect(refused.body, url).toContain('This page is for members of the partner programme.');
      const forged = await save(url, customer, [['step', '1']]);
      expect(forged.statusCode, url).toBe(403);
    }
  });

  it('walks the personalise flow, keeping a refused answer and its message', async () => {
    const url = '/0/partners/personalise';
    expect((await get(url, partner)).body).toContain('Step 1 of 2');
    const refused = await save(url, partner, [['step', '1']]);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Choose at least one: what your clients use.');
    const saved = await save(url, partner, [
      ['step', '1'],
      ['PartnerProductInterestClient', 'Payroll'],
      ['PartnerProductInterestClient', 'Bank feeds'],
    ]);
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe('/0/partners/personalise?step=2');
    // Resumed at step 2 on coming back.
    expect((await get(url, partner)).body).toContain('Step 2 of 2');
    const finished = await save(url, partner, [
      ['step', '2'],
      ['PartnerProductInterestPractice', 'Tax'],
    ]);
    expect(finished.headers.location).toBe('/0/partners/personalise?saved=1');
    const summary = await get(`${url}?saved=1`, partner);
    expect(summary.body).toContain('Your choices are saved');
    expect(summary.body).toContain('Bank feeds, Payroll');
    // The other partner's flow is untouched.
    expect((await get(url, otherPartner)).body).toContain('Step 1 of 2');
  });

  it('walks the update-account flow screen by screen, refusing a skip ahead', async () => {
    const url = '/0/partners/update-account';
    const skipped = await save(url, otherPartner, [
      ['step', '4'],
      ['practiceSize', '1'],
      ['clientCount', '1-10'],
    ]);
    expect(skipped.statusCode).toBe(409);
    const typed = await save(url, partner, [
      ['step', '1'],
      ['practiceName', ''],
      ['website', 'www example'],
    ]);
    expect(typed.statusCode).toBe(400);
    expect(typed.body).toContain('Enter practice name.');
    expect(typed.body).toContain('value="www example"');
    const screens: Array<Array<[string, string]>> = [
      [
        ['practiceName', 'Flows & Co'],
        ['website', ''],
      ],
      [
        ['businessEmail', 'office@flows.example'],
        ['businessPhone', '020 7946 0000'],
      ],
      [
        ['city', 'Leeds'],
        ['postcode', 'LS1 4AP'],
      ],
      [
        ['practiceSize', '6-20'],
        ['clientCount', '11-50'],
      ],
    ];
    for (const [index, fields] of screens.entries()) {
      const response = await save(url, partner, [['step', String(index + 1)], ...fields]);
      expect(response.statusCode, `screen ${index + 1}`).toBe(303);
      if (index < 2) expect((await get(url, partner)).body).toContain(`Step ${index + 2} of 4`);
    }
    const summary = await get(url, partner);
    expect(summary.body).toContain('Your account is up to date');
    expect(summary.body).toContain('Flows &amp; Co');
    expect((await updateAccountFlow(database().db, partner.user.id)).flowScreen).toBe('Screen 4');
    expect((await get(url, otherPartner)).body).not.toContain('Flows &amp; Co');
  });
});
