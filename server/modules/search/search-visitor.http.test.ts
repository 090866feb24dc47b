import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { findSearchQueryLog } from './search-analytics.repository.ts';
import {
  config,
  GLOBAL,
  openSearchApi,
  STATISTICS_CONSENT_COOKIE,
  type SearchApi,
} from './search-api.fixture.ts';
import { SEARCH_PATH } from './search.routes.ts';
import { searchVisitorCookieName } from './search-visitor.ts';

/* The pseudonym search analytics count visitors by (docs/insight.md 'Search', 'Consent'). */

const NAME = searchVisitorCookieName(config.prefix);
const REFUSED = `CookieConsent=${encodeURIComponent('{"statistics":false}')}`;

describeEachDialect('search visitors over HTTP', (database) => {
  let app: FastifyInstance;
  let post: SearchApi['post'];
  let customer: SearchApi['customer'];

  beforeAll(async () => {
    ({ app, post, customer } = await openSearchApi(database()));
  });
  afterAll(async () => {
    await app.close();
  });

  const searchWith = async (cookies: string) => {
    const response = await post(
      SEARCH_PATH,
      { searchHub: GLOBAL, q: 'bank feed' },
      { headers: { cookie: `${customer.cookie}; ${cookies}` } },
    );
    expect(response.statusCode, response.body).toBe(200);
    const { searchUid } = response.json() as { searchUid: string };
    const logged = await findSearchQueryLog(database().db, searchUid);
    const setCookie = ([] as string[])
      .concat(response.headers['set-cookie'] ?? [])
      .find((line) => line.startsWith(`${NAME}=`));
    return { key: logged?.visitor_key, logged, setCookie };
  };

  it('gives a consenting browser an id only the search API receives, and logs a hash of it', async () => {
    const first = await searchWith(STATISTICS_CONSENT_COOKIE);
    expect(first.setCookie).toMatch(/; Max-Age=86400;/);
    expect(first.setCookie).toContain('; Path=/api/search;');
    expect(first.setCookie).toContain('; HttpOnly');
    const id = /^[^=]+=([^;]+);/.exec(first.setCookie!)![1]!;
    expect(first.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.key).not.toBe(id);
    expect(first.key).not.toContain(customer.user.id);

    // The same browser keeps its pseudonym; another browser has its own.
    const again = await searchWith(`${STATISTICS_CONSENT_COOKIE}; ${NAME}=${id}`);
    expect(again.setCookie).toBeUndefined();
    expect(again.key).toBe(first.key);
    const other = await searchWith(STATISTICS_CONSENT_COOKIE);
    expect(other.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(other.key).not.toBe(first.key);

    // A value the portal did not give is replaced, never hashed as it is.
    const forged = await searchWith(`${STATISTICS_CONSENT_COOKIE}; ${NAME}=${customer.user.id}`);
    expect(forged.setCookie).toBeDefined();
    expect(forged.setCookie).not.toContain(customer.user.id);
  });

  it('keeps no pseudonym without consent, and removes the id once consent is withdrawn', async () => {
    const first = await searchWith(STATISTICS_CONSENT_COOKIE);
    const id = /^[^=]+=([^;]+);/.exec(first.setCookie!)![1]!;
    const refused = await searchWith(`${REFUSED}; ${NAME}=${id}`);
    expect(refused.logged).toBeUndefined();
    expect(refused.setCookie).toMatch(new RegExp(`^${NAME}=;`));
    expect(refused.setCookie).toContain('Expires=Thu, 01 Jan 1970');
    const never = await searchWith(REFUSED);
    expect(never.setCookie).toBeUndefined();
  });
});
