import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTINUATION_HEADER,
  remoteMethodPath,
  remoteMethodRequest,
  type RemoteMethod,
  type RemoteMethodParams,
} from '~core/gateway';
import { PARTNER_SUGGESTED_STEPS_STRATEGY, type RecommendationRecord } from '~core/partner';
import { testConfig } from '~tests/support/config.ts';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { signInAs, type SignedInSession } from '~tests/support/sessions.ts';
import { buildPortalServer } from '../app.ts';
import { findArticle, importContent } from '~server/modules/content';
import { BASIC_FIXTURE, FIXTURE_SETTINGS } from '~server/modules/content/content.fixture.ts';
import { builtInIssuer } from '~server/modules/identity';
import { seedDemoPartnerProgramme } from '~server/modules/partners';
import { searchTokenKey, verifySearchToken } from '~server/modules/search-token';
import { GATEWAY_POST_LIMIT } from './gateway.routes.ts';

const config = testConfig();
const PARTNER_DENIAL = "You do not have access to the Apex class named 'LL_PartnerController'.";
const TASK_DENIAL = "You do not have access to the Apex class named 'LL_CustomerTaskController'.";
const STRATEGY = { strategyName: PARTNER_SUGGESTED_STEPS_STRATEGY };

type Who = SignedInSession | null;

