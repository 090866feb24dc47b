import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_EVENTS_PER_BATCH } from '~core/analytics';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { testConfig } from '~tests/support/config.ts';
import { signInAs, type SignedInSession } from '~tests/support/sessions.ts';
import { buildPortalServer } from '~server/app.ts';
import { ANALYTICS_EVENTS_PATH, ERROR_REPORTS_PATH, RATE_LIMITS } from './analytics.routes.ts';

const config = testConfig();
const STATISTICS = 'CookieConsent=%7B%22statistics%22%3Atrue%7D';

function screenViewed(screenName = 'home') {
  return {
    name: 'screen viewed',
    fields: { screenName },
    occurredAt: '2026-11-21T10:00:00.000Z',
    pagePath: '/0/',
  };
}

describeEachDialect('analytics and error reports over HTTP', (database) => {
  let app: FastifyInstance;
  let signedIn: SignedInSession;

  beforeAll(async () => {
    app = await buildPortalServer({ config, database: database() });
    signedIn = await signInAs(database(), 'analytics-reader');
  });
  afterAll(async () => {
    await app.close();
  });
  beforeEach(async () => {
    await database().db.deleteFrom('analytics_event').execute();
    await database().db.deleteFrom('error_report').execute();
  });

  const storedEvents = () =>
    database().db.selectFrom('analytics_event').selectAll().orderBy('fields').execute();

  function postEvents(
    body: unknown,
    options: { cookie?: string; contentType?: string; headers?: Record<string, string> } = {},
  ) {
    return app.inject({
      method: 'POST',
      url: ANALYTICS_EVENTS_PATH,
      headers: {
        'content-type': options.contentType ?? 'application/json',
        cookie: [signedIn.cookie, options.cookie].filter(Boolean).join('; '),
        ...options.headers,
      },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  }

  describe('POST /api/analytics/events', () => {
    it('stores a batch with statistics consent, with the signed-in user', async () => {
      const response = await postEvents(
        { csrfToken: signedIn.csrfToken, events: [screenViewed('a'), screenViewed('b')] },
        { cookie: STATISTICS },
      );
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ stored: 2, skipped: 0 });
      const rows = await storedEvents();
      expect(rows.map((row) => [row.name, row.fields, row.user_id])).toEqual([
        ['screen viewed', '{"screenName":"a"}', signedIn.user.id],
        ['screen viewed', '{"screenName":"b"}', signedIn.user.id],
      ]);
    });

    it('keeps nothing without a consent cookie, or without statistics in it', async () => {
      for (const cookie of [undefined, 'CookieConsent=%7B%22marketing%22%3Atrue%7D']) {
        const response = await postEvents(
          { csrfToken: signedIn.csrfToken, events: [screenViewed()] },
          cookie ? { cookie } : {},
        );
        expect(response.statusCode).toBe(202);
        expect(response.json()).toEqual({ stored: 0, skipped: 1 });
      }
      expect(await storedEvents()).toEqual([]);
    });

    it('reads a beacon: JSON sent as text/plain', async () => {
      const response = await postEvents(
        { csrfToken: signedIn.csrfToken, events: [screenViewed()] },
        { cookie: STATISTICS, contentType: 'text/plain;charset=UTF-8' },
      );
      expect(response.statusCode).toBe(202);
      expect(await storedEvents()).toHaveLength(1);
    });

    it.each([
      ['a body that is not JSON', 'not json', 'text/plain', 'The body must be JSON'],
      ['broken JSON', '{"events": [', 'application/json', undefined],
    ])('answers 400 for %s', async (_label, body, contentType, message) => {
      const response = await postEvents(body, { cookie: STATISTICS, contentType });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ errorCode: expect.any(String) });
      if (message) expect(response.json().message).toBe(message);
    });

    it.each([
      ['no events', [], 'events: events must hold at least one event'],
      [
        'too many events',
        Array.from({ length: MAX_EVENTS_PER_BATCH + 1 }, () => screenViewed()),
        'events: events must hold at most 50 events',
      ],
      [
        'an unknown event',
        [{ ...screenViewed(), name: 'page scrolled' }],
        'events.0.name: name must be one of:',
      ],
      [
        'a missing field',
        [screenViewed(), { ...screenViewed(), fields: {} }],
        'events.1.fields.screenName:',
      ],
      [
        'a field the table does not list',
        [{ ...screenViewed(), fields: { screenName: 'x', email: 'a@b.c' } }],
        "events.0.fields.email: is not a field of 'screen viewed'",
      ],
      ['a bad time', [{ ...screenViewed(), occurredAt: 'today' }], 'events.0.occurredAt:'],
    ])(
      'answers 400 with a clear message for %s, storing none of it',
      async (_label, events, message) => {
        const response = await postEvents(
          { csrfToken: signedIn.csrfToken, events },
          { cookie: STATISTICS },
        );
        expect(response.statusCode).toBe(400);
        expect(response.json().errorCode).toBe('BAD_REQUEST');
        expect(response.json().message).toContain(message);
        expect(await storedEvents()).toEqual([]);
      },
    );

    it.each([
      ['without a token', {}],
      ['with a wrong token', { csrfToken: 'not-the-token' }],
      ['with a number for a token', { csrfToken: 42 }],
    ])('refuses a batch %s with 403', async (_label, token) => {
      const response = await postEvents(
        { ...token, events: [screenViewed()] },
        { cookie: STATISTICS },
      );
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ errorCode: expect.stringMatching(/CSRF/) });
      expect(await storedEvents()).toEqual([]);
    });

    it("takes a guest's batch without a token when the browser vouches for it, as a beacon too", async () => {
      for (const contentType of ['application/json', 'text/plain;charset=UTF-8']) {
        const guest = await app.inject({
          method: 'POST',
          url: ANALYTICS_EVENTS_PATH,
          headers: {
            'content-type': contentType,
            cookie: STATISTICS,
            'sec-fetch-site': 'same-origin',
          },
          payload: JSON.stringify({ events: [screenViewed('guest')] }),
        });
        expect(guest.statusCode, contentType).toBe(202);
        const unvouched = await app.inject({
          method: 'POST',
          url: ANALYTICS_EVENTS_PATH,
          headers: { 'content-type': contentType, cookie: STATISTICS },
          payload: JSON.stringify({ events: [screenViewed('guest')] }),
        });
        expect(unvouched.statusCode, contentType).toBe(403);
      }
      expect(await storedEvents()).toHaveLength(2);
    });

    it("refuses another visitor's token", async () => {
      const other = await signInAs(database(), 'someone-else');
      const response = await postEvents(
        { csrfToken: other.csrfToken, events: [screenViewed()] },
        { cookie: STATISTICS },
      );
      expect(response.statusCode).toBe(403);
    });

    it('refuses a cross-site post even with the right token', async () => {
      const response = await postEvents(
        { csrfToken: signedIn.csrfToken, events: [screenViewed()] },
        { cookie: STATISTICS, headers: { origin: 'https://evil.example' } },
      );
      expect(response.statusCode).toBe(403);
      expect(await storedEvents()).toEqual([]);
    });

    it('answers 413, not 500, for a body over 64 KB', async () => {
      const response = await postEvents(
        { csrfToken: signedIn.csrfToken, events: [screenViewed('x'.repeat(70_000))] },
        { cookie: STATISTICS },
      );
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ message: expect.any(String) });
    });
  });

  describe('POST /api/errors', () => {
    const report = (overrides: Record<string, unknown> = {}) => ({
      csrfToken: signedIn.csrfToken,
      message: 'getUserData failed',
      source: 'UserDataUtility.getUserData',
      pagePath: '/0/',
      occurredAt: '2026-11-21T10:00:00.000Z',
      ...overrides,
    });

    function postReport(body: unknown, headers: Record<string, string> = {}) {
      return app.inject({
        method: 'POST',
        url: ERROR_REPORTS_PATH,
        headers: {
          'content-type': 'text/plain;charset=UTF-8',
          cookie: signedIn.cookie,
          'user-agent': 'Chromium test',
          ...headers,
        },
        payload: JSON.stringify(body),
      });
    }

    it('stores a report without any consent cookie, cutting long fields', async () => {
      const response = await postReport(report({ stack: 's'.repeat(20_000) }));
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ stored: true });
      const row = await database()
        .db.selectFrom('error_report')
        .selectAll()
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        message: 'getUserData failed',
        source: 'UserDataUtility.getUserData',
        user_agent: 'Chromium test',
        is_guest: 0,
      });
      expect(row.stack).toHaveLength(8000);
    });

    it("does not keep reading property 'lc' of undefined", async () => {
      const response = await postReport(
        report({ message: "Cannot read properties of undefined (reading 'lc')" }),
      );
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ stored: false });
      expect(await database().db.selectFrom('error_report').selectAll().execute()).toEqual([]);
    });

    it('answers 400 for a report without a message', async () => {
      const response = await postReport(report({ message: '' }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'message: message must not be empty',
        errorCode: 'BAD_REQUEST',
      });
    });

    it('answers 403 without the CSRF token', async () => {
      const response = await postReport(report({ csrfToken: undefined }));
      expect(response.statusCode).toBe(403);
    });

    it(`limits an address to ${RATE_LIMITS.errors.max} reports a minute, answering 429`, async () => {
      // Earlier tests of this suite count too: the limit is per address, and they share one.
      const statuses: number[] = [];
      for (let i = 0; i <= RATE_LIMITS.errors.max; i += 1) {
        statuses.push((await postReport(report())).statusCode);
      }
      const firstRefusal = statuses.indexOf(429);
      expect(firstRefusal).toBeGreaterThan(0);
      expect(statuses.slice(firstRefusal).every((status) => status === 429)).toBe(true);
      const last = await postReport(report());
      expect(last.statusCode).toBe(429);
      expect(last.json()).toMatchObject({ errorCode: 'RATE_LIMITED' });
    });
  });
});
