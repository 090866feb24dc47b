import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCatalogue } from '~core/learning';
import { remoteMethodRequest } from '~core/gateway';
import type { SearchResult } from '~core/search';
import { testConfig } from '~tests/support/config.ts';
import { TestClock } from '~tests/support/clock.ts';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { signInAs, type SignedInSession } from '~tests/support/sessions.ts';
import { buildPortalServer } from '~server/app.ts';
import { searchTokenKey, signSearchToken } from '~server/modules/search-token';
import { findSearchDocument, SEARCH_PATH } from '~server/modules/search';
import {
  DELIVERY_HEADER,
  SIGNATURE_HEADER,
  signDelivery,
  TIMESTAMP_HEADER,
} from './learning-webhook.ts';
import { LEARNING_WEBHOOK_PATH, WEBHOOK_ERRORS } from './learning.routes.ts';
import { countLearningRows, learningIds, syncCatalogue } from './learning.service.ts';

const SECRET = 'learning-webhook-secret-for-tests';
const config = testConfig({ LEARNING_WEBHOOK_SECRET: SECRET });

const webinar = {
  id: 'HOOK-W-1',
  type: 'webinar',
  title: 'Hooked webinar about payroll',
  description: 'Delivered by the platform webhook.',
  durationMinutes: 40,
  sessions: [
    {
      id: 'HOOK-W-1-UK',
      startsAt: '2030-01-05T10:00:00Z',
      timeZone: 'Europe/London',
      region: 'UK',
    },
  ],
};

interface DeliveryHeaders {
  secret?: string;
  deliveryId?: string;
  /** Seconds since the epoch; now on the test clock by default. */
  timestamp?: number;
  /** Another signature than the right one, or null for none. */
  signature?: string | null;
}

/** The webinar under another id, its session too (session ids are unique across items). */
const webinarCalled = (id: string) => ({
  ...webinar,
  id,
  sessions: webinar.sessions.map((session) => ({ ...session, id: `${id}-UK` })),
});

