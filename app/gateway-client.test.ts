import { afterEach, describe, expect, it } from 'vitest';
import { CSRF_HEADER } from './csrf.ts';
import {
  clearGatewayCache,
  createGatewayClient,
  GatewayError,
  requestJson,
  visitorGateway,
} from './gateway-client.ts';

interface SentRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  credentials: RequestCredentials | undefined;
  cache: RequestCache | undefined;
}

/** A stand-in for the browser's fetch that records requests and answers from a list. */
function recordingFetch(answer: (request: SentRequest) => Response | Promise<Response>) {
  const sent: SentRequest[] = [];
  const fetchImpl: typeof fetch = async (input, init) => {
    const request: SentRequest = {
      url: String(input),
      method: init?.method ?? 'GET',
      headers: { ...(init?.headers as Record<string, string>) },
      body: init?.body as string | undefined,
      credentials: init?.credentials,
      cache: init?.cache,
    };
    sent.push(request);
    if (init?.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    return answer(request);
  };
  return { fetchImpl, sent };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

afterEach(() => clearGatewayCache());

describe('requestJson (spec 7: same-origin JSON requests)', () => {
  it('defaults to a same-origin GET with a JSON UTF-8 content type', async () => {
    const { fetchImpl, sent } = recordingFetch(() => json({ ok: true }));
    expect(await requestJson('/api/x', {}, fetchImpl)).toEqual({ ok: true });
    expect(sent[0]).toMatchObject({
      url: '/api/x',
      method: 'GET',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
    });
  });

  it('reads message and errorCode from an error answer', async () => {
    const { fetchImpl } = recordingFetch(() =>
      json({ message: 'No such method', errorCode: 'NOT_FOUND' }, 404),
    );
    const error = await requestJson('/x', {}, fetchImpl).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GatewayError);
    expect(error).toMatchObject({ message: 'No such method', errorCode: 'NOT_FOUND', status: 404 });
  });

  it('falls back to the status for an error answer that is not JSON', async () => {
    const { fetchImpl } = recordingFetch(
      () => new Response('<html>bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    );
    await expect(requestJson('/x', {}, fetchImpl)).rejects.toMatchObject({
      message: 'Bad Gateway',
      errorCode: 'HTTP_502',
      status: 502,
    });
  });

  it("reports an aborted request as 'Aborted' (spec 8)", async () => {
    const { fetchImpl } = recordingFetch(() => json({}));
    const controller = new AbortController();
    controller.abort();
    await expect(requestJson('/x', { signal: controller.signal }, fetchImpl)).rejects.toMatchObject(
      { message: 'Aborted', errorCode: 'ABORTED', status: 0 },
    );
  });

  it('reports a failed connection as a network error', async () => {
    const failing: typeof fetch = async () => {
      throw new TypeError('Failed to fetch');
    };
    await expect(requestJson('/x', {}, failing)).rejects.toMatchObject({
      message: 'Failed to fetch',
      errorCode: 'NETWORK',
    });
  });

  it('answers undefined for an empty body', async () => {
    const { fetchImpl } = recordingFetch(() => new Response(null, { status: 204 }));
    expect(await requestJson('/x', { method: 'POST' }, fetchImpl)).toBeUndefined();
  });
});

describe('the gateway client', () => {
  function client(
    answer: (request: SentRequest) => Response | Promise<Response>,
    overrides: { cacheScope?: string; now?: () => number } = {},
  ) {
    const recorder = recordingFetch(answer);
    const gateway = createGatewayClient({
      prefix: 'LL',
      csrfToken: 'csrf-123',
      cacheScope: overrides.cacheScope ?? 'visitor-a',
      fetch: recorder.fetchImpl,
      ...(overrides.now ? { now: overrides.now } : {}),
    });
    return { gateway, sent: recorder.sent };
  }

  it('calls a cacheable method by GET with methodParams in the query', async () => {
    const { gateway, sent } = client(() => json('{"accessToken":"t"}'));
    await gateway.call('getHeadlessConfiguration', { searchHub: 'LL_GlobalSearch' });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.method).toBe('GET');
    const url = new URL(sent[0]?.url ?? '', 'http://site');
    expect(url.pathname).toBe(
      '/lwr/apex/v65.0/LL_HeadlessSearchController/getHeadlessConfiguration',
    );
    expect(JSON.parse(url.searchParams.get('methodParams') ?? '')).toEqual({
      searchHub: 'LL_GlobalSearch',
    });
    expect(sent[0]?.body).toBeUndefined();
    expect(sent[0]?.headers[CSRF_HEADER]).toBeUndefined();
  });

  it('calls any other method by POST with the params as the JSON body and the CSRF header', async () => {
    const { gateway, sent } = client(() => json({ Id: 'x' }));
    await gateway.call('removeReactionCurrentUser', { recommendationId: 'a0X000000000000001' });
    expect(sent[0]).toMatchObject({
      method: 'POST',
      url: '/lwr/apex/v65.0/LL_CustomerTaskController/removeReactionCurrentUser',
      body: '{"recommendationId":"a0X000000000000001"}',
      headers: { [CSRF_HEADER]: 'csrf-123', 'Content-Type': 'application/json; charset=utf-8' },
    });
  });

  it('answers a cacheable call from memory for 300000 ms', async () => {
    let time = 1_000;
    let served = 0;
    const { gateway, sent } = client(() => json({ UserId: `user-${++served}` }), {
      now: () => time,
    });
    expect(await gateway.call('getUserData', {})).toEqual({ UserId: 'user-1' });
    time += 299_999;
    expect(await gateway.call('getUserData', {})).toEqual({ UserId: 'user-1' });
    expect(sent).toHaveLength(1);
    time += 1;
    expect(await gateway.call('getUserData', {})).toEqual({ UserId: 'user-2' });
    expect(sent).toHaveLength(2);
  });

  it('makes one request for two calls at the same time', async () => {
    const { gateway, sent } = client(() => json({ isPartner: true }));
    const [first, second] = await Promise.all([
      gateway.call('getAudience', {}),
      gateway.call('getAudience', {}),
    ]);
    expect(first).toEqual({ isPartner: true });
    expect(second).toEqual({ isPartner: true });
    expect(sent).toHaveLength(1);
  });

  it('asks again when told to refresh, and keeps the fresh answer', async () => {
    let served = 0;
    const { gateway, sent } = client(() => json({ partnerTier: `t${++served}` }));
    await gateway.call('celebratePartnerTier', {});
    expect(await gateway.call('celebratePartnerTier', {}, { refresh: true })).toEqual({
      partnerTier: 't2',
    });
    expect(await gateway.call('celebratePartnerTier', {})).toEqual({ partnerTier: 't2' });
    expect(sent).toHaveLength(2);
    // The browser's own copy of the cacheable answer must not stand in for the fresh one.
    expect(sent.map((request) => request.cache)).toEqual([undefined, 'reload']);
  });

  it('keeps answers apart per visitor and per params', async () => {
    let served = 0;
    const answer = () => json(`team-${++served}`);
    const first = client(answer, { cacheScope: 'visitor-a' });
    const second = client(answer, { cacheScope: 'visitor-b' });
    await first.gateway.call('getTeamValue', { recordId: 'ka0000000000000001' });
    await first.gateway.call('getTeamValue', { recordId: 'ka0000000000000002' });
    await second.gateway.call('getTeamValue', { recordId: 'ka0000000000000001' });
    expect(first.sent).toHaveLength(2);
    expect(second.sent).toHaveLength(1);
  });

  it('never caches a method that is not cacheable', async () => {
    const { gateway, sent } = client(() => json([]));
    await gateway.call('executeNBAFlowCurrentUser', { strategyName: 'Onboarding' });
    await gateway.call('executeNBAFlowCurrentUser', { strategyName: 'Onboarding' });
    expect(sent).toHaveLength(2);
  });

  it('does not keep a failure: the next call asks again', async () => {
    let fail = true;
    const { gateway, sent } = client(() =>
      fail ? json({ message: 'down', errorCode: 'INTERNAL' }, 500) : json({ UserId: 'u' }),
    );
    await expect(gateway.call('getUserData', {})).rejects.toMatchObject({ errorCode: 'INTERNAL' });
    fail = false;
    expect(await gateway.call('getUserData', {})).toEqual({ UserId: 'u' });
    expect(sent).toHaveLength(2);
  });

  it('passes the access denial through word for word', async () => {
    const denial = "You do not have access to the Apex class named 'LL_PartnerController'.";
    const { gateway } = client(() => json({ message: denial, errorCode: 'NO_ACCESS' }, 403));
    await expect(gateway.call('getOnboardingCTADetail', {})).rejects.toMatchObject({
      message: denial,
      status: 403,
    });
  });
});

describe('visitorGateway', () => {
  it('keeps answers per session, named by the CSRF token', async () => {
    let served = 0;
    const realFetch = globalThis.fetch;
    globalThis.fetch = async () => json({ UserId: `u${++served}` });
    try {
      const first = visitorGateway({ prefix: 'LL', csrfToken: 'session-1' });
      const again = visitorGateway({ prefix: 'LL', csrfToken: 'session-1' });
      const other = visitorGateway({ prefix: 'LL', csrfToken: 'session-2' });
      expect(await first.call('getUserData', {})).toEqual({ UserId: 'u1' });
      expect(await again.call('getUserData', {})).toEqual({ UserId: 'u1' });
      expect(await other.call('getUserData', {})).toEqual({ UserId: 'u2' });
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});