describeEachDialect('platform gateway', (database) => {
  let app: FastifyInstance;
  let customer: SignedInSession;
  let partner: SignedInSession;
  let principal: SignedInSession;
  let member: SignedInSession;
  let updating: SignedInSession;
  let admin: SignedInSession;

  beforeAll(async () => {
    app = await buildPortalServer({ config, database: database() });
    const db = database();
    customer = await signInAs(db, 'demo-customer', config);
    partner = await signInAs(db, 'demo-partner-primary', config);
    principal = await signInAs(db, 'demo-partner-principal', config);
    member = await signInAs(db, 'demo-partner-member', config);
    updating = await signInAs(db, 'demo-partner-update-account', config);
    admin = await signInAs(db, 'demo-admin', config);
    await seedDemoPartnerProgramme(db.db, builtInIssuer(config.siteUrl));
    const report = await importContent(db.db, BASIC_FIXTURE, FIXTURE_SETTINGS);
    expect(report.issues).toEqual([]);
  });
  afterAll(async () => {
    await app.close();
  });

  function call<M extends RemoteMethod>(
    method: M,
    params: RemoteMethodParams<M>,
    who: Who,
    extra: Partial<InjectOptions> = {},
  ) {
    const request = remoteMethodRequest(config.prefix, method, params);
    const headers: Record<string, string> = {};
    if (who) headers.cookie = who.cookie;
    if (request.method === 'POST') {
      headers['content-type'] = 'application/json';
      if (who) headers['x-csrf-token'] = who.csrfToken;
    }
    return app.inject({
      method: request.method,
      url: request.url,
      payload: request.body,
      ...extra,
      headers: { ...headers, ...(extra.headers as Record<string, string> | undefined) },
    });
  }

  async function steps(who: SignedInSession): Promise<RecommendationRecord[]> {
    const response = await call('executeNBAFlowCurrentUser', STRATEGY, who);
    expect(response.statusCode).toBe(200);
    return response.json();
  }

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
      const check = verifySearchToken(key, configuration.accessToken, 'LL_GlobalSearch');
      expect(check).toMatchObject({ ok: true, claims: { userId: customer.user.id } });
      expect(verifySearchToken(key, configuration.accessToken, 'LL_LearningSearch')).toEqual({
        ok: false,
        reason: 'wrong-hub',
      });
    });

    it('serves guests, and the learning and recommendations hubs', async () => {
      const learning = JSON.parse(
        (await call('getHeadlessConfiguration', { searchHub: 'LL_LearningSearch' }, null)).json(),
      );
      expect(learning).toMatchObject({
        pipeline: 'Ledgerleaf - Learning Search Pipeline',
        engineId: 'LL-learning-search',
      });
      const key = searchTokenKey(config.sessionSecret);
      expect(verifySearchToken(key, learning.accessToken, 'LL_LearningSearch')).toMatchObject({
        ok: true,
        claims: { userId: null },
      });
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

  describe('partner controller', () => {
    it.each([
      ['a guest', () => null],
      ['a customer', () => customer],
      ['an admin', () => admin],
    ])('denies %s with the exact message', async (_who, who) => {
      for (const method of ['getOnboardingCTADetail', 'getUpdateAccountFlowDetails'] as const) {
        const response = await call(method, {}, who());
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({
          message: PARTNER_DENIAL,
          errorCode: 'INSUFFICIENT_ACCESS',
        });
      }
    });

    it('answers the onboarding call to action with the contact person', async () => {
      const response = await call('getOnboardingCTADetail', {}, partner);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        showCTA: true,
        currentStep: 2,
        totalSteps: 5,
        currentStepName: 'Set up your practice profile',
        imageName: 'user_avatar',
        link: '/0/partners/suggestions',
        contactUsDetail: {
          name: 'Jordan Ellis',
          title: 'Partner Success Manager',
          avatarURL: null,
        },
      });
      expect((await call('getOnboardingCTADetail', {}, principal)).json()).toMatchObject({
        showCTA: false,
      });
    });

    it('answers the update-account flow screen, null before the flow starts', async () => {
      expect((await call('getUpdateAccountFlowDetails', {}, updating)).json()).toEqual({
        flowScreen: 'Screen 2',
      });
      expect((await call('getUpdateAccountFlowDetails', {}, principal)).json()).toEqual({
        flowScreen: 'Screen 4',
      });
      expect((await call('getUpdateAccountFlowDetails', {}, partner)).json()).toEqual({
        flowScreen: null,
      });
    });
  });

  describe('customer task controller', () => {
    it.each([
      ['a customer', () => customer],
      ['an admin', () => admin],
    ])('denies %s, naming the customer task controller', async (_who, who) => {
      const read = await call('celebratePartnerTier', {}, who());
      expect(read.statusCode).toBe(403);
      expect(read.json().message).toBe(TASK_DENIAL);
      const list = await call('executeNBAFlowCurrentUser', STRATEGY, who());
      expect(list.statusCode).toBe(403);
      expect(list.json().message).toBe(TASK_DENIAL);
    });

    it('denies guests, even with a valid CSRF token', async () => {
      const page = await app.inject({ method: 'GET', url: '/0/' });
      const setCookie = ([] as string[]).concat(page.headers['set-cookie'] ?? []);
      const cookie = setCookie
        .find((value) => value.startsWith(`${config.prefix}_csrf=`))
        ?.split(';', 1)[0];
      const token = /<meta name="csrf-token" content="([^"]+)"/.exec(page.body)?.[1];
      if (!cookie || !token) throw new Error('the page handed out no CSRF token');
      const response = await app.inject({
        method: 'POST',
        url: remoteMethodPath(config.prefix, 'executeNBAFlowCurrentUser'),
        headers: { cookie, 'x-csrf-token': token, 'content-type': 'application/json' },
        payload: JSON.stringify(STRATEGY),
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: TASK_DENIAL, errorCode: 'INSUFFICIENT_ACCESS' });
    });

    it('denies guests reading the tier', async () => {
      const response = await call('celebratePartnerTier', {}, null);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(TASK_DENIAL);
    });

    it('lists the partner’s suggested steps as recommendation records', async () => {
      const records = await steps(partner);
      expect(records).toHaveLength(7);
      expect(records.filter((record) => record.Complete__c)).toHaveLength(1);
      expect(records.filter((record) => record.Dismissed__c)).toHaveLength(1);
      expect(Object.keys(records[0] ?? {}).sort()).toEqual(
        [
          'Complete__c',
          'Description',
          'Dismissed__c',
          'Due_Date__c',
          'Id',
          'Mandatory__c',
          'Name',
          'Points__c',
          'Redirect_URL__c',
        ].sort(),
      );
      expect(
        (await call('executeNBAFlowCurrentUser', { strategyName: 'Unknown' }, partner)).json(),
      ).toEqual([]);
    });

    it('dismisses a step, restores it, and lists each change straight away', async () => {
      const step = (await steps(partner)).find((record) => record.Name === 'Invite your team');
      if (!step) throw new Error('the demo step is missing');

      const dismissed = await call(
        'recordReactionCurrentUser',
        { ...STRATEGY, rec: step, isAccept: false },
        partner,
      );
      expect(dismissed.statusCode).toBe(200);
      expect(dismissed.json()).toMatchObject({ Id: step.Id, Dismissed__c: true });
      const again = await call(
        'recordReactionCurrentUser',
        { ...STRATEGY, rec: step, isAccept: false },
        partner,
      );
      expect(again.json()).toMatchObject({ Dismissed__c: true });
      expect((await steps(partner)).find((record) => record.Id === step.Id)?.Dismissed__c).toBe(
        true,
      );

      const restored = await call(
        'removeReactionCurrentUser',
        { recommendationId: step.Id },
        partner,
      );
      expect(restored.statusCode).toBe(200);
      expect(restored.json()).toMatchObject({ Id: step.Id, Dismissed__c: false });
      expect((await steps(partner)).find((record) => record.Id === step.Id)?.Dismissed__c).toBe(
        false,
      );
    });

    it('records following a step', async () => {
      const step = (await steps(partner)).find(
        (record) => record.Mandatory__c && !record.Complete__c,
      );
      if (!step) throw new Error('the demo step is missing');
      const followed = await call(
        'recordReactionCurrentUser',
        { ...STRATEGY, rec: step, isAccept: true },
        partner,
      );
      expect(followed.statusCode).toBe(200);
      expect(followed.json()).toMatchObject({ Id: step.Id, Dismissed__c: false });
    });

    it('refuses to dismiss a mandatory step', async () => {
      const step = (await steps(partner)).find(
        (record) => record.Mandatory__c && !record.Complete__c,
      );
      if (!step) throw new Error('the demo step is missing');
      const response = await call(
        'recordReactionCurrentUser',
        { ...STRATEGY, rec: step, isAccept: false },
        partner,
      );
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        message: 'A mandatory step cannot be dismissed.',
        errorCode: 'CONFLICT',
      });
    });

    it('reacts only to the caller’s own steps', async () => {
      const theirs = (await steps(partner)).find((record) => !record.Mandatory__c);
      if (!theirs) throw new Error('the demo step is missing');
      const react = await call(
        'recordReactionCurrentUser',
        { ...STRATEGY, rec: theirs, isAccept: false },
        member,
      );
      expect(react.statusCode).toBe(404);
      expect(react.json()).toEqual({
        message: `There is no suggested step with id '${theirs.Id}'.`,
        errorCode: 'NOT_FOUND',
      });
      const remove = await call(
        'removeReactionCurrentUser',
        { recommendationId: theirs.Id },
        member,
      );
      expect(remove.statusCode).toBe(404);
      const after = (await steps(partner)).find((record) => record.Id === theirs.Id);
      expect(after?.Dismissed__c).toBe(theirs.Dismissed__c);
    });

    it('refuses reactions with invalid params, naming the field', async () => {
      const response = await call(
        'recordReactionCurrentUser',
        // @ts-expect-error isAccept is missing on purpose
        { ...STRATEGY, rec: { Id: '0RD000000000000001' } },
        partner,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message:
          'Invalid methodParams for recordReactionCurrentUser: isAccept must be true or false.',
        errorCode: 'INVALID_PARAMS',
      });
    });

    it('celebrates the tier until it is acknowledged', async () => {
      const before = await call('celebratePartnerTier', {}, partner);
      expect(before.statusCode).toBe(200);
      expect(before.headers['cache-control']).toBe('private, max-age=300');
      expect(before.json()).toMatchObject({
        partnerTierAcknowledged: false,
        partnerTier: 'silver',
        partnerPointsBalance: 1250,
        partnerTierPointsThreshold: 1000,
        partnerPointsRequired: 750,
      });

      const ended = await call('endCelebratePartnerTier', {}, partner);
      expect(ended.statusCode).toBe(200);
      expect(ended.json()).toMatchObject({ partnerTierAcknowledged: true });
      expect((await call('celebratePartnerTier', {}, partner)).json()).toMatchObject({
        partnerTierAcknowledged: true,
        partnerTier: 'silver',
      });
    });

    it('gives each demo partner their tier', async () => {
      const tiers = await Promise.all(
        [principal, member, updating].map(
          async (who) => (await call('celebratePartnerTier', {}, who)).json().partnerTier,
        ),
      );
      expect(tiers).toEqual(['gold', 'starter', 'bronze']);
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
