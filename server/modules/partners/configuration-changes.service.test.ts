import { expect, it } from 'vitest';
import type { ConfigurationSubject } from '~core/partner';
import { newRecordId } from '~server/db/ids.ts';
import { NO_USER_DATA, saveUser } from '~server/modules/identity';
import { describeEachDialect } from '~tests/support/dialects.ts';
import {
  addChallenge,
  challengesForAdmin,
  editChallenge,
  endChallengeEarly,
} from './admin-challenges.service.ts';
import {
  editStepRule,
  moveOnboardingStep,
  moveStepRule,
  onboardingForAdmin,
  renameOnboardingStep,
  retireOnboardingStep,
} from './admin-onboarding.service.ts';
import {
  addResource,
  editResource,
  resourcesForAdmin,
  retireResource,
} from './admin-resources.service.ts';
import { addReward, editReward, retireReward } from './admin-rewards.service.ts';
import { changeEarningRule, changeTierThreshold, programmeConfiguration } from './admin.service.ts';
import { configurationChanges, configurationChangesCsv } from './configuration-changes.service.ts';
import { tierThresholds } from './engine.service.ts';
import { joinChallenge } from './programme.service.ts';

/* The record of who changed the programme's configuration, kind by kind. */

const NOW = new Date('2026-03-10T12:00:00.000Z');

