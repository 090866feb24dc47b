import { request, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ANSWER_STREAM_PATH } from '~core/answers';
import { testConfig } from '~tests/support/config.ts';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { registerErrorHandler } from '~server/http/errors.ts';
import { importContent } from '~server/modules/content';
import { GUEST } from '~server/modules/identity';
import { searchTokenKey, signSearchToken } from '~server/modules/search-token';
import { registerAnswerRoutes } from './answers.routes.ts';

/*
 * A visitor who leaves while their answer is still being written (moving on from the suggested
 * answers, closing the tab) is no error of the portal's: the stream stops, the answering is
 * abandoned, and nothing is answered or logged as a 500.
 */
const GLOBAL = 'LL_GlobalSearch';

interface LogLine {
  level: number;
  msg?: string;
}

describeEachDialect('an answer stream the visitor leaves', (database) => {
  const config = testConfig();
  let app: FastifyInstance;
  let baseUrl: string;
  const logs: LogLine[] = [];
  // How many answers reached the model, and how many it was told to stop.
  const answering = { asked: 0, stopped: 0 };

  beforeAll(async () => {
    expect((await importContent(database().db, 'content', config)).ok).toBe(true);
    app = Fastify({
      logger: {
        level: 'info',
        stream: { write: (line: string) => void logs.push(JSON.parse(line) as LogLine) },
      },
    });
    registerErrorHandler(app);
    app.decorateRequest('viewer', null as never);
    app.decorateRequest('visitorKey', () => null);
    app.addHook('onRequest', async (request) => {
      request.viewer = GUEST;
    });
    await registerAnswerRoutes(app, {
      config,
      database: database(),
      // A slow answer: nothing is written until the visitor has gone.
      provider: {
        name: 'grounded',
        answer: (_input, signal) =>
          new Promise<never>((_resolve, reject) => {
            answering.asked += 1;
            signal?.addEventListener('abort', () => {
              answering.stopped += 1;
              reject(new Error('abandoned'));
            });
          }),
      },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(async () => {
    await app.close();
  });

  it('stops answering and ends the request without a 500 when the visitor goes', async () => {
    const token = signSearchToken(searchTokenKey(config.sessionSecret), {
      searchHub: GLOBAL,
      userId: null,
      visitorKey: null,
    }).token;
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      const sent = request(`${baseUrl}${ANSWER_STREAM_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      });
      sent.on('response', resolve).on('error', reject);
      sent.end(JSON.stringify({ searchHub: GLOBAL, q: 'How do I void an invoice right now?' }));
    });
    // The stream opens at once, before the answer: the visitor knows it is on its way.
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    // The visitor goes: the browser closes the connection.
    response.socket.destroy();
    await expect
      .poll(() => logs.some((line) => line.msg === 'stream closed prematurely'))
      .toBe(true);
    // The model, when the question had reached it, was told to stop.
    await expect
      .poll(() => answering)
      .toEqual({ asked: answering.asked, stopped: answering.asked });
    expect(logs.filter((line) => line.level >= 50)).toEqual([]);
  });
});
