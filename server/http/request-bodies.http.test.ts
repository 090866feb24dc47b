import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_BASE_PATH } from '~core/gateway';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { signInAs, type SignedInSession } from '~tests/support/sessions.ts';
import { BODY_LIMITS } from './body-limits.ts';
import { buildWithDemoData } from './sign-in.fixture.ts';

// A page whose action reads a form: an unknown unsubscribe token is its 404, so a 404 means
// the body reached the action.
const ACTION_PAGE = '/s/unsubscribe-topic';
const FORM = 'application/x-www-form-urlencoded';
const GATEWAY_POST = `${GATEWAY_BASE_PATH}/CustomerTaskController/executeNBAFlowCurrentUser`;
const MB = 1024 * 1024;

/** A body that notes whether anyone read it, to prove a refusal came first. */
function watchedBody(text: string) {
  const watch = { read: false };
  const stream = new Readable({
    read() {
      watch.read = true;
      this.push(text);
      this.push(null);
    },
  });
  return { stream, watch };
}

interface StreamedAnswer {
  status: number;
  body: string;
  sent: number;
  peakRssGrowth: number;
}

/**
 * Posts `total` bytes in 64 KB chunks to a listening server, as a client on a slow link would,
 * sampling the process's RSS the whole time; stops sending once the answer arrives.
 */
function streamPost(
  origin: string,
  path: string,
  headers: Record<string, string>,
  total: number,
): Promise<StreamedAnswer> {
  const chunk = Buffer.alloc(64 * 1024, 'a');
  const idle = process.memoryUsage().rss;
  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 5);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const request = httpRequest(`${origin}${path}`, { method: 'POST', headers });
    request.on('response', (response) => {
      answered = true;
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (text: string) => (body += text));
      response.on('end', () => {
        clearInterval(sampler);
        resolve({ status: response.statusCode ?? 0, body, sent, peakRssGrowth: peak - idle });
      });
    });
    // The server closes the connection on the rest of a refused upload.
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    const write = () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once('drain', write);
      }
      if (!answered) request.end();
    };
    write();
  });
}

