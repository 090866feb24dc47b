import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ANSWER_STREAM_PATH,
  answerFeedbackPath,
  citationClicksPath,
  type AnswerCitation,
} from '~core/answers';
import { testConfig } from '~tests/support/config.ts';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { signInAs, type SignedInSession } from '~tests/support/sessions.ts';
import { buildPortalServer } from '~server/app.ts';
import { registerErrorHandler } from '~server/http/errors.ts';
import { GUEST } from '~server/modules/identity';
import { importContent } from '~server/modules/content';
import { searchTokenKey, signSearchToken } from '~server/modules/search-token';
import { listAnswerEvents } from './answers.repository.ts';
import { ANSWER_RATE_LIMITS, registerAnswerRoutes } from './answers.routes.ts';

const CONTENT_DIR = 'content';
const GLOBAL = 'LL_GlobalSearch';
const LEARNING = 'LL_LearningSearch';

interface StreamEvent {
  event: string;
  data: Record<string, unknown>;
}

/** The events of a Server-Sent Events body. */
function parseEvents(body: string): StreamEvent[] {
  return (
    body
      .split('\n\n')
      // Comment lines (':') are no events.
      .filter((block) => block.trim() !== '' && !block.startsWith(':'))
      .map((block) => {
        const event = /^event: (.+)$/m.exec(block)?.[1] ?? '';
        const data = /^data: (.+)$/m.exec(block)?.[1] ?? '{}';
        return { event, data: JSON.parse(data) as Record<string, unknown> };
      })
  );
}

