import { buildResultList, buildSearchBox } from '@coveo/headless';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HeadlessConfiguration } from '~core/gateway';
import { signSearchToken, searchTokenKey } from '~server/modules/search-token';
import { indexResourceLibrary } from '~server/modules/partners';
import { listSearchUsageEvents } from '~server/modules/search';
import { ShiftedClock } from '~tests/support/clock.ts';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { signInAs } from '~tests/support/sessions.ts';
import {
  customerVisitor,
  GLOBAL,
  openListeningPortal,
  type LibraryVisitor,
  type ListeningPortal,
} from './headless-protocol.fixture.ts';
import { searched, searchEngineFor } from './library-engines.fixture.ts';
import { SEARCH_API_PATH } from './headless-protocol.routes.ts';

/*
 * The protocol's rules over HTTP: tokens (expiry and renewal through the library, foreign
 * tokens), the same access as the portal's own search for guests, staff-only insight, and
 * every bad request answered 4xx with what was wrong, never 5xx.
 */
describeEachDialect('the search library protocol', (database) => {
  const clock = new ShiftedClock();
  let portal: ListeningPortal;
  let visitor: LibraryVisitor;
  let configuration: HeadlessConfiguration;

  beforeAll(async () => {
    portal = await openListeningPortal(database(), { clock });
    visitor = customerVisitor(portal.customer);
    configuration = await portal.configuration(GLOBAL, visitor);
  }, 60_000);
  afterAll(async () => {
    await portal?.app.close();
  });

  function post(path: string, body: unknown, headers: Record<string, string> = {}) {
    return portal.app.inject({
      method: 'POST',
      url: path,
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${configuration.accessToken}`,
        cookie: visitor.cookie,
        ...headers,
      },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  }

  describe('tokens', () => {
    it('renews an expired token through renewAccessToken and searches on', async () => {
      let renewals = 0;
      const engine = searchEngineFor(configuration, visitor, async () => {
        renewals += 1;
        return (await portal.configuration(GLOBAL, visitor)).accessToken;
      });
      const box = buildSearchBox(engine);
      const results = buildResultList(engine);
      clock.advance(16 * 60 * 1000);
      const expired = await post(SEARCH_API_PATH, { q: 'bank' });
      expect(expired.statusCode).toBe(419);
      expect(expired.json()).toMatchObject({ type: 'ExpiredTokenException' });
      await searched(engine, () => {
        box.updateText('bank');
        box.submit();
      });
      // The library asked for a new token and searched with it.
      expect(renewals).toBeGreaterThanOrEqual(1);
      expect(engine.state.configuration.accessToken).not.toBe(configuration.accessToken);
      expect(results.state.results.map((result) => result.title)).toContain('Connect a bank feed');
      configuration = await portal.configuration(GLOBAL, visitor);
    });

    it('refuses another visitor’s token, a tampered one and another organisation with 401', async () => {
      const other = await signInAs(database(), 'headless-other');
      const theirs = await portal.configuration(GLOBAL, customerVisitor(other));
      const refusals = [
        await post(
          SEARCH_API_PATH,
          { q: 'bank' },
          { authorization: `Bearer ${theirs.accessToken}` },
        ),
        await post(
          SEARCH_API_PATH,
          { q: 'bank' },
          { authorization: `Bearer ${configuration.accessToken}x` },
        ),
        await post(`${SEARCH_API_PATH}?organizationId=someone-else`, { q: 'bank' }),
        await post(SEARCH_API_PATH, { q: 'bank' }, { authorization: '' }),
      ];
      for (const refusal of refusals) {
        expect(refusal.statusCode).toBe(401);
        expect(refusal.json()).toMatchObject({ statusCode: 401, type: 'InvalidTokenException' });
      }
    });

    it('opens only the hub it was issued for', async () => {
      const response = await post(SEARCH_API_PATH, { q: 'bank', searchHub: 'LL_LearningSearch' });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain("the access token is for 'LL_GlobalSearch'");
    });
  });

  describe('access', () => {
    it('gives a guest exactly what the portal’s own search gives them', async () => {
      const guest = await portal.guest();
      const theirs = await portal.configuration(GLOBAL, guest);
      const protocol = await post(
        SEARCH_API_PATH,
        { q: 'bank', numberOfResults: 20 },
        { authorization: `Bearer ${theirs.accessToken}`, cookie: guest.cookie },
      );
      expect(protocol.statusCode).toBe(200);
      const own = await portal.app.inject({
        method: 'POST',
        url: '/api/search',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${theirs.accessToken}`,
          cookie: guest.cookie,
          'sec-fetch-site': 'same-origin',
        },
        payload: JSON.stringify({
          searchHub: GLOBAL,
          q: 'bank',
          numberOfResults: 20,
          folding: false,
        }),
      });
      expect(own.statusCode, own.body).toBe(200);
      const ids = (answer: { results: { uniqueId: string }[] }) =>
        answer.results.map((result) => result.uniqueId);
      expect(ids(protocol.json())).toEqual(ids(own.json()));
      expect(ids(protocol.json()).length).toBeGreaterThan(0);
    });

    it('finds partner-only content for partners, never for a guest or a customer', async () => {
      await indexResourceLibrary(database().db);
      const titlesFor = async (visitor: LibraryVisitor) => {
        const token = (await portal.configuration(GLOBAL, visitor)).accessToken;
        const response = await post(
          SEARCH_API_PATH,
          { q: 'co-branded campaign kit', numberOfResults: 20 },
          { authorization: `Bearer ${token}`, cookie: visitor.cookie },
        );
        expect(response.statusCode).toBe(200);
        return (response.json() as { results: { title: string }[] }).results.map((r) => r.title);
      };
      const partner = customerVisitor(await signInAs(database(), 'demo-partner-primary'));
      expect(await titlesFor(partner)).toContain('Co-branded campaign kit');
      expect(await titlesFor(await portal.guest())).not.toContain('Co-branded campaign kit');
      expect(await titlesFor(visitor)).not.toContain('Co-branded campaign kit');
    });

    it('keeps insight for the support team', async () => {
      const insight = `/coveo/rest/organizations/${configuration.organizationId}/insight/v1/configs/agent/search`;
      const customer = await post(insight, { q: 'bank' });
      expect(customer.statusCode).toBe(403);
      const agent = await signInAs(database(), { subject: 'headless-agent', isAgent: true });
      const agentVisitor = customerVisitor(agent);
      const token = (await portal.configuration(GLOBAL, agentVisitor)).accessToken;
      const answered = await post(
        insight,
        { q: 'bank' },
        { authorization: `Bearer ${token}`, cookie: agentVisitor.cookie },
      );
      expect(answered.statusCode).toBe(200);
      expect(answered.json().results.length).toBeGreaterThan(0);
    });

    it('keeps the partner case assist for partners', async () => {
      const response = await post(
        `/coveo/rest/organizations/${configuration.organizationId}/caseassists/partner/classify`,
        { fields: { subject: { value: 'Bank feed stopped' } } },
      );
      expect(response.statusCode).toBe(403);
    });
  });

  describe('usage analytics', () => {
    it('keeps custom and view events only under PERF consent', async () => {
      const since = clock.now().toISOString();
      const events = '/coveo/rest/ua/v15/analytics';
      const custom = { eventType: 'caseDeflection', eventValue: 'solved', lastSearchQueryUid: 'x' };
      expect((await post(`${events}/custom`, custom)).statusCode).toBe(200);
      const view = { contentType: 'Knowledge', contentIdKey: '@sfid', contentIdValue: 'ka0A' };
      // A beacon's form, with the token in the address.
      const beacon = await portal.app.inject({
        method: 'POST',
        url: `${events}/view?access_token=${configuration.accessToken}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: visitor.cookie },
        payload: `viewEvent=${encodeURIComponent(JSON.stringify(view))}`,
      });
      expect(beacon.statusCode).toBe(200);
      const withoutConsent = await post(`${events}/custom`, custom, {
        cookie: portal.customer.cookie,
      });
      expect(withoutConsent.statusCode).toBe(200);
      expect(await listSearchUsageEvents(database().db, { kind: 'custom', since })).toMatchObject([
        { event_type: 'caseDeflection', event_value: 'solved', search_uid: 'x' },
      ]);
      expect(await listSearchUsageEvents(database().db, { kind: 'view', since })).toMatchObject([
        { event_type: 'Knowledge', content_id_key: '@sfid', content_id_value: 'ka0A' },
      ]);
    });
  });

  describe('bad requests get 4xx naming the problem', () => {
    it.each([
      ['bad JSON', SEARCH_API_PATH, '{"q":', 400, 'The body must be valid JSON'],
      ['an array', SEARCH_API_PATH, '[]', 400, 'The body must be a JSON object'],
      ['a number as the query', SEARCH_API_PATH, { q: 5 }, 400, 'q:'],
      ['too many results', SEARCH_API_PATH, { numberOfResults: 1000 }, 400, 'numberOfResults'],
      [
        'an unknown sort',
        SEARCH_API_PATH,
        { sortCriteria: '@size ascending' },
        422,
        'sortCriteria',
      ],
      [
        'a facet on an unknown field',
        SEARCH_API_PATH,
        { facets: [{ facetId: 'x', field: 'author', type: 'specific', currentValues: [] }] },
        400,
        "'author' is not a facet field",
      ],
      [
        'a numeric facet',
        SEARCH_API_PATH,
        { facets: [{ facetId: 'n', field: 'size', type: 'numericalRange', currentValues: [] }] },
        422,
        "A facet of type 'numericalRange'",
      ],
      [
        'automatic facets',
        SEARCH_API_PATH,
        { generateAutomaticFacets: {} },
        422,
        'Automatic facets',
      ],
      ['an advanced query it cannot read', SEARCH_API_PATH, { aq: '@size>10' }, 400, 'aq:'],
      ['another pipeline', SEARCH_API_PATH, { pipeline: 'default' }, 400, 'pipeline:'],
      ['an unknown service', '/coveo/rest/search/v2/fields', {}, 422, 'The service at POST'],
      [
        'an unknown analytics event',
        '/coveo/rest/ua/v15/analytics/telemetry',
        {},
        422,
        'telemetry',
      ],
    ])('%s', async (_label, path, body, status, message) => {
      const response = await post(path, body);
      expect(response.statusCode).toBe(status);
      expect(response.json().message).toContain(message);
    });

    it('refuses a body past its limit with 413', async () => {
      const response = await post(SEARCH_API_PATH, { q: 'x'.repeat(200 * 1024) });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ statusCode: 413 });
    });

    it('answers a token minted for a hub of no site as invalid', async () => {
      const key = searchTokenKey('test-session-secret-of-at-least-32-characters');
      const { token } = signSearchToken(
        key,
        { searchHub: 'elsewhere', userId: null, visitorKey: portal.customer.sessionId },
        clock.now(),
      );
      const response = await post(
        SEARCH_API_PATH,
        { q: 'bank' },
        { authorization: `Bearer ${token}` },
      );
      expect(response.statusCode).toBe(401);
    });
  });

  describe('the library files', () => {
    it.each([
      ['/headless.js', 'CoveoHeadless'],
      ['/case-assist/headless.js', 'CoveoHeadlessCaseAssist'],
      ['/insight/headless.js', 'CoveoHeadlessInsight'],
      ['/recommendation/headless.js', 'CoveoHeadlessRecommendation'],
      ['/browser/bueno.js', 'Bueno'],
    ])('serves %s, compressed, with an ETag', async (path, global) => {
      const response = await fetch(`${portal.baseUrl}${path}`, {
        headers: { 'accept-encoding': 'br' },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBe('br');
      expect(response.headers.get('etag')).toBeTruthy();
      expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
      expect(await response.text()).toMatch(new RegExp(`^var ${global}=`));
    });
  });
});
