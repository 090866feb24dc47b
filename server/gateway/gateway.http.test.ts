import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTINUATION_HEADER, remoteMethodPath } from '~core/gateway';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { signInAs, type SignedInSession } from '~tests/support/sessions.ts';
import { config, openGateway, STRATEGY, type Gateway } from './gateway.fixture.ts';
import { GATEWAY_POST_LIMIT } from './gateway.routes.ts';

describeEachDialect('platform gateway', (database) => {
  let app: FastifyInstance;
  let call: Gateway['call'];
  let customer: SignedInSession;
  let partner: SignedInSession;
  let member: SignedInSession;

  beforeAll(async () => {
    ({ app, call, customer, partner, member } = await openGateway(database()));
  });
  afterAll(async () => {
    await app.close();
  });

  describe('cacheable answers', () => {
    it('are private to the user for 300 seconds and vary by cookie, never public', async () => {
      for (const who of [null, customer, partner]) {
        const response = await call('getAudience', {}, who);
        expect(response.statusCode).toBe(200);
        expect(response.headers['cache-control']).toBe('private, max-age=300');
        expect(String(response.headers.vary)).toMatch(/\bCookie\b/i);
        expect(response.headers['content-type']).toContain('application/json');
      }
    });

    it('are not cached when they fail', async () => {
      const response = await call('getOnboardingCTADetail', {}, customer);
      expect(response.statusCode).toBe(403);
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it('leave data-changing answers uncached', async () => {
      const response = await call('executeNBAFlowCurrentUser', STRATEGY, partner);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
    });
  });

  describe('dispatch', () => {
    it('answers 404 naming an unknown class', async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/lwr/apex/v65.0/LL_Nope/getAudience',
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        message: "There is no server class named 'LL_Nope'.",
        errorCode: 'NOT_FOUND',
      });
    });

    it('answers its JSON 404 for an unknown class name of any length', async () => {
      const className = `LL_${'A'.repeat(500)}`;
      const response = await app.inject({
        method: 'GET',
        url: `/lwr/apex/v65.0/${className}/getAudience`,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        message: `There is no server class named '${className}'.`,
        errorCode: 'NOT_FOUND',
      });
    });

    it.each([
      ['another API version', 'GET', '/lwr/apex/v64.0/LL_AudienceProvider/getAudience'],
      ['no method', 'GET', '/lwr/apex/v65.0/LL_AudienceProvider'],
      ['an extra segment', 'GET', '/lwr/apex/v65.0/LL_AudienceProvider/getAudience/more'],
      ['a class name that is not a name', 'GET', '/lwr/apex/v65.0/LL%20Audience/getAudience'],
      ['a method name that is not a name', 'GET', '/lwr/apex/v65.0/LL_Tracking/get-team'],
      ['nothing after the root', 'GET', '/lwr/apex/'],
    ])('answers 400 INVALID_CONFIG for %s', async (_label, method, url) => {
      const response = await app.inject({ method: method as 'GET' | 'POST', url });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({
        message: expect.stringMatching(/^The adapter configuration is not valid: /),
        errorCode: 'INVALID_CONFIG',
      });
    });

    it('answers 404 for a class of another prefix', async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/lwr/apex/v65.0/XC_AudienceProvider/getAudience',
      });
      expect(response.statusCode).toBe(404);
    });

    it('answers 404 naming an unknown method, or one of another class', async () => {
      const unknown = await app.inject({ method: 'GET', url: '/lwr/apex/v65.0/LL_Tracking/nope' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(
        "The server class 'LL_Tracking' has no method named 'nope'.",
      );
      const elsewhere = await app.inject({
        method: 'GET',
        url: '/lwr/apex/v65.0/LL_Tracking/getAudience',
      });
      expect(elsewhere.statusCode).toBe(404);
      const inherited = await app.inject({
        method: 'GET',
        url: '/lwr/apex/v65.0/LL_Tracking/toString',
      });
      expect(inherited.statusCode).toBe(404);
    });

    it('answers 405 to a POST of a cacheable method', async () => {
      const response = await app.inject({
        method: 'POST',
        url: remoteMethodPath(config.prefix, 'getAudience'),
        headers: {
          cookie: partner.cookie,
          'x-csrf-token': partner.csrfToken,
          'content-type': 'application/json',
        },
        payload: '{}',
      });
      expect(response.statusCode).toBe(405);
      expect(response.headers.allow).toBe('GET, HEAD');
      expect(response.json()).toEqual({
        message:
          'getAudience is cacheable: call it with GET, its params as JSON in the methodParams query.',
        errorCode: 'METHOD_NOT_ALLOWED',
      });
    });

    it('answers 405 to a GET of a data-changing method', async () => {
      const response = await app.inject({
        method: 'GET',
        url: remoteMethodPath(config.prefix, 'endCelebratePartnerTier'),
        headers: { cookie: partner.cookie },
      });
      expect(response.statusCode).toBe(405);
      expect(response.headers.allow).toBe('POST');
      expect(response.json().message).toBe(
        'endCelebratePartnerTier is not cacheable: call it with POST, its params as the JSON body.',
      );
    });

    it('answers 405 to other verbs', async () => {
      const response = await app.inject({
        method: 'DELETE',
        url: remoteMethodPath(config.prefix, 'removeReactionCurrentUser'),
        headers: { cookie: partner.cookie, 'x-csrf-token': partner.csrfToken },
      });
      expect(response.statusCode).toBe(405);
      expect(response.json().errorCode).toBe('METHOD_NOT_ALLOWED');
    });

    it('refuses methodParams that are not a JSON object', async () => {
      const path = remoteMethodPath(config.prefix, 'getTeamValue');
      for (const methodParams of ['{oops', '[1,2]', '"text"']) {
        const response = await app.inject({
          method: 'GET',
          url: `${path}?methodParams=${encodeURIComponent(methodParams)}`,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().errorCode).toBe('INVALID_PARAMS');
      }
    });

    it('refuses a POST body that is not a JSON object, or not JSON', async () => {
      const headers = {
        cookie: partner.cookie,
        'x-csrf-token': partner.csrfToken,
        'content-type': 'application/json',
      };
      const url = remoteMethodPath(config.prefix, 'executeNBAFlowCurrentUser');
      const array = await app.inject({ method: 'POST', url, headers, payload: '[]' });
      expect(array.statusCode).toBe(400);
      expect(array.json().message).toBe(
        'Invalid methodParams for executeNBAFlowCurrentUser: the body must be a JSON object.',
      );
      const broken = await app.inject({ method: 'POST', url, headers, payload: '{"strategy' });
      expect(broken.statusCode).toBe(400);
      expect(broken.json()).toHaveProperty('message');
    });

    it('accepts a GET with a JSON content type and no body, as browsers send it', async () => {
      const response = await call('getAudience', {}, partner, {
        headers: { 'content-type': 'application/json; charset=utf-8' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ isPartner: true });
    });

    it('accepts the platform continuation header', async () => {
      const response = await call('getAudience', {}, partner, {
        headers: { [CONTINUATION_HEADER]: 'true' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ isPartner: true });
    });
  });

  describe('protection of data-changing calls', () => {
    it('refuses a POST without the CSRF token', async () => {
      const response = await app.inject({
        method: 'POST',
        url: remoteMethodPath(config.prefix, 'endCelebratePartnerTier'),
        headers: { cookie: partner.cookie, 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().errorCode).toBe('CSRF_REJECTED');
    });

    it('refuses a POST with another session’s CSRF token', async () => {
      const response = await app.inject({
        method: 'POST',
        url: remoteMethodPath(config.prefix, 'executeNBAFlowCurrentUser'),
        headers: {
          cookie: partner.cookie,
          'x-csrf-token': member.csrfToken,
          'content-type': 'application/json',
        },
        payload: JSON.stringify(STRATEGY),
      });
      expect(response.statusCode).toBe(403);
    });

    it(`limits POSTs to ${GATEWAY_POST_LIMIT.max} a minute per session`, async () => {
      const busy = await signInAs(database(), { subject: 'busy-partner', isPartner: true }, config);
      for (let index = 0; index < GATEWAY_POST_LIMIT.max; index += 1) {
        const response = await call('executeNBAFlowCurrentUser', STRATEGY, busy);
        expect(response.statusCode).toBe(200);
      }
      const limited = await call('executeNBAFlowCurrentUser', STRATEGY, busy);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().errorCode).toBe('RATE_LIMITED');
      expect((await call('executeNBAFlowCurrentUser', STRATEGY, member)).statusCode).toBe(200);
    });
  });
});
