import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteMethodRequest } from '~core/gateway';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { signInAs, type SignedInSession } from '~tests/support/sessions.ts';
import {
  config,
  GLOBAL,
  LEARNING,
  openSearchApi,
  RECOMMENDATIONS,
  type SearchApi,
} from './search-api.fixture.ts';
import { CLICK_PATH, SEARCH_PATH, SEARCH_RATE_LIMITS, SUGGESTIONS_PATH } from './search.routes.ts';

describeEachDialect('search API over HTTP', (database) => {
  let app: FastifyInstance;
  let customer: SignedInSession;
  let token: SearchApi['token'];
  let post: SearchApi['post'];

  beforeAll(async () => {
    ({ app, customer, token, post } = await openSearchApi(database()));
  });
  afterAll(async () => {
    await app.close();
  });

  describe('the search token', () => {
    it('is required', async () => {
      const response = await post(SEARCH_PATH, { searchHub: GLOBAL, q: 'bank' }, { token: null });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ errorCode: 'INVALID_SEARCH_TOKEN' });
    });

    it('is refused once expired', async () => {
      const stale = token(GLOBAL, new Date(Date.now() - 16 * 60 * 1000));
      const response = await post(SEARCH_PATH, { searchHub: GLOBAL, q: 'bank' }, { token: stale });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        message: 'The search token has expired; ask for a new search configuration.',
        errorCode: 'INVALID_SEARCH_TOKEN',
      });
    });

    it('is refused to any visitor but the one it was issued to', async () => {
      const other = await signInAs(database(), 'search-other-visitor');
      const theirs = token(GLOBAL, new Date(), other);
      for (const path of [SEARCH_PATH, SUGGESTIONS_PATH]) {
        const response = await post(path, { searchHub: GLOBAL, q: 'bank' }, { token: theirs });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({
          message:
            'The search token was issued to another visitor; ask for a new search configuration.',
          errorCode: 'INVALID_SEARCH_TOKEN',
        });
      }
    });

    it('is refused for another hub, or when tampered with', async () => {
      for (const bad of [token(LEARNING), `${token(GLOBAL)}x`, 'not-a-token']) {
        for (const path of [SEARCH_PATH, SUGGESTIONS_PATH]) {
          const response = await post(path, { searchHub: GLOBAL, q: 'bank' }, { token: bad });
          expect(response.statusCode).toBe(401);
          expect(response.json()).toMatchObject({ errorCode: 'INVALID_SEARCH_TOKEN' });
        }
      }
      const click = await post(
        CLICK_PATH,
        { searchHub: GLOBAL, searchUid: 'x', uniqueId: 'y', position: 0 },
        { token: token(LEARNING) },
      );
      expect(click.statusCode).toBe(401);
    });

    it('from getHeadlessConfiguration opens the search of its hub', async () => {
      const request = remoteMethodRequest(config.prefix, 'getHeadlessConfiguration', {
        searchHub: LEARNING,
      });
      const configuration = await app.inject({
        method: request.method,
        url: request.url,
        payload: request.body,
        headers: {
          cookie: customer.cookie,
          'x-csrf-token': customer.csrfToken,
          'content-type': 'application/json',
        },
      });
      expect(configuration.statusCode).toBe(200);
      const { accessToken } = JSON.parse(configuration.json() as string) as { accessToken: string };
      const learning = await post(
        SEARCH_PATH,
        { searchHub: LEARNING, q: 'course' },
        { token: accessToken },
      );
      expect(learning.statusCode).toBe(200);
      const global = await post(
        SEARCH_PATH,
        { searchHub: GLOBAL, q: 'course' },
        { token: accessToken },
      );
      expect(global.statusCode).toBe(401);
    });
  });

  it('refuses a request without the CSRF token (403)', async () => {
    const response = await post(SEARCH_PATH, { searchHub: GLOBAL, q: 'bank' }, { csrf: false });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ errorCode: 'CSRF_REJECTED' });
  });

  describe('malformed requests get 400 naming the field', () => {
    it.each([
      ['bad JSON', '{"searchHub":', 'The body must be valid JSON'],
      ['an array', '[]', 'The body must be a JSON object'],
      ['a number as the query', { q: 5 }, 'q:'],
      ['negative paging', { firstResult: -1 }, 'firstResult:'],
      ['a fractional page size', { numberOfResults: 2.5 }, 'numberOfResults:'],
      ['too many results', { numberOfResults: 101 }, 'numberOfResults:'],
      [
        'an unknown facet field',
        { facets: { title: ['x'] } },
        'facets.title: is not a facet field',
      ],
      [
        'facet values that are not a list',
        { facets: { sfcoreproductc: 'x' } },
        'facets.sfcoreproductc:',
      ],
      ['an unknown sort', { sortCriteria: 'title' }, 'sortCriteria:'],
      ['an unknown date range', { dateFacet: 'past-fortnight' }, 'dateFacet:'],
      [
        'an advanced query on an unknown field',
        { aq: 'title NOT x' },
        "aq: 'title NOT value' is not supported",
      ],
      [
        'an advanced query it cannot read',
        { aq: 'sfurlname NOT "open' },
        'aq: a quoted value is not closed',
      ],
      ['an unknown hub', { searchHub: 'XX_Search' }, "searchHub: 'XX_Search' is not a search hub"],
      ['a recommendation without a tab', { searchHub: RECOMMENDATIONS }, 'tab: must be one of'],
      [
        'an unknown recommendation tab',
        { searchHub: RECOMMENDATIONS, tab: 'hot' },
        'tab: must be one of',
      ],
    ])('%s', async (_name, body, message) => {
      const payload = typeof body === 'string' ? body : { searchHub: GLOBAL, q: 'bank', ...body };
      const response = await post(SEARCH_PATH, payload);
      expect(response.statusCode).toBe(400);
      const answer = response.json();
      expect(answer.errorCode).toBe('INVALID_SEARCH_REQUEST');
      expect(answer.message).toContain(message);
    });

    it('for suggestions and clicks too', async () => {
      const suggestions = await post(SUGGESTIONS_PATH, { searchHub: GLOBAL, q: 'ba', count: 0 });
      expect(suggestions.statusCode).toBe(400);
      expect(suggestions.json().message).toContain('count:');
      const click = await post(CLICK_PATH, {
        searchHub: GLOBAL,
        searchUid: 'u',
        uniqueId: 'x',
        position: -1,
      });
      expect(click.statusCode).toBe(400);
      expect(click.json().message).toContain('position:');
    });
  });

  it('limits requests per session (429 RATE_LIMITED)', async () => {
    const busy = await signInAs(database(), 'search-busy');
    const click = () =>
      app.inject({
        method: 'POST',
        url: CLICK_PATH,
        headers: {
          'content-type': 'application/json',
          cookie: busy.cookie,
          'x-csrf-token': busy.csrfToken,
          authorization: `Bearer ${token(GLOBAL, new Date(), busy)}`,
        },
        payload: JSON.stringify({
          searchHub: GLOBAL,
          searchUid: 'busy',
          uniqueId: 'x',
          position: 0,
        }),
      });
    for (let sent = 0; sent < SEARCH_RATE_LIMITS.click.max; sent++) {
      expect((await click()).statusCode).toBe(204);
    }
    const refused = await click();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errorCode).toBe('RATE_LIMITED');
    // Another session is not held back.
    const other = await post(CLICK_PATH, {
      searchHub: GLOBAL,
      searchUid: 'calm',
      uniqueId: 'x',
      position: 0,
    });
    expect(other.statusCode).toBe(204);
  });
});