describeEachDialect('the record of partner programme configuration changes', (database) => {
  /** A new admin for each test, so each test reads only the entries it made. */
  async function newAdmin() {
    const email = `${newRecordId('user')}@example.com`.toLowerCase();
    const user = await saveUser(
      database().db,
      {
        issuer: 'test',
        subject: newRecordId('user'),
        email,
        firstName: 'Alex',
        lastName: 'Morgan',
      },
      { ...NO_USER_DATA, canViewSetup: true },
    );
    let seconds = 0;
    /** The admin at the next second: each change is newer than the one before. */
    const by = () => ({ adminId: user.id, at: new Date(NOW.getTime() + ++seconds * 1000) });
    /** The admin's entries of a kind, oldest first, as the page shows them. */
    const entries = async (kind: ConfigurationSubject) =>
      (await configurationChanges(database().db, { kind, page: 1 })).entries
        .filter((entry) => entry.adminEmail === email)
        .reverse()
        .map((entry) => ({ admin: entry.admin, name: entry.name, summary: entry.summary }));
    return { by, email, entries };
  }

  it('records a tier threshold and an earning rule, and nothing for a change to the same', async () => {
    const { db } = database();
    const { by, entries } = await newAdmin();
    const before = await tierThresholds(db);
    const raised = String(before.gold + 100);
    expect(await changeTierThreshold(db, { tier: 'gold', threshold: raised }, by())).toEqual({
      ok: true,
    });
    await changeTierThreshold(db, { tier: 'gold', threshold: raised }, by());
    // Refused: the thresholds would not rise.
    await changeTierThreshold(db, { tier: 'gold', threshold: '1' }, by());
    expect(await entries('tier')).toEqual([
      {
        admin: 'Alex Morgan',
        name: 'Gold',
        summary: `Threshold: ${before.gold.toLocaleString('en')} → ${(before.gold + 100).toLocaleString('en')}`,
      },
    ]);

    // Seeded at 50 points for 365 days.
    const rule = { eventKind: 'personalise-finished', points: '45', validDays: '90' };
    await changeEarningRule(db, rule, by());
    await changeEarningRule(db, rule, by());
    await changeEarningRule(db, { ...rule, points: '-1' }, by());
    await changeEarningRule(db, { ...rule, validDays: '' }, by());
    const [first, second, ...more] = await entries('earning-rule');
    expect(first).toEqual({
      admin: 'Alex Morgan',
      name: 'Personalised your partner experience',
      summary: 'Points: 50 → 45; Days valid: 365 → 90',
    });
    expect(second).toMatchObject({ summary: 'Days valid: 90 → for good' });
    expect(more).toEqual([]);
  });

  it('records rewards added, edited and retired, once each', async () => {
    const { db } = database();
    const { by, entries } = await newAdmin();
    const name = `Mug ${newRecordId('partnerReward')}`;
    const form = { name, description: 'A mug', pointsCost: '100', stock: '' };
    await Promise.all([addReward(db, form, by()), addReward(db, form, by())]);
    const reward = (await programmeConfiguration(db)).rewards.find((row) => row.name === name);
    if (!reward) throw new Error('the reward was not added');
    const edited = { ...form, pointsCost: '120', stock: '3' };
    // The same edit sent twice at once is one change.
    await Promise.all([
      editReward(db, reward.id, edited, by()),
      editReward(db, reward.id, edited, by()),
    ]);
    await editReward(db, reward.id, { ...edited, pointsCost: 'lots' }, by());
    await retireReward(db, reward.id, by());
    await retireReward(db, reward.id, by());
    expect(await entries('reward')).toEqual([
      {
        admin: 'Alex Morgan',
        name,
        summary: 'Added: Name ' + name + '; Description A mug; Points 100; Stock no limit',
      },
      { admin: 'Alex Morgan', name, summary: 'Points: 100 → 120; Stock: no limit → 3' },
      { admin: 'Alex Morgan', name, summary: 'Retired' },
    ]);
  });

  it('records onboarding steps relabelled, moved and retired, and suggested step rules', async () => {
    const { db } = database();
    const { by, entries } = await newAdmin();
    const [first, second] = (await onboardingForAdmin(db)).steps.filter((step) => !step.retired);
    if (!first || !second) throw new Error('the seeded steps are missing');
    await renameOnboardingStep(db, second.position, { name: 'Meet your manager' }, by());
    await renameOnboardingStep(db, second.position, { name: 'Meet your manager' }, by());
    await renameOnboardingStep(db, second.position, { name: ' ' }, by());
    const seen = { position: second.position, name: 'Meet your manager' };
    await moveOnboardingStep(db, seen, 'up', by());
    // Resent, it finds the step moved and moves (and records) nothing.
    await moveOnboardingStep(db, seen, 'up', by());
    // The first step is second now.
    await retireOnboardingStep(db, second.position, by());
    await retireOnboardingStep(db, second.position, by());
    expect(await entries('onboarding-step')).toEqual([
      {
        admin: 'Alex Morgan',
        name: 'Meet your manager',
        summary: `Label: ${second.name} → Meet your manager`,
      },
      { admin: 'Alex Morgan', name: 'Meet your manager', summary: 'Moved up: place 2 → 1' },
      { admin: 'Alex Morgan', name: first.name, summary: 'Retired' },
    ]);

    const [top, next] = (await onboardingForAdmin(db)).stepRules;
    if (!top || !next) throw new Error('the seeded rules are missing');
    const key = { strategyName: top.strategyName, name: top.name };
    await editStepRule(db, key, { description: 'Read it now', points: String(top.points) }, by());
    await editStepRule(db, key, { description: 'Read it now', points: String(top.points) }, by());
    await editStepRule(db, key, { description: 'Read it now', points: 'many' }, by());
    await moveStepRule(db, { ...key, position: top.position }, 'down', by());
    await moveStepRule(db, { ...key, position: top.position }, 'down', by());
    expect(await entries('step-rule')).toEqual([
      {
        admin: 'Alex Morgan',
        name: top.name,
        summary: `Description: ${top.description} → Read it now`,
      },
      { admin: 'Alex Morgan', name: top.name, summary: 'Moved down: place 1 → 2' },
    ]);
  });

  it('records challenges added, edited and ended, but not an edit a join refused', async () => {
    const { db } = database();
    const { by, entries } = await newAdmin();
    const name = `Spring ${newRecordId('partnerChallenge')}`;
    const form = {
      name,
      description: 'Add clients.',
      goalKind: 'client-subscription-added',
      goalCount: '2',
      points: '150',
      rewardId: 'none',
      startsOn: '2026-03-01',
      endsOn: '2026-03-31',
    };
    const started = { ...by(), at: new Date('2026-03-01T09:00:00.000Z') };
    await addChallenge(db, { ...form, requestKey: name }, started);
    await addChallenge(db, { ...form, requestKey: name }, started);
    const challenge = (await challengesForAdmin(db, NOW)).find((row) => row.name === name);
    if (!challenge) throw new Error('the challenge was not added');
    await joinChallenge(db, {
      userId: started.adminId,
      challengeId: challenge.id,
      onLeaderboard: false,
      at: NOW,
    });
    // Someone joined: what it counts is kept, and nothing is recorded.
    expect(await editChallenge(db, challenge.id, { ...form, goalCount: '5' }, by())).toMatchObject({
      ok: false,
    });
    await editChallenge(db, challenge.id, { ...form, points: '200' }, by());
    await endChallengeEarly(db, challenge.id, by());
    await endChallengeEarly(db, challenge.id, by());
    expect((await entries('challenge')).map((entry) => entry.summary)).toEqual([
      'Added: Name ' +
        name +
        '; Description Add clients.; Counts Client subscription added; Target 2; Points 150; Reward none; First day 2026-03-01; Last day 2026-03-31',
      'Points: 150 → 200',
      'Ended early: Last day: 2026-03-31 → 2026-03-09',
    ]);
  });

  it('records resources added, edited and retired, and lists the record newest first as CSV', async () => {
    const { db } = database();
    const { by, email, entries } = await newAdmin();
    const title = `Checklist ${newRecordId('partnerReward')}`;
    const form = {
      title,
      summary: 'What to check.',
      type: 'template',
      product: 'Accounting',
      minTier: 'starter',
      url: '/resource/partners/stock-count-template.csv',
    };
    await addResource(db, { ...form, url: 'javascript:x', requestKey: title }, by());
    await addResource(db, { ...form, requestKey: title }, by());
    await addResource(db, { ...form, requestKey: title }, by());
    const resource = (await resourcesForAdmin(db)).find((row) => row.title === title);
    if (!resource) throw new Error('the resource was not added');
    await editResource(db, resource.id, { ...form, minTier: 'gold' }, by());
    await retireResource(db, resource.id, by());
    await retireResource(db, resource.id, by());
    expect((await entries('resource')).map((entry) => entry.summary)).toEqual([
      'Added: Title ' +
        title +
        '; Summary What to check.; Type Templates; Product Accounting; Lowest tier Partner; File or link /resource/partners/stock-count-template.csv',
      'Lowest tier: Partner → Gold',
      'Retired',
    ]);

    const csv = await configurationChangesCsv(db, 'resource');
    const lines = csv.split('\r\n').filter((line) => line.includes(email));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain(',Resource,');
    expect(lines[0]).toContain('Retired');
    expect(csv.startsWith('When (UTC),Admin,Admin e-mail,Kind,Which,Change\r\n')).toBe(true);
  });
});
