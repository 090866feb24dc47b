import { expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { newRecordId } from '~server/db/ids.ts';
import * as repository from './partners.repository.ts';
import {
  acknowledgePartnerTier,
  getOnboardingCtaDetail,
  getPartnerTierData,
  getUpdateAccountFlowDetails,
  listSuggestedSteps,
  recordReaction,
  removeReaction,
} from './partners.service.ts';
import type { NewPartnerSuggestedStepRow } from './partners.tables.ts';
import { joinProgramme, post, recordPartnerEvent, type PartnerEvent } from './engine.service.ts';
import { saveUpdateAccountScreen } from './flows.service.ts';
import type { Kysely } from 'kysely';
import type { Database } from '~server/db/schema.ts';
import type { PartnerEventKind } from '~core/partner';

const NOW = new Date('2026-03-10T12:00:00.000Z');
const STRATEGY = 'Partner_Suggested_Steps';

function userId(): string {
  return newRecordId('user');
}

function stepRow(
  owner: string,
  overrides: Partial<NewPartnerSuggestedStepRow> = {},
): NewPartnerSuggestedStepRow {
  return {
    id: newRecordId('suggestedStep'),
    user_id: owner,
    strategy_name: STRATEGY,
    name: 'Add your first client',
    description: 'Add a client',
    mandatory: 0,
    complete: 0,
    due_date: '2026-03-20',
    redirect_url: '/0/partners/account',
    points: 50,
    sort_order: 0,
    created_at: NOW.toISOString(),
    updated_at: NOW.toISOString(),
    ...overrides,
  };
}

function event(owner: string, kind: PartnerEventKind, key: string): PartnerEvent {
  return { userId: owner, kind, sourceEvent: `${owner}:${key}`, occurredAt: NOW };
}

/** An admin's credit: the plainest way to give a partner points. */
async function credit(db: Kysely<Database>, owner: string, points: number): Promise<void> {
  await db.transaction().execute((trx) =>
    post(trx, {
      userId: owner,
      kind: 'adjusted',
      points,
      reason: 'Test credit',
      sourceEvent: `${owner}:credit:${points}`,
      occurredAt: NOW,
    }),
  );
}

describeEachDialect('partner programme', (database) => {
  it('shows a partner who has not opened the programme its first onboarding step', async () => {
    expect(await getOnboardingCtaDetail(database().db, userId())).toEqual({
      showCTA: true,
      title: 'Next up: Welcome to the partner programme',
      body: 'Work through each onboarding step to unlock **partner pricing**, training and support.',
      link: '/0/partners/suggestions',
      currentStep: 1,
      totalSteps: 5,
      currentStepName: 'Welcome to the partner programme',
      imageName: 'person-plugging-in-robot',
      contactUsDetail: null,
    });
  });

  it('moves the onboarding on as the partner acts, with their contact person', async () => {
    const { db } = database();
    const owner = userId();
    await repository.saveContact(db, {
      user_id: owner,
      name: 'Jordan Ellis',
      title: 'Partner Success Manager',
      avatar_url: null,
    });
    await joinProgramme(db, owner, NOW);
    expect(await getOnboardingCtaDetail(db, owner)).toMatchObject({
      showCTA: true,
      title: 'Next up: Set up your practice profile',
      currentStep: 2,
      currentStepName: 'Set up your practice profile',
      imageName: 'user_avatar',
      contactUsDetail: { name: 'Jordan Ellis', title: 'Partner Success Manager', avatarURL: null },
    });
    // A later step done early does not move the partner past an earlier one.
    await recordPartnerEvent(db, event(owner, 'certification-passed', 'cert-1'));
    expect((await getOnboardingCtaDetail(db, owner)).currentStep).toBe(2);
    await recordPartnerEvent(db, event(owner, 'personalise-finished', 'personalise'));
    expect((await getOnboardingCtaDetail(db, owner)).currentStep).toBe(4);
    await saveUpdateAccountScreen(db, owner, 'Screen 4', NOW);
    await recordPartnerEvent(db, event(owner, 'client-subscription-added', 'client-1'));
    expect(await getOnboardingCtaDetail(db, owner)).toMatchObject({
      showCTA: false,
      title: 'You have finished your partner onboarding',
      currentStep: 5,
      currentStepName: 'Onboarding complete',
    });
  });

  it('answers a null flow screen until the update-account flow is started', async () => {
    const { db } = database();
    const owner = userId();
    expect(await getUpdateAccountFlowDetails(db, owner)).toEqual({ flowScreen: null });
    await saveUpdateAccountScreen(db, owner, 'Screen 2', NOW);
    expect(await getUpdateAccountFlowDetails(db, owner)).toEqual({ flowScreen: 'Screen 2' });
  });

  it('lists only the partner’s own steps of the strategy, in order, as recommendation records', async () => {
    const { db } = database();
    const owner = userId();
    const second = stepRow(owner, { name: 'B step', sort_order: 2, mandatory: 1, points: null });
    const first = stepRow(owner, { name: 'A step', sort_order: 1, due_date: null, complete: 1 });
    await repository.insertStepIfAbsent(db, second);
    await repository.insertStepIfAbsent(db, first);
    await repository.insertStepIfAbsent(db, stepRow(userId(), { name: 'Someone else’s' }));
    await repository.insertStepIfAbsent(db, stepRow(owner, { strategy_name: 'Other' }));

    expect(await listSuggestedSteps(db, owner, STRATEGY)).toEqual([
      {
        Id: first.id,
        Name: 'A step',
        Description: 'Add a client',
        Complete__c: true,
        Mandatory__c: false,
        Dismissed__c: false,
        Due_Date__c: null,
        Redirect_URL__c: '/0/partners/account',
        Points__c: 50,
      },
      {
        Id: second.id,
        Name: 'B step',
        Description: 'Add a client',
        Complete__c: false,
        Mandatory__c: true,
        Dismissed__c: false,
        Due_Date__c: '2026-03-20',
        Redirect_URL__c: '/0/partners/account',
        Points__c: null,
      },
    ]);
    expect(await listSuggestedSteps(db, owner, 'No_Such_Strategy')).toEqual([]);
  });

  it('keeps one step per title and strategy for a partner', async () => {
    const { db } = database();
    const owner = userId();
    expect(await repository.insertStepIfAbsent(db, stepRow(owner))).toBe(true);
    expect(await repository.insertStepIfAbsent(db, stepRow(owner))).toBe(false);
    expect(await listSuggestedSteps(db, owner, STRATEGY)).toHaveLength(1);
  });

  it('dismisses a step with a reject reaction and restores it by removing the reaction', async () => {
    const { db } = database();
    const owner = userId();
    const step = stepRow(owner);
    await repository.insertStepIfAbsent(db, step);

    const dismissed = await recordReaction(db, {
      userId: owner,
      strategyName: STRATEGY,
      stepId: step.id,
      isAccept: false,
      now: NOW,
    });
    expect(dismissed).toMatchObject({ ok: true, record: { Id: step.id, Dismissed__c: true } });
    expect((await listSuggestedSteps(db, owner, STRATEGY))[0]?.Dismissed__c).toBe(true);

    const restored = await removeReaction(db, owner, step.id);
    expect(restored).toMatchObject({ ok: true, record: { Dismissed__c: false } });
    expect((await listSuggestedSteps(db, owner, STRATEGY))[0]?.Dismissed__c).toBe(false);
  });

  it('makes repeated reactions and removals idempotent', async () => {
    const { db } = database();
    const owner = userId();
    const step = stepRow(owner);
    await repository.insertStepIfAbsent(db, step);
    const reject = { userId: owner, strategyName: STRATEGY, stepId: step.id, isAccept: false };
    await recordReaction(db, { ...reject, now: NOW });
    await recordReaction(db, { ...reject, now: new Date('2026-03-11T00:00:00.000Z') });
    const reactions = await db.selectFrom('partner_step_reaction').selectAll().execute();
    expect(reactions.filter((row) => row.step_id === step.id)).toEqual([
      { step_id: step.id, user_id: owner, reaction: 'reject', reacted_at: NOW.toISOString() },
    ]);

    await removeReaction(db, owner, step.id);
    expect(await removeReaction(db, owner, step.id)).toMatchObject({ ok: true });
  });

  it('records following a step as an accept reaction, which also brings a dismissed step back', async () => {
    const { db } = database();
    const owner = userId();
    const step = stepRow(owner);
    await repository.insertStepIfAbsent(db, step);
    const reaction = { userId: owner, strategyName: STRATEGY, stepId: step.id, now: NOW };
    await recordReaction(db, { ...reaction, isAccept: false });

    const followed = await recordReaction(db, { ...reaction, isAccept: true });
    expect(followed).toMatchObject({
      ok: true,
      record: { Dismissed__c: false, Complete__c: false },
    });
    const row = await db
      .selectFrom('partner_step_reaction')
      .select('reaction')
      .where('step_id', '=', step.id)
      .executeTakeFirst();
    expect(row?.reaction).toBe('accept');
  });

  it('refuses to dismiss mandatory or completed steps, and lets them be followed', async () => {
    const { db } = database();
    const owner = userId();
    const mandatory = stepRow(owner, { name: 'Mandatory', mandatory: 1 });
    const complete = stepRow(owner, { name: 'Complete', complete: 1 });
    await repository.insertStepIfAbsent(db, mandatory);
    await repository.insertStepIfAbsent(db, complete);
    const react = (stepId: string, isAccept: boolean) =>
      recordReaction(db, { userId: owner, strategyName: STRATEGY, stepId, isAccept, now: NOW });

    expect(await react(mandatory.id, false)).toEqual({ ok: false, reason: 'mandatory' });
    expect(await react(complete.id, false)).toEqual({ ok: false, reason: 'complete' });
    expect(await react(mandatory.id, true)).toMatchObject({ ok: true });
    expect(await react(complete.id, true)).toMatchObject({ ok: true });
  });

  it('finds no step of another partner, an unknown id or another strategy', async () => {
    const { db } = database();
    const owner = userId();
    const intruder = userId();
    const step = stepRow(owner);
    await repository.insertStepIfAbsent(db, step);
    const react = (who: string, stepId: string, strategyName = STRATEGY) =>
      recordReaction(db, { userId: who, strategyName, stepId, isAccept: false, now: NOW });

    expect(await react(intruder, step.id)).toEqual({ ok: false, reason: 'not-found' });
    expect(await react(owner, newRecordId('suggestedStep'))).toEqual({
      ok: false,
      reason: 'not-found',
    });
    expect(await react(owner, step.id, 'Other_Strategy')).toEqual({
      ok: false,
      reason: 'not-found',
    });
    await react(owner, step.id);
    expect(await removeReaction(db, intruder, step.id)).toEqual({ ok: false, reason: 'not-found' });
    expect((await listSuggestedSteps(db, owner, STRATEGY))[0]?.Dismissed__c).toBe(true);
  });

  it('puts a partner the programme does not know at tier none, with nothing to celebrate', async () => {
    expect(await getPartnerTierData(database().db, userId())).toEqual({
      partnerTierAcknowledged: true,
      partnerTier: 'none',
      partnerTierDetails: {
        tier: 'none',
        pointsThreshold: 0,
        nextTier: 'starter',
        nextTierPointsThreshold: 0,
      },
      partnerPointsBalance: 0,
      partnerPointsRequired: 0,
      partnerTierPointsThreshold: 0,
    });
  });

  it('measures the points from the tier threshold to the next tier', async () => {
    const { db } = database();
    const owner = userId();
    await credit(db, owner, 1250);
    expect(await getPartnerTierData(db, owner)).toEqual({
      partnerTierAcknowledged: false,
      partnerTier: 'silver',
      partnerTierDetails: {
        tier: 'silver',
        pointsThreshold: 1000,
        nextTier: 'gold',
        nextTierPointsThreshold: 2000,
      },
      partnerPointsBalance: 1250,
      partnerPointsRequired: 750,
      partnerTierPointsThreshold: 1000,
    });
  });

  it('requires no more points at the top tier', async () => {
    const { db } = database();
    const top = userId();
    await credit(db, top, 6000);
    expect(await getPartnerTierData(db, top)).toMatchObject({
      partnerTier: 'platinum',
      partnerPointsRequired: 0,
      partnerTierPointsThreshold: 5000,
      partnerTierDetails: { nextTier: null, nextTierPointsThreshold: null },
    });
  });

  it('ends the tier celebration once acknowledged', async () => {
    const { db } = database();
    const owner = userId();
    await credit(db, owner, 2100);
    expect((await getPartnerTierData(db, owner)).partnerTierAcknowledged).toBe(false);
    const acknowledged = await acknowledgePartnerTier(db, owner, NOW);
    expect(acknowledged.partnerTierAcknowledged).toBe(true);
    expect((await getPartnerTierData(db, owner)).partnerTierAcknowledged).toBe(true);
    expect((await acknowledgePartnerTier(db, owner, NOW)).partnerTierAcknowledged).toBe(true);
  });
});
