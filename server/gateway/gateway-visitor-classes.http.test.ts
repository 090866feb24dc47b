import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteMethodPath } from '~core/gateway';
import { describeEachDialect } from '~tests/support/dialects.ts';
import type { SignedInSession } from '~tests/support/sessions.ts';
import { findArticle } from '~server/modules/content';
import { searchTokenKey, verifySearchToken } from '~server/modules/search-token';
import { config, openGateway, type Gateway } from './gateway.fixture.ts';

/* The server classes any visitor's pages call: audience, user data, search and tracking. */

describeEachDialect('platform gateway', (database) => {
  let app: FastifyInstance;
  let call: Gateway['call'];
  let customer: SignedInSession;
  let partner: SignedInSession;
  let principal: SignedInSession;
  let member: SignedInSession;
  let admin: SignedInSession;

  beforeAll(async () => {
    ({ app, call, customer, partner, principal, member, admin } = await openGateway(database()));
  });
  afterAll(async () => {
    await app.close();
  });

  describe('getAudience', () => {
    it('says isPartner only for partners', async () => {
      const answers = await Promise.all(
        [null, customer, admin, partner, member].map(async (who) =>
          (await call('getAudience', {}, who)).json(),
        ),
      );
      expect(answers).toEqual([
        { isPartner: false },
        { isPartner: false },
        { isPartner: false },
        { isPartner: true },
        { isPartner: true },
      ]);
    });
  });

  describe('getUserData', () => {
    it('answers the user fields with the flags as strings', async () => {
      const response = await call('getUserData', {}, partner);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        UserId: partner.user.id,
        IsPrimaryContact: 'true',
        IsPrincipalContact: 'false',
        IsPartner: 'true',
        Market: 'AU',
        PartnerProductInterestClient: null,
        PartnerProductInterestPractice: null,
      });
    });

    it('answers customers and admins too', async () => {
      expect((await call('getUserData', {}, customer)).json()).toMatchObject({
        UserId: customer.user.id,
        IsPartner: 'false',
        IsPrimaryContact: 'false',
        Market: 'AU',
      });
      expect((await call('getUserData', {}, principal)).json()).toMatchObject({
        IsPrincipalContact: 'true',
        PartnerProductInterestClient: 'Payroll;Inventory',
        PartnerProductInterestPractice: 'Advisory',
      });
      expect((await call('getUserData', {}, admin)).statusCode).toBe(200);
    });

    it('denies guests, naming the class', async () => {
      const response = await call('getUserData', {}, null);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        message: "You do not have access to the Apex class named 'LL_UserDataUtility'.",
        errorCode: 'INSUFFICIENT_ACCESS',
      });
    });
  });

  describe('getCurrentUserContext', () => {
    it('describes guests, customers and partners', async () => {
      expect((await call('getCurrentUserContext', {}, null)).json()).toEqual({
        isGuest: true,
        userId: null,
        isPartner: false,
        market: null,
        audiences: [],
      });
      expect((await call('getCurrentUserContext', {}, customer)).json()).toEqual({
        isGuest: false,
        userId: customer.user.id,
        isPartner: false,
        market: 'AU',
        audiences: ['small-business'],
      });
      expect((await call('getCurrentUserContext', {}, principal)).json()).toEqual({
        isGuest: false,
        userId: principal.user.id,
        isPartner: true,
        market: 'UK',
        audiences: ['accountants-and-bookkeepers'],
      });
    });
  });

  describe('getHeadlessConfiguration', () => {
    it('answers a JSON string with a token bound to the hub and the user', async () => {
      const response = await call(
        'getHeadlessConfiguration',
        { searchHub: 'LL_GlobalSearch' },
        customer,
      );
      expect(response.statusCode).toBe(200);
      const text: unknown = response.json();
      expect(typeof text).toBe('string');
      const configuration = JSON.parse(text as string);
      expect(configuration).toMatchObject({
        organizationId: 'll-localhost-3000',
        searchHub: 'LL_GlobalSearch',
        pipeline: 'Ledgerleaf - Global Search Pipeline',
        engineId: 'LL-global-search',
      });
      const key = searchTokenKey(config.sessionSecret);
      const issuedTo = { visitorKey: customer.sessionId };
      const check = verifySearchToken(key, configuration.accessToken, {
        searchHub: 'LL_GlobalSearch',
        ...issuedTo,
      });
      expect(check).toMatchObject({ ok: true, claims: { userId: customer.user.id } });
      expect(
        verifySearchToken(key, configuration.accessToken, {
          searchHub: 'LL_LearningSearch',
          ...issuedTo,
        }),
      ).toEqual({ ok: false, reason: 'wrong-hub' });
      // Bound to the customer's session: anyone else holding it is refused.
      expect(
        verifySearchToken(key, configuration.accessToken, {
          searchHub: 'LL_GlobalSearch',
          visitorKey: null,
        }),
      ).toEqual({ ok: false, reason: 'wrong-visitor' });
    });

    it('serves guests, and the learning and recommendations hubs', async () => {
      const answer = await call(
        'getHeadlessConfiguration',
        { searchHub: 'LL_LearningSearch' },
        null,
      );
      const learning = JSON.parse(answer.json());
      expect(learning).toMatchObject({
        pipeline: 'Ledgerleaf - Learning Search Pipeline',
        engineId: 'LL-learning-search',
      });
      // The guest is given an anonymous id here, with its cookie, and the token is bound to it.
      const cookie = ([] as string[])
        .concat(answer.headers['set-cookie'] ?? [])
        .find((value) => value.startsWith(`${config.prefix}_csrf=`));
      const anonymousId = cookie?.split(';', 1)[0]?.split('=')[1] ?? '';
      expect(anonymousId).not.toBe('');
      const key = searchTokenKey(config.sessionSecret);
      const hub = 'LL_LearningSearch';
      expect(
        verifySearchToken(key, learning.accessToken, { searchHub: hub, visitorKey: anonymousId }),
      ).toMatchObject({ ok: true, claims: { userId: null } });
      expect(
        verifySearchToken(key, learning.accessToken, { searchHub: hub, visitorKey: null }).ok,
      ).toBe(false);
      const recommendations = JSON.parse(
        (await call('getHeadlessConfiguration', { searchHub: 'recommendations' }, null)).json(),
      );
      expect(recommendations).toMatchObject({ pipeline: 'Recommendations' });
    });

    it('refuses an unknown hub or none, naming the field', async () => {
      const unknown = await call(
        'getHeadlessConfiguration',
        { searchHub: 'XC_GlobalSearch' },
        null,
      );
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toEqual({
        message:
          "Invalid methodParams for getHeadlessConfiguration: searchHub must be one of LL_GlobalSearch, LL_LearningSearch, recommendations, not 'XC_GlobalSearch'.",
        errorCode: 'INVALID_PARAMS',
      });
      const missing = await app.inject({
        method: 'GET',
        url: remoteMethodPath(config.prefix, 'getHeadlessConfiguration'),
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe(
        'Invalid methodParams for getHeadlessConfiguration: searchHub must be text.',
      );
    });
  });

  describe('getTeamValue', () => {
    it("answers the article's team to anyone", async () => {
      const article = await findArticle(database().db, 'connect-a-bank-feed');
      if (!article) throw new Error('the fixture article is missing');
      for (const who of [null, customer]) {
        const response = await call('getTeamValue', { recordId: article.id }, who);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toBe('Banking');
      }
    });

    it("answers '' for a record with no team", async () => {
      const response = await call('getTeamValue', { recordId: 'ka0000000000000001' }, null);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toBe('');
    });

    it('refuses a record id of the wrong shape', async () => {
      const response = await call('getTeamValue', { recordId: 'not-an-id' }, null);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: 'Invalid methodParams for getTeamValue: recordId must be letters and digits only.',
        errorCode: 'INVALID_PARAMS',
      });
    });
  });
});