describeEachDialect('request bodies over HTTP', (database) => {
  let app: FastifyInstance;
  // A guest's browser on one of the portal's pages: no token, the same-origin fetch metadata.
  const guest = { headers: { 'sec-fetch-site': 'same-origin' }, token: '' };
  let signedIn: SignedInSession;

  beforeAll(async () => {
    ({ app } = await buildWithDemoData(database()));
    signedIn = await signInAs(database(), 'demo-customer');
  });
  afterAll(async () => {
    await app.close();
  });

  const postForm = (payload: string | Buffer, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: ACTION_PAGE,
      headers: { ...guest.headers, 'content-type': FORM, ...headers },
      payload,
    });

  describe('page-action forms', () => {
    it('hands a form within the limit to the action', async () => {
      const response = await postForm(`_csrf=${guest.token}&token=unknown`);
      expect(response.statusCode).toBe(404);
    });

    it('answers 413 for a form over 256 KB: a page for a browser, JSON for a script', async () => {
      const large = `_csrf=${guest.token}&token=${'x'.repeat(BODY_LIMITS.pageForm)}`;
      const page = await postForm(large, { accept: 'text/html' });
      expect(page.statusCode).toBe(413);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain('too large: this address accepts at most 256 KB');
      const script = await postForm(large);
      expect(script.statusCode).toBe(413);
      expect(script.json()).toEqual({
        message: 'The request body is too large: this address accepts at most 256 KB.',
        errorCode: 'PAYLOAD_TOO_LARGE',
      });
    });

    it('answers 400 with a message for a broken form, 415 for a body that is no form', async () => {
      const cases: {
        payload: string | Buffer;
        headers?: Record<string, string>;
        status: number;
        text: string;
      }[] = [
        { payload: `_csrf=${guest.token}&token=%zz`, status: 400, text: 'percent-encoding' },
        {
          payload: Buffer.concat([Buffer.from(`_csrf=${guest.token}&token=`), Buffer.from([0xff])]),
          status: 400,
          text: 'UTF-8',
        },
        {
          payload: '--x\r\nnot a part',
          headers: { 'content-type': 'multipart/form-data; boundary=x' },
          status: 400,
          text: 'multipart',
        },
        {
          payload: '{"token":"a"}',
          headers: { 'content-type': 'application/json', ...guest.headers },
          status: 415,
          text: 'form posts only',
        },
        {
          payload: 'garbage',
          headers: { 'content-encoding': 'gzip' },
          status: 415,
          text: 'Content-Encoding',
        },
      ];
      for (const { payload, headers, status, text } of cases) {
        const response = await postForm(payload, headers);
        expect(response.statusCode, text).toBe(status);
        expect(response.json().message).toContain(text);
      }
    });

    it('refuses a cross-site form, or one with no token to match, before reading it', async () => {
      for (const headers of [
        { ...guest.headers, origin: 'https://evil.example' },
        { ...guest.headers, 'sec-fetch-site': 'cross-site' },
        { cookie: '' },
      ]) {
        const { stream, watch } = watchedBody(`_csrf=${guest.token}&token=unknown`);
        const response = await app.inject({
          method: 'POST',
          url: ACTION_PAGE,
          headers: { 'content-type': FORM, ...headers },
          payload: stream,
        });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ errorCode: 'CSRF_REJECTED' });
        expect(watch.read).toBe(false);
      }
    });
  });

  describe('JSON routes', () => {
    const postJson = (url: string, payload: string, headers: Record<string, string> = {}) =>
      app.inject({
        method: 'POST',
        url,
        headers: {
          cookie: signedIn.cookie,
          'x-csrf-token': signedIn.csrfToken,
          'content-type': 'application/json',
          ...headers,
        },
        payload,
      });

    it('answers 413 as JSON for a body over the route’s limit', async () => {
      for (const [url, limit] of [
        ['/api/search', BODY_LIMITS.search],
        [GATEWAY_POST, BODY_LIMITS.jsonApi],
      ] as const) {
        const response = await postJson(url, JSON.stringify({ q: 'x'.repeat(limit) }));
        expect(response.statusCode, url).toBe(413);
        expect(response.json()).toEqual({
          message: `The request body is too large: this address accepts at most ${limit / 1024} KB.`,
          errorCode: 'PAYLOAD_TOO_LARGE',
        });
      }
    });

    it('answers 400 for invalid JSON and 415 for another type or an encoding', async () => {
      const invalid = await postJson(GATEWAY_POST, '{"flow":');
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json()).toEqual({
        message: 'The body must be valid JSON.',
        errorCode: 'BAD_REQUEST',
      });
      const form = await postJson(GATEWAY_POST, 'a=b', { 'content-type': 'text/csv' });
      expect(form.statusCode).toBe(415);
      expect(form.json()).toMatchObject({ errorCode: 'UNSUPPORTED_MEDIA_TYPE' });
      const gzip = await postJson(GATEWAY_POST, '{}', { 'content-encoding': 'gzip' });
      expect(gzip.statusCode).toBe(415);
      expect(gzip.json()).toMatchObject({ errorCode: 'UNSUPPORTED_MEDIA_TYPE' });
    });
  });

  describe('streamed over a real connection', () => {
    let origin: string;
    beforeAll(async () => {
      await app.listen({ port: 0, host: '127.0.0.1' });
      origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    });

    const formHeaders = () => ({ ...guest.headers, 'content-type': FORM });

    it('stops a 100 MB chunked form at the limit, without holding it in memory', async () => {
      const answer = await streamPost(origin, ACTION_PAGE, formHeaders(), 100 * MB);
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toMatchObject({ errorCode: 'PAYLOAD_TOO_LARGE' });
      expect(answer.peakRssGrowth).toBeLessThan(50 * MB);
      // The answer came while the client was still sending: the server did not wait for it all.
      expect(answer.sent).toBeLessThan(100 * MB);
    });

    it('refuses a declared 100 MB form before reading it', async () => {
      const answer = await streamPost(
        origin,
        ACTION_PAGE,
        { ...formHeaders(), 'content-length': String(100 * MB) },
        100 * MB,
      );
      expect(answer.status).toBe(413);
      expect(answer.peakRssGrowth).toBeLessThan(50 * MB);
    });
  });
});
