import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testConfig } from '~tests/support/config.ts';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { pageRequests, type SignedInSession, signInAs } from '~tests/support/sessions.ts';
import { buildPortalServer } from '~server/app.ts';
import { BASIC_FIXTURE, FIXTURE_SETTINGS } from '~server/modules/content/content.fixture.ts';
import { importContent, listTopics } from '~server/modules/content';
import { listOutbox } from '~server/modules/mail';
import { raiseCase } from './index.ts';

describeEachDialect("the agents' workspace over HTTP", (database) => {
  let app: FastifyInstance;
  let owner: SignedInSession;
  let stranger: SignedInSession;
  let admin: SignedInSession;
  let agent: SignedInSession;
  let colleague: SignedInSession;
  let caseId: string;

  const { get, post } = pageRequests(() => app);

  beforeAll(async () => {
    const { db } = database();
    await importContent(db, BASIC_FIXTURE, FIXTURE_SETTINGS);
    const banking = (await listTopics(db)).find((topic) => topic.slug === 'banking')?.id ?? '';
    owner = await signInAs(database(), { subject: 'ws-owner', email: 'ws-owner@example.com' });
    stranger = await signInAs(database(), { subject: 'ws-stranger', email: 's@example.com' });
    admin = await signInAs(database(), { subject: 'ws-admin', canViewSetup: true });
    agent = await signInAs(database(), {
      subject: 'ws-agent',
      firstName: 'Jordan',
      lastName: 'Lee',
      isAgent: true,
    });
    colleague = await signInAs(database(), {
      subject: 'ws-agent-2',
      firstName: 'Kim',
      lastName: 'Park',
      isAgent: true,
    });
    const raised = await raiseCase(
      {
        db,
        viewer: { isGuest: false, user: owner.user, sessionId: owner.sessionId },
        siteUrl: testConfig().siteUrl,
        now: new Date(),
      },
      {
        queue: 'customer',
        description: {
          subject: 'Payroll run failed',
          description: 'The pay run stops at step 3 every time.',
          product: '',
        },
        classification: { categoryId: banking, topicId: '' },
        details: {
          impact: 'several-people',
          contactMethod: 'email',
          contactEmail: 'ws-owner@example.com',
        },
      },
    );
    caseId = raised.id;
    app = await buildPortalServer({ config: testConfig(), database: database() });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('sends guests to sign in, refuses administrators clearly and hides itself from others', async () => {
    for (const url of ['/agent', `/agent/cases/${caseId}`]) {
      const guest = await get(url);
      expect(guest.statusCode, url).toBe(303);
      expect(guest.headers.location).toContain('/services/auth/sso/portal?startURL=');
      expect((await get(url, owner)).statusCode, url).toBe(404);
      expect((await get(url, stranger)).statusCode, url).toBe(404);
      const refused = await get(url, admin);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.body).toContain('Ask an administrator to give you the agent role.');
    }
    expect(
      (await post('/agent?index', owner, { intent: 'take', formId: 'take-x', caseId })).statusCode,
    ).toBe(404);
  });

  it('shows the queue to agents with filters from the URL, and the shortcuts list', async () => {
    const queue = await get('/agent', agent);
    expect(queue.statusCode).toBe(200);
    expect(queue.body).toContain('Payroll run failed');
    expect(queue.body).toContain('Keyboard shortcuts');
    expect(queue.body).toContain('aria-label="Agents&#x27; workspace"');
    const filtered = await get('/agent?impact=whole-business', agent);
    expect(filtered.body).not.toContain('Payroll run failed');
    expect(filtered.body).toContain('No cases here.');
  });

  it('lets one agent take a case and tells the second who has it', async () => {
    const first = await post('/agent?index', agent, {
      intent: 'take',
      formId: `take-${caseId}`,
      caseId,
    });
    expect(first.statusCode).toBe(200);
    const second = await post('/agent?index', colleague, {
      intent: 'take',
      formId: `take-${caseId}`,
      caseId,
    });
    expect(second.statusCode).toBe(409);
    expect(second.body).toContain('Jordan Lee took this case a moment ago.');
    expect((await get('/agent?queue=mine', agent)).body).toContain('Payroll run failed');
  });

  it('keeps an internal note out of the customer’s page and e-mail, and refuses an empty one', async () => {
    const here = `/agent/cases/${caseId}`;
    const empty = await post(here, agent, { intent: 'note', formId: 'note', body: '   ' });
    expect(empty.statusCode).toBe(400);
    const note = await post(here, agent, {
      intent: 'note',
      formId: 'note',
      body: 'Internal: customer is on the legacy payroll plan',
    });
    expect(note.statusCode).toBe(303);
    await post(here, agent, {
      intent: 'reply',
      formId: 'reply',
      body: 'Could you send a screenshot?',
    });
    const agentPage = await get(here, agent);
    expect(agentPage.body).toContain('legacy payroll plan');
    expect(agentPage.body).toContain('Internal note');
    const customerPage = await get(`/s/case?caseId=${caseId}`, owner);
    expect(customerPage.body).toContain('Could you send a screenshot?');
    expect(customerPage.body).not.toContain('legacy payroll plan');
    const mail = JSON.stringify(await listOutbox(database().db));
    expect(mail).toContain('Could you send a screenshot?');
    expect(mail).not.toContain('legacy payroll plan');
  });

  it('refuses a merge into an unknown case next to the field, keeping the number typed', async () => {
    const refused = await post(`/agent/cases/${caseId}`, agent, {
      intent: 'merge',
      formId: 'merge',
      into: '99999999',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('There is no case with this number.');
    expect(refused.body).toContain('value="99999999"');
  });
});
