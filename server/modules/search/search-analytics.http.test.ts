import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { signSearchToken } from '~server/modules/search-token';
import {
  findSearchQueryLog,
  listSearchClicks,
  listSearchUsageEvents,
} from './search-analytics.repository.ts';
import { zeroResultQueries } from './search-analytics.service.ts';
import {
  config,
  DAY_MS,
  GLOBAL,
  openSearchApi,
  STATISTICS_CONSENT_COOKIE,
  tokenKey,
  type SearchApi,
} from './search-api.fixture.ts';
import { CLICK_PATH, SEARCH_PATH, SUGGESTIONS_PATH, VIEW_PATH } from './search.routes.ts';

describeEachDialect('search API over HTTP', (database) => {
  let app: FastifyInstance;
  let post: SearchApi['post'];
  let search: SearchApi['search'];
  let customer: SearchApi['customer'];

  beforeAll(async () => {
    ({ app, post, search, customer } = await openSearchApi(database()));
  });
  afterAll(async () => {
    await app.close();
  });

  describe('analytics', () => {
    it('logs every search and every click, and reports queries that found nothing', async () => {
      const answer = await search({
        q: 'bank feed',
        context: { userRegion: 'AU' },
        analytics: { cause: 'searchboxSubmit' },
      });
      const logged = await findSearchQueryLog(database().db, answer.searchUid);
      expect(logged).toMatchObject({
        search_hub: GLOBAL,
        query_text: 'bank feed',
        result_count: answer.totalCount,
        is_guest: 0,
        user_region: 'AU',
        cause: 'searchboxSubmit',
      });
      const click = await post(CLICK_PATH, {
        searchHub: GLOBAL,
        searchUid: answer.searchUid,
        uniqueId: answer.results[0]?.uniqueId,
        position: 0,
      });
      expect(click.statusCode).toBe(204);
      expect(await listSearchClicks(database().db, answer.searchUid)).toMatchObject([
        { unique_id: answer.results[0]?.uniqueId, position: 0 },
      ]);

      const british = await search({ q: 'bank', context: { userRegion: 'gb' } });
      expect(await findSearchQueryLog(database().db, british.searchUid)).toMatchObject({
        user_region: 'UK',
      });

      const nothing = await search({ q: 'qqzzxxyy' });
      expect(nothing.totalCount).toBe(0);
      const zero = await zeroResultQueries(database().db, { since: new Date(Date.now() - DAY_MS) });
      expect(zero).toContainEqual(
        expect.objectContaining({ searchHub: GLOBAL, query: 'qqzzxxyy', searches: 1 }),
      );
      expect(zero.map((entry) => entry.query)).not.toContain('bank feed');
    });

    it("logs the cause's metadata a standalone box stored with its query", async () => {
      const metadata = { partialQuery: 'bank f', suggestion: 'bank feed' };
      const answer = await search({
        q: 'bank feed',
        analytics: { cause: 'omniboxFromLink', metadata },
      });
      const logged = await findSearchQueryLog(database().db, answer.searchUid);
      expect(logged?.cause).toBe('omniboxFromLink');
      expect(JSON.parse(logged?.cause_metadata ?? 'null')).toEqual(metadata);
    });

    it('searches a query longer than a query may be by its beginning, and says so', async () => {
      const typed = `bank feed ${'reconcile statement '.repeat(100)}`;
      const answer = await search({ q: typed });
      expect(answer.queryCut?.searchedFor.length).toBeLessThanOrEqual(500);
      expect(typed.startsWith(answer.queryCut?.searchedFor ?? '-')).toBe(true);
      expect(answer.totalCount).toBeGreaterThan(0);
      const logged = await findSearchQueryLog(database().db, answer.searchUid);
      expect(logged?.query_text).toBe(answer.queryCut?.searchedFor);
      const short = await search({ q: 'bank feed' });
      expect(short.queryCut).toBeUndefined();
    });

    it('serves guests and logs their searches as a guest', async () => {
      // A guest's search token is bound to their anonymous id, the value of the cookie that
      // getHeadlessConfiguration gives them.
      const anonymousId = 'guest-anonymous-id';
      const cookie = `${config.prefix}_csrf=${anonymousId}`;
      const guestToken = signSearchToken(tokenKey, {
        searchHub: GLOBAL,
        userId: null,
        visitorKey: anonymousId,
      }).token;
      const response = await app.inject({
        method: 'POST',
        url: SEARCH_PATH,
        headers: {
          'content-type': 'application/json',
          cookie: `${cookie}; ${STATISTICS_CONSENT_COOKIE}`,
          'sec-fetch-site': 'same-origin',
          authorization: `Bearer ${guestToken}`,
        },
        payload: JSON.stringify({ searchHub: GLOBAL, q: 'payroll' }),
      });
      expect(response.statusCode).toBe(200);
      const logged = await findSearchQueryLog(database().db, response.json().searchUid);
      expect(logged).toMatchObject({ is_guest: 1, query_text: 'payroll', user_region: null });
    });

    it('logs nothing without statistics consent, and stops as soon as it is withdrawn', async () => {
      const refused = `CookieConsent=${encodeURIComponent('{"statistics":false}')}`;
      for (const headers of [
        { cookie: refused },
        // Before any choice, a visitor from an opt-in region (the UK here) has not agreed.
        { cookie: `${config.prefix}REGION=UK` },
      ]) {
        const response = await post(
          SEARCH_PATH,
          { searchHub: GLOBAL, q: 'bank reconciliation' },
          { headers: { cookie: `${customer.cookie}; ${headers.cookie}` } },
        );
        expect(response.statusCode).toBe(200);
        const { searchUid, results } = response.json() as Awaited<ReturnType<typeof search>>;
        expect(await findSearchQueryLog(database().db, searchUid)).toBeUndefined();
        const click = await post(
          CLICK_PATH,
          { searchHub: GLOBAL, searchUid, uniqueId: results[0]?.uniqueId, position: 0 },
          { headers: { cookie: `${customer.cookie}; ${headers.cookie}` } },
        );
        expect(click.statusCode).toBe(204);
        expect(await listSearchClicks(database().db, searchUid)).toEqual([]);
      }
      // In a notice region (Australia) statistics run until refused.
      const australian = await post(
        SEARCH_PATH,
        { searchHub: GLOBAL, q: 'bank reconciliation' },
        { headers: { cookie: `${customer.cookie}; ${config.prefix}REGION=AU` } },
      );
      const { searchUid } = australian.json() as { searchUid: string };
      expect(await findSearchQueryLog(database().db, searchUid)).toBeDefined();
    });

    it("keeps a page's view event, with its record under @sfid, only with statistics consent", async () => {
      const since = new Date(0).toISOString();
      const viewsOf = async (value: string) =>
        (await listSearchUsageEvents(database().db, { kind: 'view', since })).filter(
          (event) => event.event_value === value,
        );
      const article = {
        searchHub: GLOBAL,
        contentType: 'Articles',
        contentIdKey: '@sfid',
        contentIdValue: 'ka0view1',
        location: '/s/article/view-event-article',
      };
      expect((await post(VIEW_PATH, article)).statusCode).toBe(204);
      const home = { searchHub: GLOBAL, contentType: 'Home', location: '/0/view-event-home' };
      expect((await post(VIEW_PATH, home)).statusCode).toBe(204);
      expect(await viewsOf(article.location)).toMatchObject([
        {
          search_hub: GLOBAL,
          event_type: 'Articles',
          content_id_key: '@sfid',
          content_id_value: 'ka0view1',
        },
      ]);
      expect(await viewsOf(home.location)).toMatchObject([
        { event_type: 'Home', content_id_key: null, content_id_value: null },
      ]);

      const refused = `CookieConsent=${encodeURIComponent('{"statistics":false}')}`;
      const unconsented = { ...home, location: '/0/view-event-refused' };
      const response = await post(VIEW_PATH, unconsented, {
        headers: { cookie: `${customer.cookie}; ${refused}` },
      });
      expect(response.statusCode).toBe(204);
      expect(await viewsOf(unconsented.location)).toEqual([]);
    });

    it('refuses a view event that is malformed, for a hub the site lacks, or without its token', async () => {
      const view = { searchHub: GLOBAL, contentType: 'Articles', location: '/s/article/x' };
      for (const body of [
        { ...view, location: 'https://elsewhere.example/' },
        { ...view, contentIdKey: '@sfid' },
        { ...view, searchHub: 'Nowhere' },
      ]) {
        const response = await post(VIEW_PATH, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
      }
      const untokened = await post(VIEW_PATH, view, { token: null });
      expect(untokened.statusCode).toBe(401);
    });

    it('suggests past successful queries and titles, highlighted', async () => {
      await search({ q: 'payslips' });
      const response = await post(SUGGESTIONS_PATH, { searchHub: GLOBAL, q: 'paysl' });
      expect(response.statusCode).toBe(200);
      const { suggestions } = response.json() as {
        suggestions: { rawValue: string; highlightedValue: string }[];
      };
      expect(suggestions.map((suggestion) => suggestion.rawValue)).toContain('payslips');
      expect(suggestions.length).toBeLessThanOrEqual(5);
    });
  });
});
