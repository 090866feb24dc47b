import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { testConfig } from '~tests/support/config.ts';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { signInAs, type SignedInSession } from '~tests/support/sessions.ts';
import { buildPortalServer } from '~server/app.ts';
import { listCaseCategories } from '~server/modules/cases';
import { importContent } from '~server/modules/content';
import { chatClient } from './chat-http.fixture.ts';

const config = testConfig();

describeEachDialect('an agent files an ended chat as a case', (database) => {
  let app: FastifyInstance;
  let customer: SignedInSession;
  let agent: SignedInSession;
  let colleague: SignedInSession;
  let categoryId: string;
  const { start, call, agentForm, waitingChatId } = chatClient(() => app, database, config.prefix);

  beforeAll(async () => {
    const { db } = database();
    expect((await importContent(db, 'content', config)).ok).toBe(true);
    customer = await signInAs(database(), { subject: 'filed-customer', email: 'f@example.com' });
    agent = await signInAs(database(), {
      subject: 'filing-agent',
      firstName: 'Ada',
      lastName: 'Moss',
      isAgent: true,
    });
    colleague = await signInAs(database(), { subject: 'filing-colleague', isAgent: true });
    categoryId = (await listCaseCategories(db, 'customer'))[0]!.id;
    app = await buildPortalServer({ config, database: database() });
  }, 90_000);
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(async () => {
    await database().db.deleteFrom('contact_chat_agent').execute();
  });

  /** A chat handed to the agent, talked in and ended by them; its id. */
  const endedChat = async (visitor?: SignedInSession) => {
    await agentForm('/agent/chats', agent, { intent: 'presence', online: 'on' });
    const cookie = await start(visitor);
    await call('messages', cookie, { text: 'My payroll run is stuck' }, visitor);
    expect((await call('person', cookie, {}, visitor)).json()).toEqual({ kind: 'queued' });
    const chatId = await waitingChatId();
    expect(
      (await agentForm('/agent/chats', agent, { intent: 'take', chat: chatId })).statusCode,
    ).toBe(302);
    const file = await agentForm(`/agent/chats/${chatId}`, agent, {
      intent: 'file-case',
      formId: 'file-case',
      email: 'guest@example.com',
      categoryId,
    });
    // A chat still going cannot be filed yet.
    expect(file.statusCode).toBe(409);
    expect((await agentForm(`/agent/chats/${chatId}`, agent, { intent: 'end' })).statusCode).toBe(
      200,
    );
    return chatId;
  };
  const casesOf = (chatId: string) =>
    database()
      .db.selectFrom('support_case')
      .innerJoin('contact_chat', 'contact_chat.case_id', 'support_case.id')
      .select([
        'support_case.id',
        'support_case.owner_id',
        'support_case.owner_email',
        'support_case.assignee_id',
        'support_case.subject',
        'support_case.description',
      ])
      .where('contact_chat.id', '=', chatId)
      .execute();

  it('files a guest’s chat for the address the agent types, once, and lists it until then', async () => {
    const chatId = await endedChat();
    const page = await app.inject({ url: `/agent/chats`, headers: { cookie: agent.cookie } });
    expect(page.body).toContain('Ended chats you held');
    expect(page.body).toContain(`/agent/chats/${chatId}`);
    const chatPage = await app.inject({
      url: `/agent/chats/${chatId}`,
      headers: { cookie: agent.cookie },
    });
    expect(chatPage.body).toContain('Turn this chat into a case');
    expect(chatPage.body).toContain('Customer&#x27;s e-mail address');

    const badAddress = await agentForm(`/agent/chats/${chatId}`, agent, {
      intent: 'file-case',
      email: 'not an address',
      categoryId,
    });
    expect(badAddress.statusCode).toBe(400);
    expect(badAddress.body).toContain('Enter an e-mail address such as name@example.com.');
    const noCategory = await agentForm(`/agent/chats/${chatId}`, agent, {
      intent: 'file-case',
      email: 'guest@example.com',
      categoryId: 'nothing',
    });
    expect(noCategory.statusCode).toBe(400);
    expect(await casesOf(chatId)).toEqual([]);

    const typed = { intent: 'file-case', email: 'Guest@Example.com', categoryId };
    // The agent's double click and a colleague's click at once file one case.
    const answers = await Promise.all([
      agentForm(`/agent/chats/${chatId}`, agent, typed),
      agentForm(`/agent/chats/${chatId}`, agent, typed),
      agentForm(`/agent/chats/${chatId}`, colleague, typed),
    ]);
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    const cases = await casesOf(chatId);
    expect(cases).toHaveLength(1);
    expect(cases[0]).toMatchObject({
      owner_id: null,
      owner_email: 'guest@example.com',
      subject: 'Chat: My payroll run is stuck',
    });
    // Whoever's click claimed the chat first keeps the case.
    expect([agent.user.id, colleague.user.id]).toContain(cases[0]!.assignee_id);
    expect(cases[0]!.description).toContain('My payroll run is stuck');
    const mail = await database()
      .db.selectFrom('mail_outbox')
      .select('text_body')
      .where('recipient', '=', 'guest@example.com')
      .executeTakeFirstOrThrow();
    expect(mail.text_body).toContain('/s/contact-support-login?case=');
    const filedPage = await app.inject({
      url: `/agent/chats/${chatId}`,
      headers: { cookie: agent.cookie },
    });
    const caseNumber = /became case (\d+)/.exec(filedPage.body)?.[1];
    expect(caseNumber).toMatch(/^\d{8}$/);
    expect(filedPage.body).not.toContain('Turn this chat into a case');
    const listed = await app.inject({ url: `/agent/chats`, headers: { cookie: agent.cookie } });
    expect(listed.body).not.toContain(`/agent/chats/${chatId}`);
  });

  it('files a signed-in visitor’s chat for their account without asking for an address', async () => {
    const chatId = await endedChat(customer);
    const chatPage = await app.inject({
      url: `/agent/chats/${chatId}`,
      headers: { cookie: agent.cookie },
    });
    expect(chatPage.body).toContain('Turn this chat into a case');
    expect(chatPage.body).not.toContain('Customer&#x27;s e-mail address');
    const filed = await agentForm(`/agent/chats/${chatId}`, agent, {
      intent: 'file-case',
      categoryId,
    });
    expect(filed.statusCode).toBe(200);
    const [made] = await casesOf(chatId);
    expect(made).toMatchObject({ owner_id: customer.user.id, owner_email: null });
    const mine = await app.inject({ url: '/s/my-cases', headers: { cookie: customer.cookie } });
    expect(mine.body).toContain('Chat: My payroll run is stuck');
  });

  it('lets no one but agents file a chat', async () => {
    const chatId = await endedChat();
    const tried = await agentForm(`/agent/chats/${chatId}`, customer, {
      intent: 'file-case',
      email: 'guest@example.com',
      categoryId,
    });
    expect(tried.statusCode).toBe(404);
    expect(await casesOf(chatId)).toEqual([]);
  });
});
