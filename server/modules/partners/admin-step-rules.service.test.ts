import { expect, it } from 'vitest';
import { PARTNER_SUGGESTED_STEPS_STRATEGY } from '~core/partner';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { newPartner } from './partners.test-support.ts';
import { addStepRule, onboardingForAdmin } from './admin-onboarding.service.ts';
import { configurationChanges } from './configuration-changes.service.ts';
import { recordPartnerEvent } from './engine.service.ts';
import { listSuggestedSteps } from './partners.service.ts';

/* Admins adding a rule to the suggested-steps strategy, and partners being offered its step. */

const NOW = new Date('2026-03-10T12:00:00.000Z');
const BY = { adminId: 'a-step-admin', at: NOW };
const FORM = {
  name: 'Join a payroll webinar',
  description: 'Book a webinar',
  mandatory: 'mandatory',
  dueDays: '30',
  redirectUrl: '/0/learning/webinars-events',
  points: '75',
  completedBy: 'certification-passed',
  fromTier: 'every',
};

describeEachDialect('adding suggested step rules', (database) => {
  const partner = (points = 0) => newPartner(database().db, { points, at: NOW });

  const steps = async (userId: string) =>
    listSuggestedSteps(database().db, userId, PARTNER_SUGGESTED_STEPS_STRATEGY);

  const event = (userId: string, kind: 'certification-passed' | 'resource-downloaded', at = NOW) =>
    recordPartnerEvent(database().db, {
      userId,
      kind,
      sourceEvent: `${kind}:${userId}:${at.toISOString()}`,
      subject: 'Something',
      occurredAt: at,
    });

  it('adds a rule last, once however often the form is sent, and records it once', async () => {
    const { db } = database();
    const before = (await onboardingForAdmin(db)).stepRules;
    expect(await Promise.all([addStepRule(db, FORM, BY), addStepRule(db, FORM, BY)])).toEqual([
      { ok: true },
      { ok: true },
    ]);
    const rules = (await onboardingForAdmin(db)).stepRules;
    expect(rules).toHaveLength(before.length + 1);
    expect(rules.at(-1)).toMatchObject({
      name: FORM.name,
      description: 'Book a webinar',
      mandatory: true,
      points: 75,
      dueDays: 30,
      redirectUrl: '/0/learning/webinars-events',
      completedBy: 'Certification passed',
      fromTier: null,
      position: Math.max(...before.map((rule) => rule.position)) + 1,
    });
    const recorded = (await configurationChanges(db, { kind: 'step-rule', page: 1 })).entries;
    expect(recorded.filter((entry) => entry.name === FORM.name)).toMatchObject([
      {
        summary:
          'Added: Link text Book a webinar; Mandatory yes; Due in days 30; Link /0/learning/webinars-events; Points 75; Done when Certification passed; Offered from every partner',
      },
    ]);
    // Another rule under the same title is refused there; nothing is added or recorded.
    expect(await addStepRule(db, { ...FORM, points: '80' }, BY)).toEqual({
      ok: false,
      field: 'name',
      message: 'Another suggested step has this title.',
    });
    expect(
      await addStepRule(db, { ...FORM, name: 'Other', redirectUrl: '//x.example' }, BY),
    ).toMatchObject({ ok: false, field: 'redirectUrl' });
    expect((await onboardingForAdmin(db)).stepRules).toHaveLength(before.length + 1);
    expect((await configurationChanges(db, { kind: 'step-rule', page: 1 })).total).toBe(1);
  });

  it('offers the new step at a partner’s next event as the record the admin made, and completes it', async () => {
    const { db } = database();
    const rule = {
      ...FORM,
      name: 'Download the year-end pack',
      completedBy: 'certification-passed',
    };
    const existing = await partner();
    await event(existing, 'resource-downloaded');
    expect((await steps(existing)).map((step) => step.Name)).not.toContain(rule.name);

    expect(await addStepRule(db, rule, BY)).toEqual({ ok: true });
    const later = new Date('2026-03-12T08:00:00.000Z');
    await event(existing, 'resource-downloaded', later);
    const offered = (await steps(existing)).find((step) => step.Name === rule.name);
    expect(offered).toMatchObject({
      Description: 'Book a webinar',
      Mandatory__c: true,
      Complete__c: false,
      Due_Date__c: '2026-04-11',
      Redirect_URL__c: '/0/learning/webinars-events',
      Points__c: 75,
    });

    await event(existing, 'certification-passed', later);
    expect((await steps(existing)).find((step) => step.Name === rule.name)).toMatchObject({
      Complete__c: true,
    });
  });

  it('offers a step from a tier only to partners at that tier or above', async () => {
    const { db } = database();
    const rule = { ...FORM, name: 'Mentor a new partner', fromTier: 'gold', dueDays: '' };
    expect(await addStepRule(db, rule, BY)).toEqual({ ok: true });
    const starter = await partner(10);
    const gold = await partner(100_000);
    for (const userId of [starter, gold]) await event(userId, 'resource-downloaded');
    expect((await steps(starter)).map((step) => step.Name)).not.toContain(rule.name);
    expect((await steps(gold)).find((step) => step.Name === rule.name)).toMatchObject({
      Due_Date__c: null,
    });
  });
});