describeEachDialect('learning routes', (database) => {
  // Starts at the real time: the search tests' sessions are made on the system clock.
  const clock = new TestClock(Date.now());
  let deliveries = 0;
  let app: FastifyInstance;
  let customer: SignedInSession;

  beforeAll(async () => {
    const demo: unknown = JSON.parse(await readFile('content/learning/catalogue.json', 'utf8'));
    await syncCatalogue(database().db, checkCatalogue(demo), config);
    app = await buildPortalServer({ config, database: database(), clock });
    customer = await signInAs(database(), 'learning-customer');
  });
  afterAll(async () => {
    await app.close();
  });

  /** The headers the platform sends with a delivery: a new id, stamped now, signed. */
  function signed(body: string, options: DeliveryHeaders = {}): Record<string, string> {
    deliveries += 1;
    const deliveryId = options.deliveryId ?? `delivery-${String(deliveries).padStart(4, '0')}`;
    const timestamp = String(options.timestamp ?? Math.floor(clock.nowMs() / 1000));
    const signature =
      options.signature === undefined
        ? signDelivery(options.secret ?? SECRET, { timestamp, deliveryId }, body)
        : options.signature;
    return {
      [TIMESTAMP_HEADER]: timestamp,
      [DELIVERY_HEADER]: deliveryId,
      ...(signature === null ? {} : { [SIGNATURE_HEADER]: signature }),
    };
  }

  function deliver(body: string, headers: Record<string, string>) {
    return app.inject({
      method: 'POST',
      url: LEARNING_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', ...headers },
      payload: body,
    });
  }

  describe('the webhook', () => {
    it('accepts a signed item without a CSRF token and indexes it', async () => {
      const body = JSON.stringify({ item: webinar });
      const response = await deliver(body, signed(body));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        ok: true,
        kind: 'item',
        id: 'HOOK-W-1',
        change: 'created',
      });
      const again = await deliver(body, signed(body));
      expect(again.json()).toMatchObject({ change: 'unchanged' });
      const document = await findSearchDocument(database().db, learningIds.item('HOOK-W-1'));
      expect(document?.common_contenttype).toBe('Live webinar');
    });

    it('accepts a signed certification', async () => {
      const body = JSON.stringify({
        certification: {
          id: 'HOOK-C-1',
          userEmail: 'someone@example.com',
          name: 'Hooked certificate',
          earnedOn: '2026-10-01',
        },
      });
      const response = await deliver(body, signed(body));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ kind: 'certification', change: 'created' });
    });

    it('credits a partner with a newly passed certification once, by their e-mail', async () => {
      const partner = await signInAs(database(), {
        subject: 'certified-partner',
        email: 'Certified.Partner@example.com',
        isPartner: true,
      });
      const tierPoints = async () => {
        const request = remoteMethodRequest(config.prefix, 'celebratePartnerTier', {});
        const response = await app.inject({
          method: request.method,
          url: request.url,
          headers: { cookie: partner.cookie },
        });
        return (response.json() as { partnerPointsBalance: number }).partnerPointsBalance;
      };
      expect(await tierPoints()).toBe(0);
      const body = JSON.stringify({
        certification: {
          id: 'HOOK-C-PARTNER',
          userEmail: 'certified.partner@example.com',
          name: 'Partner certification',
          earnedOn: '2026-10-01',
        },
      });
      expect((await deliver(body, signed(body))).statusCode).toBe(200);
      // The same certification delivered again, under a new delivery id, earns nothing more.
      expect((await deliver(body, signed(body))).statusCode).toBe(200);
      // 250 for the certification, 150 for the suggested step it completes.
      expect(await tierPoints()).toBe(400);
    });

    it('answers 401 to a missing or wrong signature, and writes nothing', async () => {
      const before = await countLearningRows(database().db);
      const body = JSON.stringify({ item: { ...webinar, id: 'HOOK-W-2' } });
      for (const headers of [
        signed(body, { signature: null }),
        signed(body, { signature: 'sha256=00' }),
        signed(body, { secret: 'another-secret-entirely' }),
      ]) {
        const response = await deliver(body, headers);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual(WEBHOOK_ERRORS.signature);
      }
      // A signature of other bytes does not cover this body.
      const tampered = await deliver(body.replace('payroll', 'pay-roll'), signed(body));
      expect(tampered.statusCode).toBe(401);
      expect(await countLearningRows(database().db)).toEqual(before);
    });

    it('answers 400 to a bad record, naming it, and writes nothing', async () => {
      const before = await countLearningRows(database().db);
      const body = JSON.stringify({ item: { ...webinar, id: 'HOOK-W-3', durationMinutes: 0 } });
      const response = await deliver(body, signed(body));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        errorCode: 'INVALID_RECORD',
        id: 'HOOK-W-3',
        reason: expect.stringContaining('durationMinutes'),
      });
      for (const bad of ['not json', JSON.stringify({ items: [] })]) {
        const refused = await deliver(bad, signed(bad));
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toMatchObject({ errorCode: 'INVALID_RECORD' });
      }
      expect(await countLearningRows(database().db)).toEqual(before);
    });

    it('applies a delivery once: a repeat of it answers duplicate and changes nothing', async () => {
      const body = JSON.stringify({ item: webinarCalled('HOOK-W-4') });
      const headers = signed(body, { deliveryId: 'delivery-repeated-1' });
      const firstTime = await deliver(body, headers);
      expect(firstTime.json(), firstTime.body).toMatchObject({ change: 'created' });
      const rows = await countLearningRows(database().db);
      const repeat = await deliver(body, headers);
      expect(repeat.statusCode).toBe(200);
      expect(repeat.json()).toEqual({
        ok: true,
        kind: 'item',
        id: 'HOOK-W-4',
        change: 'duplicate',
      });
      expect(await countLearningRows(database().db)).toEqual(rows);
    });

    it('refuses a delivery stamped more than 5 minutes from now, either way', async () => {
      const body = JSON.stringify({ item: webinarCalled('HOOK-W-5') });
      const now = Math.floor(clock.nowMs() / 1000);
      for (const timestamp of [now - 301, now + 301]) {
        const response = await deliver(body, signed(body, { timestamp }));
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual(WEBHOOK_ERRORS.stale);
      }
      const late = await deliver(body, signed(body, { timestamp: now - 299 }));
      expect(late.statusCode).toBe(200);
    });

    it('refuses a captured delivery sent again under another id or time', async () => {
      const body = JSON.stringify({ item: webinarCalled('HOOK-W-6') });
      const captured = signed(body);
      for (const changed of [
        { ...captured, [DELIVERY_HEADER]: 'delivery-forged-0001' },
        { ...captured, [TIMESTAMP_HEADER]: String(Number(captured[TIMESTAMP_HEADER]) + 1) },
      ]) {
        const response = await deliver(body, changed);
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual(WEBHOOK_ERRORS.signature);
      }
    });

    it('forgets delivery ids once their deliveries are too old to be accepted', async () => {
      const body = JSON.stringify({ item: webinarCalled('HOOK-W-7') });
      const first = signed(body, { deliveryId: 'delivery-remembered-1' });
      expect((await deliver(body, first)).json()).toMatchObject({ change: 'created' });
      clock.advance(11 * 60 * 1000);
      // A new delivery clears the old ids; the old one is refused for its time, not its id.
      expect((await deliver(body, signed(body))).statusCode).toBe(200);
      expect((await deliver(body, first)).json()).toEqual(WEBHOOK_ERRORS.stale);
      const reused = signed(body, { deliveryId: 'delivery-remembered-1' });
      expect((await deliver(body, reused)).json()).toMatchObject({ change: 'unchanged' });
    });

    it('is off without LEARNING_WEBHOOK_SECRET', async () => {
      const plain = await buildPortalServer({ config: testConfig(), database: database() });
      try {
        const body = JSON.stringify({ item: webinar });
        const response = await plain.inject({
          method: 'POST',
          url: LEARNING_WEBHOOK_PATH,
          headers: { 'content-type': 'application/json', ...signed(body) },
          payload: body,
        });
        expect(response.statusCode).toBe(503);
      } finally {
        await plain.close();
      }
    });
  });

  describe('calendar files', () => {
    it('serves a session as text/calendar', async () => {
      const response = await app.inject({
        url: `/api/learning/sessions/${learningIds.session('LL-W-401-UK')}/calendar.ics`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
      expect(response.headers['content-disposition']).toContain('.ics');
      expect(response.body).toContain('BEGIN:VCALENDAR');
    });

    it('answers 404 for an unknown or malformed session id', async () => {
      for (const id of ['a0S000000000000000', 'nope']) {
        const response = await app.inject({ url: `/api/learning/sessions/${id}/calendar.ics` });
        expect(response.statusCode).toBe(404);
      }
    });
  });

  describe('search', () => {
    const token = (searchHub: string) =>
      signSearchToken(
        searchTokenKey(config.sessionSecret),
        { searchHub, userId: customer.user.id, visitorKey: customer.sessionId },
        new Date(),
      ).token;
    async function search(body: Record<string, unknown>): Promise<SearchResult[]> {
      const response = await app.inject({
        method: 'POST',
        url: SEARCH_PATH,
        headers: {
          'content-type': 'application/json',
          cookie: customer.cookie,
          'x-csrf-token': customer.csrfToken,
          authorization: `Bearer ${token(String(body.searchHub))}`,
        },
        payload: JSON.stringify(body),
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { results: SearchResult[] }).results;
    }

    it("answers the 'all_learning' recommendations with learning items", async () => {
      const results = await search({
        searchHub: 'recommendations',
        tab: 'all_learning',
        numberOfResults: 3,
      });
      expect(results).toHaveLength(3);
      expect(results.every((result) => typeof result.raw?.sfintellumapp__id__c === 'string')).toBe(
        true,
      );
    });

    it('finds a classroom on the learning search with its next class dates', async () => {
      const results = await search({ searchHub: 'LL_LearningSearch', q: 'Accounting in a day' });
      const classroom = results.find((result) => result.raw?.sfintellumapp__id__c === 'LL-R-601');
      expect(classroom?.raw).toMatchObject({
        sflearning_format__c: 'Live classroom',
        sfnext_class_united_kingdom__c: '2027-02-16',
        sfnext_class_australia__c: '2027-02-09',
      });
      expect(classroom?.clickUri).toBe(`${config.learningBaseUrl}/student/activity/LL-R-601`);
    });

    it('keeps learning items out of the support search', async () => {
      const results = await search({ searchHub: 'LL_GlobalSearch', q: 'Accounting in a day' });
      expect(results.some((result) => result.raw?.sfintellumapp__id__c !== undefined)).toBe(false);
    });
  });
});
