import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { CHAT_MESSAGE_MAX } from '~core/contact';
import { testConfig } from '~tests/support/config.ts';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { signInAs, type SignedInSession } from '~tests/support/sessions.ts';
import { buildPortalServer } from '~server/app.ts';
import { createAnswersService } from '~server/modules/answers';
import { importContent } from '~server/modules/content';
import { deflectionReport } from './index.ts';
import { chatClient, GUEST, readLines } from './chat-http.fixture.ts';

const config = testConfig();
const SUPPORT = 'LL_GlobalSearch';

describeEachDialect('chat support over HTTP', (database) => {
  let app: FastifyInstance;
  let base: string;
  let customer: SignedInSession;
  let agent: SignedInSession;
  let colleague: SignedInSession;
  let answerId: string;

  const { chatCookie, start, call, agentForm, waitingChatId } = chatClient(
    () => app,
    database,
    config.prefix,
  );

  beforeAll(async () => {
    const { db } = database();
    expect((await importContent(db, 'content', config)).ok).toBe(true);
    customer = await signInAs(database(), { subject: 'chat-customer', email: 'c@example.com' });
    agent = await signInAs(database(), {
      subject: 'chat-agent',
      firstName: 'Sam',
      lastName: 'Lee',
      isAgent: true,
    });
    colleague = await signInAs(database(), { subject: 'chat-agent-2', isAgent: true });
    const answers = createAnswersService({ database: database(), site: config });
    answerId = (await answers.answer({ searchHub: SUPPORT, q: 'How do I reset my password?' }, {}))
      .answerId;
    app = await buildPortalServer({ config, database: database() });
    base = await app.listen({ port: 0, host: '127.0.0.1' });
  }, 90_000);
  afterAll(async () => {
    await app?.close();
  });
  beforeEach(async () => {
    await database().db.deleteFrom('contact_chat_agent').execute();
  });

  it('starts a chat with a cookie only the chat API sees, and keeps the assistant’s answer', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/chat/start',
      headers: GUEST,
      payload: {},
    });
    const set = String(response.headers['set-cookie']);
    expect(set).toMatch(/Path=\/api\/chat/);
    expect(set).toMatch(/HttpOnly/);
    const cookie = chatCookie(response);
    expect((await app.inject({ url: '/api/chat', headers: { cookie } })).json()).toEqual({
      chat: { status: 'assistant' },
    });
    expect((await app.inject({ url: '/api/chat' })).json()).toEqual({ chat: null });

    const kept = await call('answers', cookie, { question: 'Reset my password?', answerId });
    expect(kept.statusCode).toBe(200);
    const lines = await readLines(`${base}/api/chat/events`, { cookie }, (got) => got.length >= 2);
    expect(lines.map((line) => [line.seq, line.author])).toEqual([
      [1, 'visitor'],
      [2, 'assistant'],
    ]);
    expect(lines[0]?.body).toBe('Reset my password?');
    expect(lines[1]?.citations.length).toBeGreaterThan(0);

    const unknown = await call('answers', cookie, { question: 'Hi?', answerId: 'nope' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('That answer is no longer available; ask again.');
  });

  it('refuses empty, too long and oversize messages clearly, and messages without a chat', async () => {
    const cookie = await start();
    const empty = await call('messages', cookie, { text: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: 'Write a message first.', field: 'message' });
    const long = await call('messages', cookie, { text: 'a'.repeat(CHAT_MESSAGE_MAX + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/at most 2,000 characters; yours has 2,001/);
    const huge = await call('messages', cookie, { text: 'a'.repeat(40_000) });
    expect(huge.statusCode).toBe(413);
    const stranger = await call('messages', '', { text: 'Hello' });
    expect(stranger.statusCode).toBe(404);
    const markup = await call('messages', cookie, { text: '<img src=x onerror=alert(1)>' });
    expect(markup.statusCode).toBe(200);
  });

  it('makes a guest’s chat a case for the address they prove by a code when no agent is online', async () => {
    const guest = await start();
    await call('answers', guest, { question: 'Where is my invoice list?', answerId });
    expect((await call('person', guest, {})).json()).toEqual({ kind: 'verify-email' });
    const badAddress = await call('code', guest, { email: 'not an address' });
    expect(badAddress.statusCode).toBe(400);
    expect(badAddress.json()).toMatchObject({ field: 'email' });
    expect((await call('code', guest, { email: 'Chat.Guest@Example.com' })).json()).toMatchObject({
      kind: 'sent',
      email: 'chat.guest@example.com',
    });
    const wrong = await call('case', guest, { email: 'chat.guest@example.com', code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ kind: 'invalid', field: 'code' });
    const mail = await database()
      .db.selectFrom('mail_outbox')
      .select('text_body')
      .where('recipient', '=', 'chat.guest@example.com')
      .where('subject', 'like', '%code%')
      .executeTakeFirstOrThrow();
    const code = /is (\d{6})\./.exec(mail.text_body)?.[1] ?? '';
    const typed = { email: 'chat.guest@example.com', code };
    // The same form sent twice at once files one case.
    const [first, second] = await Promise.all([
      call('case', guest, typed),
      call('case', guest, typed),
    ]);
    const made = [first, second].filter((response) => response.statusCode === 200);
    expect(made.length).toBeGreaterThanOrEqual(1);
    const caseNumber = (made[0]!.json() as { caseNumber: string }).caseNumber;
    for (const response of made) expect(response.json()).toMatchObject({ caseNumber });
    expect((await call('case', guest, typed)).json()).toMatchObject({
      kind: 'address-case',
      caseNumber,
    });
    const cases = await database()
      .db.selectFrom('support_case')
      .select(['subject', 'description', 'owner_id', 'owner_email', 'id'])
      .where('owner_email', '=', 'chat.guest@example.com')
      .execute();
    expect(cases).toHaveLength(1);
    expect(cases[0]).toMatchObject({
      subject: 'Chat: Where is my invoice list?',
      owner_id: null,
    });
    expect(cases[0]!.description).toContain('Assistant (');
    const confirmation = await database()
      .db.selectFrom('mail_outbox')
      .select('text_body')
      .where('recipient', '=', 'chat.guest@example.com')
      .where('subject', 'like', `%${caseNumber}%`)
      .executeTakeFirstOrThrow();
    expect(confirmation.text_body).toContain('/s/contact-support-login?case=');
    const chat = await database()
      .db.selectFrom('contact_chat')
      .select(['status', 'case_id'])
      .where('case_id', '=', cases[0]!.id)
      .executeTakeFirstOrThrow();
    expect(chat.status).toBe('ended');
  });

  it('makes a signed-in visitor’s chat a case when no agent is online', async () => {
    const cookie = await start(customer);
    await call('answers', cookie, { question: 'How do I reset my password?', answerId }, customer);
    const asked = await call('person', cookie, {}, customer);
    expect(asked.json()).toMatchObject({
      kind: 'case',
      caseNumber: expect.stringMatching(/^\d{8}$/),
    });
    const { caseId } = asked.json() as { caseId: string };
    const row = await database()
      .db.selectFrom('support_case')
      .select(['subject', 'description', 'owner_id'])
      .where('id', '=', caseId)
      .executeTakeFirstOrThrow();
    expect(row.subject).toBe('Chat: How do I reset my password?');
    expect(row.description).toContain('You (');
    expect(row.description).toContain('Assistant (');
    expect(row.owner_id).toBe(customer.user.id);
    // Asking again (a double click) files nothing more.
    expect((await call('person', cookie, {}, customer)).json()).toEqual({ kind: 'not-now' });
    const report = await deflectionReport(database().db, new Date(0));
    const chat = report.find((line) => line.flow === 'chat');
    expect(chat?.reachedPerson).toBeGreaterThanOrEqual(1);
  });

  it('hands a chat to an online agent, live, and resumes a dropped stream after its last event', async () => {
    const online = await agentForm('/agent/chats', agent, { intent: 'presence', online: 'on' });
    expect(online.statusCode).toBe(200);
    const cookie = await start();
    await call('messages', cookie, { text: 'My bank feed stopped' });
    expect((await call('person', cookie, {})).json()).toEqual({ kind: 'queued' });

    const chatId = await waitingChatId();
    const [first, second] = await Promise.all([
      agentForm('/agent/chats', agent, { intent: 'take', chat: chatId }),
      agentForm('/agent/chats', colleague, { intent: 'take', chat: chatId }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([302, 409]);
    const holder = first.statusCode === 302 ? agent : colleague;
    const other = holder === agent ? colleague : agent;

    const seen = readLines(`${base}/api/chat/events`, { cookie }, (got) =>
      got.some((line) => line.author === 'agent'),
    );
    const reply = await app.inject({
      method: 'POST',
      url: `/api/agent-chat/${chatId}/messages`,
      headers: { cookie: holder.cookie, 'x-csrf-token': holder.csrfToken },
      payload: { text: 'Hello, I can help with that.' },
    });
    expect(reply.statusCode).toBe(200);
    const lines = await seen;
    expect(lines.map((line) => line.author)).toEqual(['visitor', 'notice', 'notice', 'agent']);
    expect(lines[2]?.status).toBe('with-agent');

    const notHolder = await app.inject({
      method: 'POST',
      url: `/api/agent-chat/${chatId}/messages`,
      headers: { cookie: other.cookie, 'x-csrf-token': other.csrfToken },
      payload: { text: 'Me too' },
    });
    expect(notHolder.statusCode).toBe(409);
    const customerTries = await app.inject({
      method: 'POST',
      url: `/api/agent-chat/${chatId}/messages`,
      headers: { cookie: customer.cookie, 'x-csrf-token': customer.csrfToken },
      payload: { text: 'Me too' },
    });
    expect(customerTries.statusCode).toBe(403);

    // A stream that had up to the agent's line gets only what came after it.
    await call('messages', cookie, { text: 'Thanks!' });
    const resumed = await readLines(
      `${base}/api/chat/events`,
      { cookie, 'last-event-id': String(lines.at(-1)?.seq) },
      (got) => got.length >= 1,
    );
    expect(resumed.map((line) => line.body)).toEqual(['Thanks!']);

    const ended = await agentForm(`/agent/chats/${chatId}`, holder, { intent: 'end' });
    expect(ended.statusCode).toBe(200);
    const after = await call('messages', cookie, { text: 'Still there?' });
    expect(after.statusCode).toBe(409);
  });

  it('limits how fast a visitor sends messages', async () => {
    const sender = await signInAs(database(), 'chat-fast-sender');
    const cookie = await start(sender);
    const statuses: number[] = [];
    for (let index = 0; index < 31; index += 1)
      statuses.push(
        (await call('messages', cookie, { text: `Message ${index}` }, sender)).statusCode,
      );
    expect(statuses.filter((status) => status === 429)).toHaveLength(1);
  });
});