describeEachDialect('generated answers over HTTP', (database) => {
  const config = testConfig();
  const tokenKey = searchTokenKey(config.sessionSecret);
  let app: FastifyInstance;
  let customer: SignedInSession;

  beforeAll(async () => {
    const report = await importContent(database().db, CONTENT_DIR, config);
    expect(report.ok).toBe(true);
    app = await buildPortalServer({ config, database: database() });
    customer = await signInAs(database(), 'answers-http-customer');
  }, 60_000);
  afterAll(async () => {
    await app.close();
  });

  /** A search token issued to the session (the customer's unless said), or to nobody (null). */
  const token = (searchHub: string, session: SignedInSession | null = customer) =>
    signSearchToken(tokenKey, {
      searchHub,
      userId: session?.user.id ?? null,
      visitorKey: session?.sessionId ?? null,
    }).token;

  function post(
    url: string,
    body: unknown,
    options: { token?: string | null; csrf?: boolean; session?: SignedInSession } = {},
  ) {
    const session = options.session ?? customer;
    const bearer = options.token === undefined ? token(GLOBAL, session) : options.token;
    return app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/json',
        cookie: session.cookie,
        ...(options.csrf === false ? {} : { 'x-csrf-token': session.csrfToken }),
        ...(bearer === null ? {} : { authorization: `Bearer ${bearer}` }),
      },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  }

  async function stream(body: Record<string, unknown>) {
    const response = await post(ANSWER_STREAM_PATH, { searchHub: GLOBAL, ...body });
    expect(response.statusCode, response.body).toBe(200);
    return { response, events: parseEvents(response.body) };
  }

  describe('POST /api/answers/stream', () => {
    it('streams the answer, its citations, the text and the end as Server-Sent Events', async () => {
      const { response, events } = await stream({ q: 'How do I reset my password?' });
      expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(events[0]).toMatchObject({ event: 'answer', data: { cached: false } });
      expect(events[0]?.data.answerId).toMatch(/^a0A[A-Za-z0-9]{15}$/);
      const citations = events[1]?.data.citations as AnswerCitation[];
      expect(events[1]?.event).toBe('citations');
      expect(citations[0]).toMatchObject({ number: 1, clickUri: '/s/article/reset-your-password' });
      const deltas = events.filter((event) => event.event === 'delta');
      expect(deltas.length).toBeGreaterThanOrEqual(2);
      const text = deltas.map((event) => event.data.text).join('');
      for (const marker of text.match(/\[\d+\]/g) ?? []) {
        expect(citations.map((citation) => `[${citation.number}]`)).toContain(marker);
      }
      expect(events.at(-1)).toEqual({
        event: 'end',
        data: { declined: false, provider: 'grounded' },
      });
      const shown = await listAnswerEvents(database().db, String(events[0]?.data.answerId));
      expect(shown.map((event) => event.kind)).toEqual(['shown']);
      expect(shown[0]?.user_id).toBe(customer.user.id);
    });

    it('says so when it has no answer', async () => {
      const { events } = await stream({ q: 'Who won the football world cup in 2018?' });
      expect(events[1]).toEqual({ event: 'citations', data: { citations: [] } });
      expect(events.at(-1)).toEqual({
        event: 'end',
        data: { declined: true, provider: 'grounded' },
      });
    });

    it('marks an answer served from the cache', async () => {
      await stream({ q: 'How do I connect a bank feed?', userRegion: 'AU' });
      const { events } = await stream({ q: 'how do i connect a bank feed', userRegion: 'AU' });
      expect(events[0]?.data.cached).toBe(true);
    });

    it.each([
      ['invalid JSON', '{"searchHub":', /valid JSON/],
      ['an array', '[]', /JSON object/],
      ['no question', { searchHub: GLOBAL }, /^q: /],
      ['an empty question', { searchHub: GLOBAL, q: '  ' }, /^q: must not be empty/],
      ['a long question', { searchHub: GLOBAL, q: 'x'.repeat(501) }, /^q: /],
      ['an unknown hub', { searchHub: 'Elsewhere', q: 'Why?' }, /not a search hub/],
      ['the recommendations hub', { searchHub: 'recommendations', q: 'Why?' }, /does not give/],
    ])('refuses %s with 400', async (_name, body, message) => {
      const response = await post(ANSWER_STREAM_PATH, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(message);
    });

    it('needs a search token for the hub (401)', async () => {
      const missing = await post(
        ANSWER_STREAM_PATH,
        { searchHub: GLOBAL, q: 'Why?' },
        { token: null },
      );
      expect(missing.statusCode).toBe(401);
      expect(missing.json().errorCode).toBe('INVALID_SEARCH_TOKEN');
      const otherHub = await post(
        ANSWER_STREAM_PATH,
        { searchHub: GLOBAL, q: 'Why?' },
        { token: token(LEARNING) },
      );
      expect(otherHub.statusCode).toBe(401);
    });

    it('needs the CSRF token (403)', async () => {
      const response = await post(
        ANSWER_STREAM_PATH,
        { searchHub: GLOBAL, q: 'Why?' },
        { csrf: false },
      );
      expect(response.statusCode).toBe(403);
      expect(response.json().errorCode).toBe('CSRF_REJECTED');
    });

    it('limits streams per session (429 RATE_LIMITED)', async () => {
      const busy = await signInAs(database(), 'answers-busy');
      const ask = () =>
        post(
          ANSWER_STREAM_PATH,
          { searchHub: GLOBAL, q: 'How do I reset my password?' },
          { session: busy },
        );
      for (let sent = 0; sent < ANSWER_RATE_LIMITS.stream.max; sent++) {
        expect((await ask()).statusCode).toBe(200);
      }
      const refused = await ask();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().errorCode).toBe('RATE_LIMITED');
    });
  });

  describe('feedback and citation clicks', () => {
    let answerId: string;
    let citationId: string;

    beforeAll(async () => {
      const { events } = await stream({ q: 'How do I invite a user to my organisation?' });
      answerId = String(events[0]?.data.answerId);
      citationId = (events[1]?.data.citations as AnswerCitation[])[0]?.id ?? '';
    });

    it('stores likes, dislikes with a reason and details, and citation clicks (204)', async () => {
      expect((await post(answerFeedbackPath(answerId), { helpful: true })).statusCode).toBe(204);
      const dislike = await post(answerFeedbackPath(answerId), {
        helpful: false,
        reason: 'too-long',
        details: 'Shorter please',
      });
      expect(dislike.statusCode).toBe(204);
      expect((await post(citationClicksPath(answerId), { citationId })).statusCode).toBe(204);
      const events = await listAnswerEvents(database().db, answerId);
      expect(events.map((event) => event.kind).sort()).toEqual([
        'citation-clicked',
        'disliked',
        'liked',
        'shown',
      ]);
      expect(events.find((event) => event.kind === 'disliked')).toMatchObject({
        reason: 'too-long',
        details: 'Shorter please',
      });
    });

    it.each([
      ['feedback without a verdict', (id: string) => answerFeedbackPath(id), { reason: 'other' }],
      [
        'a reason with a like',
        (id: string) => answerFeedbackPath(id),
        { helpful: true, reason: 'other' },
      ],
      [
        'an unknown reason',
        (id: string) => answerFeedbackPath(id),
        { helpful: false, reason: 'meh' },
      ],
      [
        'long details',
        (id: string) => answerFeedbackPath(id),
        { helpful: false, details: 'x'.repeat(1001) },
      ],
      ['a click without a citation', (id: string) => citationClicksPath(id), {}],
      [
        'a click on a citation the answer lacks',
        (id: string) => citationClicksPath(id),
        { citationId: 'ka0x' },
      ],
      ['invalid JSON', (id: string) => answerFeedbackPath(id), '{'],
    ])('refuses %s with 400', async (_name, path, body) => {
      const response = await post(path(answerId), body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    });

    it('answers 404 for an unknown answer', async () => {
      const response = await post(answerFeedbackPath('a0Anosuchanswer001'), { helpful: true });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toMatch(/no such answer/);
    });

    it('needs the search token of the answer’s hub (401) and the CSRF token (403)', async () => {
      expect(
        (await post(answerFeedbackPath(answerId), { helpful: true }, { token: null })).statusCode,
      ).toBe(401);
      expect(
        (await post(citationClicksPath(answerId), { citationId }, { token: token(LEARNING) }))
          .statusCode,
      ).toBe(401);
      expect(
        (await post(answerFeedbackPath(answerId), { helpful: true }, { csrf: false })).statusCode,
      ).toBe(403);
    });
  });

  describe('with a model configured', () => {
    let model: Server;
    let modelApp: FastifyInstance;

    beforeAll(async () => {
      model = createServer((_request, response) => {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        for (const content of [
          'Go to Settings',
          ' and select Reset [1].',
          ' It takes a minute [1].',
        ]) {
          response.write(`data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`);
        }
        response.end('data: [DONE]\n\n');
      });
      await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve));
      const port = (model.address() as AddressInfo).port;
      modelApp = await buildPortalServer({
        config: testConfig({ LLM_BASE_URL: `http://127.0.0.1:${port}/v1`, LLM_MODEL: 'local' }),
        database: database(),
      });
    });
    afterAll(async () => {
      await modelApp.close();
      model.closeAllConnections();
      await new Promise((resolve) => model.close(resolve));
    });

    it("streams the model's answer", async () => {
      const response = await modelApp.inject({
        method: 'POST',
        url: ANSWER_STREAM_PATH,
        headers: {
          'content-type': 'application/json',
          cookie: customer.cookie,
          'x-csrf-token': customer.csrfToken,
          authorization: `Bearer ${token(GLOBAL)}`,
        },
        payload: JSON.stringify({
          searchHub: GLOBAL,
          q: 'How do I reset my MFA with recovery codes?',
        }),
      });
      const events = parseEvents(response.body);
      expect(events.at(-1)).toEqual({ event: 'end', data: { declined: false, provider: 'llm' } });
      expect(
        events.filter((event) => event.event === 'delta').map((event) => event.data.text),
      ).toEqual(['Go to Settings and select Reset [1].', ' It takes a minute [1].']);
    });
  });

  describe('when answering fails', () => {
    let failing: FastifyInstance;

    beforeAll(async () => {
      // The routes alone, with a provider that always fails: no site-wide hooks are needed.
      failing = Fastify();
      registerErrorHandler(failing);
      failing.decorateRequest('viewer', null as never);
      failing.decorateRequest('visitorKey', () => null);
      failing.addHook('onRequest', async (request) => {
        request.viewer = GUEST;
      });
      await registerAnswerRoutes(failing, {
        config,
        database: database(),
        provider: {
          name: 'grounded',
          answer: () => Promise.reject(new Error('The provider broke')),
        },
      });
    });
    afterAll(async () => {
      await failing.close();
    });

    it('sends an error event and ends the stream', async () => {
      const response = await failing.inject({
        method: 'POST',
        url: ANSWER_STREAM_PATH,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token(GLOBAL, null)}`,
        },
        payload: JSON.stringify({ searchHub: GLOBAL, q: 'How do I void an invoice right now?' }),
      });
      expect(response.statusCode).toBe(200);
      expect(parseEvents(response.body)).toEqual([
        {
          event: 'error',
          data: { message: 'The answer could not be generated. Try again later.' },
        },
      ]);
    });
  });
});
