import { describe, expect, it } from 'vitest';
import { NO_CONSENT, parseConsentCookie } from '~core/analytics';
import { clearGatewayCache, createGatewayClient, type GatewayClient } from '../gateway-client.ts';
import { createSearchClient } from './search-client.ts';
import { VIEW_ENDPOINT } from './search-api.ts';

function gatewayIssuing(tokens: string[]) {
  const calls: { refresh: boolean }[] = [];
  const gateway = {
    call: (_method: string, _params: unknown, options: { refresh?: boolean } = {}) => {
      calls.push({ refresh: options.refresh ?? false });
      const accessToken = options.refresh ? tokens[1] : tokens[0];
      return Promise.resolve(JSON.stringify({ accessToken }));
    },
  } as unknown as GatewayClient;
  return { gateway, calls };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

describe('the search client', () => {
  it('asks for one token at a time, so a first visit gets one visitor cookie', async () => {
    let running = 0;
    let most = 0;
    const order: string[] = [];
    const gateway = {
      call: async (_method: string, params: { searchHub: string }) => {
        running += 1;
        most = Math.max(most, running);
        order.push(`start ${params.searchHub}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
        order.push(`end ${params.searchHub}`);
        running -= 1;
        return JSON.stringify({ accessToken: `token for ${params.searchHub}` });
      },
    } as unknown as GatewayClient;
    const clientOf = (searchHub: string) =>
      createSearchClient({
        gateway,
        searchHub,
        csrfToken: null,
        fetch: () => Promise.resolve(json(200, { suggestions: [] })),
      });
    await Promise.all([clientOf('A').suggest('a', 1), clientOf('B').suggest('b', 1)]);
    expect(most).toBe(1);
    expect(order).toEqual(['start A', 'end A', 'start B', 'end B']);
  });

  it('sends the hub, the bearer token and the CSRF header', async () => {
    const { gateway } = gatewayIssuing(['t1']);
    const seen: { url: string; init: RequestInit }[] = [];
    const client = createSearchClient({
      gateway,
      searchHub: 'LL_GlobalSearch',
      csrfToken: 'csrf',
      fetch: (url, init) => {
        seen.push({ url: String(url), init: init ?? {} });
        return Promise.resolve(
          json(200, {
            suggestions: [1, 2, 3].map((n) => ({ rawValue: `${n}`, highlightedValue: `${n}` })),
          }),
        );
      },
    });
    const suggestions = await client.suggest('rec', 2);
    expect(suggestions).toHaveLength(2);
    expect(seen[0]?.url).toBe('/api/search/suggestions');
    expect(JSON.parse(String(seen[0]?.init.body))).toEqual({
      searchHub: 'LL_GlobalSearch',
      q: 'rec',
      count: 2,
    });
    expect(seen[0]?.init.headers).toMatchObject({
      authorization: 'Bearer t1',
      'x-csrf-token': 'csrf',
    });
  });

  it('asks for the token ahead of the first search, once, and again when that ask failed', async () => {
    clearGatewayCache();
    const sent: string[] = [];
    let refuseToken = true;
    const fetchImpl = (url: RequestInfo | URL, init?: RequestInit) => {
      const address = String(url);
      if (address.includes('getHeadlessConfiguration')) {
        sent.push('token');
        if (refuseToken) return Promise.resolve(json(503, { message: 'down', errorCode: 'X' }));
        return Promise.resolve(json(200, JSON.stringify({ accessToken: 'early' })));
      }
      sent.push(`search with ${(init?.headers as Record<string, string>).authorization}`);
      return Promise.resolve(
        json(200, { searchUid: 'u', totalCount: 0, results: [], facets: [], queryCorrections: [] }),
      );
    };
    const gateway = createGatewayClient({
      prefix: 'LL',
      csrfToken: null,
      cacheScope: 'token asked for ahead',
      fetch: fetchImpl,
    });
    const client = createSearchClient({
      gateway,
      searchHub: 'LL_GlobalSearch',
      csrfToken: null,
      fetch: fetchImpl,
    });

    client.askForToken();
    await new Promise((resolve) => setTimeout(resolve, 0));
    refuseToken = false;
    await client.search({ q: 'x' });
    expect(sent).toEqual(['token', 'token', 'search with Bearer early']);

    // A new page: the token asked for ahead is the one the first search sends.
    clearGatewayCache();
    sent.length = 0;
    const second = createSearchClient({
      gateway,
      searchHub: 'LL_GlobalSearch',
      csrfToken: null,
      fetch: fetchImpl,
    });
    second.askForToken();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toEqual(['token']);
    await second.search({ q: 'y' });
    expect(sent).toEqual(['token', 'search with Bearer early']);
  });

  it('refreshes the token once after a 401', async () => {
    const { gateway, calls } = gatewayIssuing(['old', 'new']);
    const tokens: string[] = [];
    const client = createSearchClient({
      gateway,
      searchHub: 'LL_GlobalSearch',
      csrfToken: null,
      fetch: (_url, init) => {
        const auth = (init?.headers as Record<string, string>).authorization ?? '';
        tokens.push(auth);
        return Promise.resolve(
          auth === 'Bearer new'
            ? json(200, {
                searchUid: 'u',
                totalCount: 0,
                results: [],
                facets: [],
                queryCorrections: [],
              })
            : json(401, { message: 'expired', errorCode: 'INVALID_SEARCH_TOKEN' }),
        );
      },
    });
    await expect(client.search({ q: 'x' })).resolves.toMatchObject({ searchUid: 'u' });
    expect(tokens).toEqual(['Bearer old', 'Bearer new']);
    expect(calls).toEqual([{ refresh: false }, { refresh: true }]);
  });

  it('gives up after a second 401 and on other errors', async () => {
    const { gateway } = gatewayIssuing(['a', 'b']);
    let requests = 0;
    const client = createSearchClient({
      gateway,
      searchHub: 'LL_GlobalSearch',
      csrfToken: null,
      fetch: () => {
        requests += 1;
        return Promise.resolve(json(401, { message: 'no', errorCode: 'INVALID_SEARCH_TOKEN' }));
      },
    });
    await expect(client.search({ q: 'x' })).rejects.toMatchObject({ status: 401 });
    expect(requests).toBe(2);

    const failing = createSearchClient({
      gateway,
      searchHub: 'LL_GlobalSearch',
      csrfToken: null,
      fetch: () => {
        requests += 1;
        return Promise.resolve(json(400, { message: 'bad', errorCode: 'INVALID_SEARCH_REQUEST' }));
      },
    });
    requests = 0;
    await expect(failing.search({ q: 'x' })).rejects.toMatchObject({
      errorCode: 'INVALID_SEARCH_REQUEST',
    });
    expect(requests).toBe(1);
  });

  it('logs a click with keepalive, the hub, the token and the CSRF header', async () => {
    const { gateway } = gatewayIssuing(['t1']);
    const sent: RequestInit[] = [];
    const client = createSearchClient({
      gateway,
      searchHub: 'LL_LearningSearch',
      csrfToken: 'csrf',
      consent: () => parseConsentCookie('{"statistics":true}'),
      fetch: (_url, init) => {
        sent.push(init ?? {});
        return Promise.resolve(new Response(null, { status: 204 }));
      },
    });
    client.logClick({ searchUid: 'uid', uniqueId: 'doc', position: 3 });
    await expect.poll(() => sent.length).toBe(1);
    expect(sent[0]?.keepalive).toBe(true);
    expect(JSON.parse(String(sent[0]?.body))).toEqual({
      searchUid: 'uid',
      uniqueId: 'doc',
      position: 3,
      searchHub: 'LL_LearningSearch',
    });
    expect(sent[0]?.headers).toMatchObject({
      authorization: 'Bearer t1',
      'x-csrf-token': 'csrf',
    });
  });

  it('logs no click without statistics consent, and stops as soon as it is withdrawn', async () => {
    const { gateway } = gatewayIssuing(['t1']);
    let consent = parseConsentCookie('{"statistics":true}');
    let sent = 0;
    const client = createSearchClient({
      gateway,
      searchHub: 'LL_GlobalSearch',
      csrfToken: 'csrf',
      consent: () => consent,
      fetch: () => {
        sent += 1;
        return Promise.resolve(new Response(null, { status: 204 }));
      },
    });
    client.logClick({ searchUid: 'uid', uniqueId: 'doc', position: 0 });
    await expect.poll(() => sent).toBe(1);
    consent = NO_CONSENT;
    client.logClick({ searchUid: 'uid', uniqueId: 'doc', position: 1 });
    consent = parseConsentCookie('{"statistics":false,"marketing":true}');
    client.logClick({ searchUid: 'uid', uniqueId: 'doc', position: 2 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toBe(1);
  });

  it('logs a view to the view endpoint with the hub and token, only under statistics consent', async () => {
    const { gateway } = gatewayIssuing(['t1']);
    let consent = NO_CONSENT;
    const sent: { url: string; init: RequestInit }[] = [];
    const client = createSearchClient({
      gateway,
      searchHub: 'LL_GlobalSearch',
      csrfToken: null,
      consent: () => consent,
      fetch: (url, init) => {
        sent.push({ url: String(url), init: init ?? {} });
        return Promise.resolve(new Response(null, { status: 204 }));
      },
    });
    const view = { contentType: 'Guides', location: '/s/guide/bank-feeds' };
    client.logView(view);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toEqual([]);
    consent = parseConsentCookie('{"statistics":true}');
    client.logView({ ...view, contentIdKey: '@sfid', contentIdValue: 'g1' });
    await expect.poll(() => sent.length).toBe(1);
    expect(sent[0]?.url).toBe(VIEW_ENDPOINT);
    expect(sent[0]?.init.keepalive).toBe(true);
    expect(JSON.parse(String(sent[0]?.init.body))).toEqual({
      ...view,
      contentIdKey: '@sfid',
      contentIdValue: 'g1',
      searchHub: 'LL_GlobalSearch',
    });
    expect(sent[0]?.init.headers).toMatchObject({ authorization: 'Bearer t1' });
  });
});
