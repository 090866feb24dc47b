import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { remoteMethodPath } from '~core/gateway';
import { describeEachDialect } from '~tests/support/dialects.ts';
import type { SignedInSession } from '~tests/support/sessions.ts';
import {
  config,
  openGateway,
  PARTNER_DENIAL,
  STRATEGY,
  TASK_DENIAL,
  type Gateway,
} from './gateway.fixture.ts';

/* The partner programme's server classes: the partner and customer task controllers. */

describeEachDialect('platform gateway', (database) => {
  let app: FastifyInstance;
  let call: Gateway['call'];
  let steps: Gateway['steps'];
  let customer: SignedInSession;
  let partner: SignedInSession;
  let principal: SignedInSession;
  let member: SignedInSession;
  let updating: SignedInSession;
  let admin: SignedInSession;

  beforeAll(async () => {
    ({ app, call, steps, customer, partner, principal, member, updating, admin } =
      await openGateway(database()));
  });
  afterAll(async () => {
    await app.close();
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

    it('denies guests, even when their browser vouches for the request', async () => {
      const response = await app.inject({
        method: 'POST',
        url: remoteMethodPath(config.prefix, 'executeNBAFlowCurrentUser'),
        headers: { 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
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
      expect(records.filter((record) => record.Complete__c)).toHaveLength(2);
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
      const step = (await steps(partner)).find((record) => record.Name === 'Take on a challenge');
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
});
