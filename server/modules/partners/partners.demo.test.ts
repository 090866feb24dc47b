import { expect, it } from 'vitest';
import { PARTNER_SUGGESTED_STEPS_STRATEGY } from '~core/partner';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { findUserBySubject, seedDemoUsers } from '~server/modules/identity';
import { seedDemoPartnerProgramme } from './partners.demo.ts';
import {
  getOnboardingCtaDetail,
  getPartnerTierData,
  getUpdateAccountFlowDetails,
  listSuggestedSteps,
  removeReaction,
} from './partners.service.ts';

const ISSUER = 'http://localhost:3000/oidc';
const NOW = new Date('2026-03-10T12:00:00.000Z');

describeEachDialect('demo partner programme', (database) => {
  async function userId(subject: string): Promise<string> {
    const user = await findUserBySubject(database().db, ISSUER, subject);
    if (!user) throw new Error(`no demo user ${subject}`);
    return user.id;
  }

  it('skips demo partners that do not exist yet', async () => {
    const { db } = database();
    await seedDemoPartnerProgramme(db, ISSUER, NOW);
    expect(await db.selectFrom('partner_member').selectAll().execute()).toEqual([]);
  });

  it('gives the primary contact a silver tier, onboarding and a mixed checklist', async () => {
    const { db } = database();
    await seedDemoUsers(db, ISSUER, NOW);
    await seedDemoPartnerProgramme(db, ISSUER, NOW);
    const priya = await userId('demo-partner-primary');

    expect(await getPartnerTierData(db, priya)).toMatchObject({
      partnerTier: 'silver',
      partnerTierAcknowledged: false,
      partnerPointsBalance: 1250,
      partnerTierPointsThreshold: 1000,
      partnerPointsRequired: 750,
    });
    expect(await getOnboardingCtaDetail(db, priya)).toMatchObject({
      showCTA: true,
      currentStep: 2,
      totalSteps: 5,
      contactUsDetail: { name: 'Jordan Ellis' },
    });
    const steps = await listSuggestedSteps(db, priya, PARTNER_SUGGESTED_STEPS_STRATEGY);
    expect(steps.length).toBeGreaterThanOrEqual(5);
    expect(steps.filter((step) => step.Complete__c)).toHaveLength(2);
    expect(steps.filter((step) => step.Dismissed__c)).toHaveLength(1);
    expect(steps.some((step) => step.Mandatory__c)).toBe(true);
    expect(steps.some((step) => !step.Mandatory__c)).toBe(true);
    const today = NOW.toISOString().slice(0, 10);
    const dues = steps.map((step) => step.Due_Date__c);
    expect(dues.some((due) => due === null)).toBe(true);
    expect(dues.some((due) => due !== null && due < today)).toBe(true);
    expect(dues.some((due) => due !== null && due > today)).toBe(true);
  });

  it('gives the other demo partners their tier and flow, and nothing to non-partners', async () => {
    const { db } = database();
    const tierOf = async (subject: string) =>
      (await getPartnerTierData(db, await userId(subject))).partnerTier;
    expect(await tierOf('demo-partner-principal')).toBe('gold');
    expect(await tierOf('demo-partner-member')).toBe('starter');
    expect(await tierOf('demo-partner-update-account')).toBe('bronze');
    expect(await tierOf('demo-customer')).toBe('none');
    expect(await tierOf('demo-admin')).toBe('none');
    expect(
      await getUpdateAccountFlowDetails(db, await userId('demo-partner-update-account')),
    ).toEqual({ flowScreen: 'Screen 2' });
  });

  it('can run again without duplicating data or undoing the partner’s own changes', async () => {
    const { db } = database();
    const priya = await userId('demo-partner-primary');
    const before = await listSuggestedSteps(db, priya, PARTNER_SUGGESTED_STEPS_STRATEGY);
    const dismissed = before.find((step) => step.Dismissed__c);
    if (!dismissed) throw new Error('no dismissed demo step');
    await removeReaction(db, priya, dismissed.Id);

    await seedDemoPartnerProgramme(db, ISSUER, new Date('2026-04-01T00:00:00.000Z'));

    const after = await listSuggestedSteps(db, priya, PARTNER_SUGGESTED_STEPS_STRATEGY);
    expect(after.map((step) => step.Id)).toEqual(before.map((step) => step.Id));
    expect(after.find((step) => step.Id === dismissed.Id)?.Dismissed__c).toBe(false);
    expect(after.map((step) => step.Due_Date__c)).toEqual(before.map((step) => step.Due_Date__c));
    expect(await db.selectFrom('partner_member').selectAll().execute()).toHaveLength(4);
  });
});
