import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SUBSCRIPTION_TRANSFER_DECISION_PATH, SUBSCRIPTIONS_ADMIN_PATH } from '~core/subscriptions';
import { buildPortalServer } from '~server/app.ts';
import { listOutbox } from '~server/modules/mail';
import {
  createPractice,
  findManagedPractice,
  type PracticesContext,
} from '~server/modules/practices';
import { testConfig } from '~tests/support/config.ts';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { pageRequests, signInAs, type SignedInSession } from '~tests/support/sessions.ts';
import {
  listTransfers,
  placeOrder,
  practiceClients,
  seedSubscriptionCatalogue,
  subscriptionLinks,
  type BuyingPractice,
} from './index.ts';

/* The transfer page's withdrawal and staff's page over HTTP, for each role. */

const TRANSFERS = '/0/partners/transfer-subscriptions';

describeEachDialect('subscription pages over HTTP', (database) => {
  let app: FastifyInstance;
  let principal: SignedInSession;
  let otherPartner: SignedInSession;
  let customer: SignedInSession;
  let staff: SignedInSession;
  let practice: BuyingPractice;

  const { get, post } = pageRequests(() => app);

  /** A practice of the partner's own, as the practices module tells the pages. */
  async function practiceFor(
    who: SignedInSession,
    name: string,
    market: string,
    registrationNumber: string,
  ): Promise<BuyingPractice> {
    const context: PracticesContext = {
      db: database().db,
      now: new Date(),
      links: {
        manage: 'https://help.example/m',
        listing: (slug) => `https://help.example/${slug}`,
      },
    };
    const owner = { id: who.user.id, name, email: who.user.email ?? '' };
    const created = await createPractice(context, owner, {
      name,
      market,
      registrationNumber,
      address: '1 High Street',
      city: market === 'AU' ? 'Sydney' : 'London',
      postcode: market === 'AU' ? '2000' : 'SW1A 1AA',
      services: ['bookkeeping'],
      requestKey: randomUUID(),
    });
    if (created.kind !== 'created') throw new Error(`No practice: ${JSON.stringify(created)}`);
    const managed = await findManagedPractice(context, who.user.id);
    const { id, market: practiceMarket, tier } = managed!.practice;
    return { id, name, market: practiceMarket as BuyingPractice['market'], tier };
  }

  beforeAll(async () => {
    const suffix = randomUUID().slice(0, 8);
    principal = await signInAs(database(), {
      subject: `http-sub-principal-${suffix}`,
      email: `principal.${suffix}@example.com`,
      isPartner: true,
      isPrimaryContact: true,
    });
    otherPartner = await signInAs(database(), {
      subject: `http-sub-other-${suffix}`,
      email: `other.${suffix}@example.com`,
      isPartner: true,
    });
    customer = await signInAs(database(), {
      subject: `http-sub-customer-${suffix}`,
      email: `customer.${suffix}@example.com`,
    });
    staff = await signInAs(database(), { subject: `http-sub-staff-${suffix}`, canViewSetup: true });
    await seedSubscriptionCatalogue(database().db, new Date());
    practice = await practiceFor(
      principal,
      `Withdrawal Partners ${suffix}`,
      'AU',
      '51 824 753 556',
    );
    // A UK company number is eight digits: a random one keeps suites apart.
    const companyNumber = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
    await practiceFor(otherPartner, `Elsewhere Books ${suffix}`, 'UK', companyNumber);
    app = await buildPortalServer({ config: testConfig(), database: database() });
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A client of the practice, and the transfer of their billing asked through the page. */
  async function askedTransfer() {
    const today = new Date().toISOString().slice(0, 10);
    const email = `client.${randomUUID().slice(0, 8)}@clients.example`;
    await placeOrder(
      {
        db: database().db,
        now: new Date(),
        signer: subscriptionLinks('only the activation links, which these tests do not follow'),
        links: {
          activate: (token) => `/a?token=${token}`,
          transfer: (token) => `/t?token=${token}`,
        },
      },
      practice,
      { id: principal.user.id, name: 'Principal', email: principal.user.email ?? '' },
      randomUUID(),
      [{ businessName: `Client ${email}`, email, plan: 'standard', startDate: today }],
    );
    const client = (await practiceClients(database().db, practice.id)).find(
      (candidate) => candidate.email === email,
    )!;
    const asked = await post(TRANSFERS, principal, {
      intent: 'confirm',
      formId: 'confirm',
      subscriptionId: client.id,
      effectiveDate: today,
    });
    expect(asked.statusCode).toBe(200);
    const transfer = (await listTransfers(database().db, practice.id)).find(
      (candidate) => candidate.subscriptionId === client.id,
    )!;
    const mail = (await listOutbox(database().db)).find(
      (sent) => sent.recipient === email && sent.text_body.includes('transfer?token='),
    )!;
    const token = /transfer\?token=([A-Za-z0-9_.-]+)/.exec(mail.text_body)![1]!;
    return { client, transfer, token, email };
  }

  it('lets only the practice that asked withdraw an open transfer, once, after confirming', async () => {
    const { client, transfer, token, email } = await askedTransfer();
    const confirm = await get(`${TRANSFERS}?withdraw=${transfer.id}`, principal);
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain(`Withdraw the transfer of ${client.businessName}?`);
    // Another practice sees no confirmation, and its withdrawal is answered as for no transfer.
    const elsewhere = await get(`${TRANSFERS}?withdraw=${transfer.id}`, otherPartner);
    expect(elsewhere.body).not.toContain(client.businessName);
    const form = { intent: 'withdraw', formId: 'withdraw', transferId: transfer.id };
    const theirs = await post(TRANSFERS, otherPartner, form);
    const none = await post(TRANSFERS, principal, { ...form, transferId: randomUUID() });
    expect([theirs.statusCode, none.statusCode]).toEqual([404, 404]);
    expect(theirs.body).toContain('There is no such transfer to withdraw.');
    expect((await post(TRANSFERS, customer, form)).statusCode).toBe(403);
    expect((await post(TRANSFERS, undefined, form)).statusCode).toBe(403);
    expect((await post(TRANSFERS, principal, { ...form, _csrf: 'forged' })).statusCode).toBe(403);
    const still = await listTransfers(database().db, practice.id);
    expect(still.find((candidate) => candidate.id === transfer.id)?.status).toBe('awaiting-client');

    const withdrawn = await post(TRANSFERS, principal, form);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.body).toContain(`The transfer of ${client.businessName} is withdrawn`);
    const again = await post(TRANSFERS, principal, form);
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('cannot be withdrawn: it is withdrawn already.');
    expect(
      (await listOutbox(database().db)).filter(
        (mail) => mail.recipient === email && mail.subject.includes('withdrew'),
      ),
    ).toHaveLength(1);

    const link = `${SUBSCRIPTION_TRANSFER_DECISION_PATH}?token=${token}`;
    const page = await get(link);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('This transfer was withdrawn');
    expect(page.body).not.toContain('Approve the transfer');
    const guest = await signInAs(database(), { subject: `http-sub-guest-${randomUUID()}` });
    const approval = await post(link, guest, { intent: 'approve', formId: 'decision', token });
    expect(approval.statusCode).toBe(409);
    expect(approval.body).toContain('withdrew this request');
    const after = (await practiceClients(database().db, practice.id)).find(
      (candidate) => candidate.id === client.id,
    );
    expect(after?.billedTo).toBe('practice');
  });

  it('refuses to withdraw a transfer the client has answered, without a 500', async () => {
    const { transfer, token } = await askedTransfer();
    const guest = await signInAs(database(), { subject: `http-sub-guest-${randomUUID()}` });
    const link = `${SUBSCRIPTION_TRANSFER_DECISION_PATH}?token=${token}`;
    expect(
      (await post(link, guest, { intent: 'approve', formId: 'decision', token })).statusCode,
    ).toBe(200);
    const late = await post(TRANSFERS, principal, {
      intent: 'withdraw',
      formId: 'withdraw',
      transferId: transfer.id,
    });
    expect(late.statusCode).toBe(409);
    expect(late.body).toContain('cannot be withdrawn: it is approved already.');
    expect((await get(TRANSFERS, principal)).body).not.toContain(`?withdraw=${transfer.id}`);
  });

  it('shows staff the practices’ names and pages, and anyone else a 404', async () => {
    await askedTransfer();
    const page = await get(SUBSCRIPTIONS_ADMIN_PATH, staff);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(practice.name);
    for (const who of [principal, customer]) {
      expect((await get(SUBSCRIPTIONS_ADMIN_PATH, who)).statusCode).toBe(404);
    }
    expect((await get(SUBSCRIPTIONS_ADMIN_PATH)).statusCode).toBe(303);
    // An order of 25 clients writes 26 audit entries: more than a page.
    const today = new Date().toISOString().slice(0, 10);
    await placeOrder(
      {
        db: database().db,
        now: new Date(),
        signer: subscriptionLinks('only the activation links, which these tests do not follow'),
        links: {
          activate: (token) => `/a?token=${token}`,
          transfer: (token) => `/t?token=${token}`,
        },
      },
      practice,
      { id: principal.user.id, name: 'Principal', email: principal.user.email ?? '' },
      randomUUID(),
      Array.from({ length: 25 }, (_, index) => ({
        businessName: `Paged Client ${index}`,
        email: `paged.${index}.${randomUUID().slice(0, 6)}@clients.example`,
        plan: 'starter',
        startDate: today,
      })),
    );
    const first = (await get(SUBSCRIPTIONS_ADMIN_PATH, staff)).body;
    const older = /href="([^"]*auditOlder=[^"]*)"[^>]*>Older</.exec(first)?.[1];
    expect(older).toBeDefined();
    expect(first).not.toMatch(/auditNewer=/);
    expect(older!.startsWith(`${SUBSCRIPTIONS_ADMIN_PATH}?`)).toBe(true);
    expect(older!.endsWith('#audit-heading')).toBe(true);
    const second = await get(older!.replace(/&amp;/g, '&').replace(/#.*$/, ''), staff);
    expect(second.statusCode).toBe(200);
    expect(second.body).toMatch(/href="[^"]*auditNewer=[^"]*#audit-heading"[^>]*>Newer</);
    // A page address not understood is the first page, not an error.
    const odd = await get(`${SUBSCRIPTIONS_ADMIN_PATH}?ordersOlder=junk&auditNewer=x_y`, staff);
    expect(odd.statusCode).toBe(200);
    expect(odd.body).toContain(practice.name);
  });
});
