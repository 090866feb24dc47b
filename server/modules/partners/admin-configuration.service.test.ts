import { expect, it } from 'vitest';
import { PARTNER_SUGGESTED_STEPS_STRATEGY } from '~core/partner';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { newPartner } from './partners.test-support.ts';
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
import { recordPartnerEvent } from './engine.service.ts';
import { getOnboardingCtaDetail, listSuggestedSteps } from './partners.service.ts';
import { listStepRules } from './partners.repository.ts';
import { adjustPoints } from './points.service.ts';
import { joinChallenge, listChallengesFor } from './programme.service.ts';
import { downloadResource, listPartnerResources } from './resources.service.ts';

const NOW = new Date('2026-03-10T12:00:00.000Z');
const by = (at: Date) => ({ adminId: 'a-admin', at });
const BY = by(NOW);
const CHALLENGE = {
  description: 'Add clients this spring.',
  goalKind: 'client-subscription-added',
  goalCount: '2',
  points: '150',
  rewardId: 'none',
  startsOn: '2026-03-10',
  endsOn: '2026-03-31',
};

describeEachDialect(
  'partner programme administration: challenges, onboarding, resources',
  (database) => {
    const partner = () => newPartner(database().db);

    async function challengeNamed(name: string, at = NOW) {
      const found = (await challengesForAdmin(database().db, at)).find((row) => row.name === name);
      if (!found) throw new Error(`no challenge ${name}`);
      return found;
    }

    it('adds a challenge once per form, which partners then see', async () => {
      const { db } = database();
      const form = { ...CHALLENGE, name: 'Spring sign-ups', requestKey: 'add-1' };
      expect(await addChallenge(db, form, BY)).toEqual({ ok: true });
      expect(await addChallenge(db, form, BY)).toEqual({ ok: true });
      const rows = (await challengesForAdmin(db, NOW)).filter(
        (row) => row.name === 'Spring sign-ups',
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ phase: 'running', joined: 0, completed: 0, goalCount: 2 });
      const someone = await partner();
      expect((await listChallengesFor(db, someone, NOW)).map((row) => row.name)).toContain(
        'Spring sign-ups',
      );
      // Another form with a name in use is refused at the name.
      expect(await addChallenge(db, { ...form, requestKey: 'add-2' }, BY)).toEqual({
        ok: false,
        field: 'name',
        message: 'Another challenge has this name.',
      });
      expect(
        await addChallenge(
          db,
          { ...form, requestKey: 'add-3', name: 'Later', endsOn: '2026-03-01' },
          BY,
        ),
      ).toMatchObject({ ok: false, field: 'endsOn' });
    });

    it('counts who joined and completed, and keeps the terms partners joined', async () => {
      const { db } = database();
      await addChallenge(db, { ...CHALLENGE, name: 'Two clients', requestKey: 'two' }, BY);
      const challenge = await challengeNamed('Two clients');
      const [first, second] = [await partner(), await partner()];
      for (const userId of [first, second])
        await joinChallenge(db, {
          userId,
          challengeId: challenge.id,
          onLeaderboard: false,
          at: NOW,
        });
      for (const n of [1, 2])
        await recordPartnerEvent(db, {
          userId: first,
          kind: 'client-subscription-added',
          sourceEvent: `two-client-${n}`,
          subject: `Client ${n}`,
          occurredAt: new Date(NOW.getTime() + n * 60_000),
        });
      expect(await challengeNamed('Two clients')).toMatchObject({ joined: 2, completed: 1 });
      const edit = { ...CHALLENGE, name: 'Two clients' };
      expect(await editChallenge(db, challenge.id, { ...edit, goalCount: '5' }, BY)).toMatchObject({
        ok: false,
        field: 'goalCount',
      });
      expect(
        await editChallenge(db, challenge.id, { ...edit, goalKind: 'resource-downloaded' }, BY),
      ).toMatchObject({ ok: false, field: 'goalKind' });
      expect(
        await editChallenge(
          db,
          challenge.id,
          { ...edit, name: 'Two new clients', points: '200' },
          BY,
        ),
      ).toEqual({ ok: true });
      expect(await challengeNamed('Two new clients')).toMatchObject({ points: 200, goalCount: 2 });
    });

    it('changes the terms of a running challenge nobody joined', async () => {
      const { db } = database();
      await addChallenge(db, { ...CHALLENGE, name: 'Quiet one', requestKey: 'quiet' }, BY);
      const challenge = await challengeNamed('Quiet one');
      expect(
        await editChallenge(
          db,
          challenge.id,
          { ...CHALLENGE, name: 'Quiet one', goalKind: 'resource-downloaded', goalCount: '4' },
          BY,
        ),
      ).toEqual({ ok: true });
      expect(await challengeNamed('Quiet one')).toMatchObject({
        goalKind: 'resource-downloaded',
        goalCount: 4,
      });
      expect(await editChallenge(db, 'a1Cnothere', { ...CHALLENGE, name: 'x' }, BY)).toMatchObject({
        ok: false,
      });
    });

    it('ends a running challenge early, once, and partners no longer see it', async () => {
      const { db } = database();
      const started = new Date('2026-03-05T09:00:00.000Z');
      await addChallenge(
        db,
        { ...CHALLENGE, name: 'Ends early', startsOn: '2026-03-05', requestKey: 'early' },
        by(started),
      );
      const challenge = await challengeNamed('Ends early');
      // Not on its first day: it would end before it began.
      expect(await endChallengeEarly(db, challenge.id, by(started))).toMatchObject({ ok: false });
      expect(await endChallengeEarly(db, challenge.id, BY)).toEqual({ ok: true });
      expect(await endChallengeEarly(db, challenge.id, BY)).toEqual({ ok: true });
      expect(await challengeNamed('Ends early')).toMatchObject({
        phase: 'ended',
        endsOn: '2026-03-09',
      });
      expect(
        (await listChallengesFor(db, await partner(), NOW)).map((row) => row.name),
      ).not.toContain('Ends early');
      // An ended challenge is kept as it ran.
      expect(
        await editChallenge(db, challenge.id, { ...CHALLENGE, name: 'Ends early' }, BY),
      ).toMatchObject({ ok: false, field: 'name' });
    });

    it('renames, moves and retires onboarding steps, and the card follows', async () => {
      const { db } = database();
      const someone = await partner();
      const before = await onboardingForAdmin(db);
      const [first, second] = before.steps;
      if (!first || !second) throw new Error('the seeded steps are missing');
      expect(await renameOnboardingStep(db, second.position, { name: ' ' }, BY)).toMatchObject({
        ok: false,
        field: 'name',
      });
      expect(
        await renameOnboardingStep(db, second.position, { name: 'Meet your manager' }, BY),
      ).toEqual({ ok: true });
      const seen = { position: second.position, name: 'Meet your manager' };
      await moveOnboardingStep(db, seen, 'up', BY);
      // Sent again, the form finds its step moved and moves nothing back.
      await moveOnboardingStep(db, seen, 'up', BY);
      // At the top it stays where it is.
      await moveOnboardingStep(
        db,
        { position: first.position, name: 'Meet your manager' },
        'up',
        BY,
      );
      const moved = (await onboardingForAdmin(db)).steps;
      expect(moved.map((step) => step.name).slice(0, 2)).toEqual(['Meet your manager', first.name]);
      expect((await getOnboardingCtaDetail(db, someone)).currentStepName).toBe('Meet your manager');

      await recordPartnerEvent(db, {
        userId: someone,
        kind: 'programme-joined',
        sourceEvent: `joined-${someone}`,
        subject: 'Joined',
        occurredAt: NOW,
      });
      const total = (await getOnboardingCtaDetail(db, someone)).totalSteps;
      const top = moved[0];
      if (!top) throw new Error('no step');
      await retireOnboardingStep(db, top.position, BY);
      const after = await getOnboardingCtaDetail(db, someone);
      expect(after.totalSteps).toBe(total - 1);
      expect(after.currentStepName).not.toBe('Meet your manager');
      expect(
        (await onboardingForAdmin(db)).steps.find((step) => step.position === top.position),
      ).toMatchObject({ retired: true });
    });

    it('edits a suggested step rule’s description and points', async () => {
      const { db } = database();
      const [rule] = await listStepRules(db);
      if (!rule) throw new Error('no seeded rule');
      const key = { strategyName: rule.strategy_name, name: rule.name };
      expect(
        await editStepRule(db, key, { description: 'Read it', points: 'many' }, BY),
      ).toMatchObject({
        ok: false,
        field: 'points',
      });
      expect(
        await editStepRule(db, key, { description: 'Read the new guide', points: '35' }, BY),
      ).toEqual({ ok: true });
      expect(
        (await onboardingForAdmin(db)).stepRules.find((row) => row.name === rule.name),
      ).toMatchObject({ description: 'Read the new guide', points: 35 });
    });

    it('moves a suggested step rule, once per form, and every checklist follows', async () => {
      const { db } = database();
      const someone = await partner();
      await recordPartnerEvent(db, {
        userId: someone,
        kind: 'client-subscription-added',
        sourceEvent: `rule-order-${someone}`,
        subject: 'A client',
        occurredAt: NOW,
      });
      const names = async () =>
        (await listSuggestedSteps(db, someone, PARTNER_SUGGESTED_STEPS_STRATEGY)).map(
          (step) => step.Name,
        );
      const offered = await names();
      const rules = (await onboardingForAdmin(db)).stepRules.filter(
        (rule) => rule.strategyName === PARTNER_SUGGESTED_STEPS_STRATEGY,
      );
      const [top, second] = rules;
      if (!top || !second || offered.length < 2) throw new Error('too few seeded rules');
      const seen = { strategyName: top.strategyName, name: second.name, position: second.position };
      await moveStepRule(db, seen, 'up', BY);
      // Sent again, the form finds its rule moved and moves nothing back.
      await moveStepRule(db, seen, 'up', BY);
      // At the top it stays.
      await moveStepRule(db, { ...seen, position: top.position }, 'up', BY);
      const order = (await onboardingForAdmin(db)).stepRules
        .filter((rule) => rule.strategyName === PARTNER_SUGGESTED_STEPS_STRATEGY)
        .map((rule) => rule.name);
      expect(order.slice(0, 2)).toEqual([second.name, top.name]);
      // The steps already offered take the new order.
      const checklist = await names();
      expect(checklist.indexOf(second.name)).toBeLessThan(checklist.indexOf(top.name));
      expect(offered.indexOf(top.name)).toBeLessThan(offered.indexOf(second.name));
    });

    it('adds, edits and retires resources, the library following', async () => {
      const { db } = database();
      const someone = await partner();
      // Some points make the partner a starter, the tier the resource opens at.
      await adjustPoints(db, {
        userId: someone,
        points: 10,
        reason: 'Opening points',
        adminId: 'admin',
        requestKey: `${someone}-opening`,
        at: NOW,
      });
      const form = {
        title: 'Year-end checklist',
        summary: 'What to check before the year closes.',
        type: 'template',
        product: 'Accounting',
        minTier: 'starter',
        url: '/resource/partners/stock-count-template.csv',
      };
      expect(
        await addResource(db, { ...form, url: 'http://x', requestKey: 'r1' }, BY),
      ).toMatchObject({
        ok: false,
        field: 'url',
      });
      expect(await addResource(db, { ...form, requestKey: 'r1' }, BY)).toEqual({ ok: true });
      expect(await addResource(db, { ...form, requestKey: 'r1' }, BY)).toEqual({ ok: true });
      const added = (await resourcesForAdmin(db)).filter((row) => row.title === form.title);
      expect(added).toHaveLength(1);
      const id = added[0]?.id ?? '';
      expect((await listPartnerResources(db, someone)).map((row) => row.title)).toContain(
        form.title,
      );
      expect(await editResource(db, id, { ...form, minTier: 'gold' }, BY)).toEqual({ ok: true });
      expect(
        await downloadResource(db, { userId: someone, resourceId: id, at: NOW }),
      ).toMatchObject({
        ok: false,
        reason: 'locked',
      });
      await editResource(db, id, form, BY);
      expect(
        await downloadResource(db, { userId: someone, resourceId: id, at: NOW }),
      ).toMatchObject({
        ok: true,
      });
      await retireResource(db, id, BY);
      const retired = (await resourcesForAdmin(db)).find((row) => row.id === id);
      expect(retired).toMatchObject({ retired: true, downloads: 1 });
      expect((await listPartnerResources(db, someone)).map((row) => row.title)).not.toContain(
        form.title,
      );
      expect(
        await downloadResource(db, { userId: someone, resourceId: id, at: NOW }),
      ).toMatchObject({
        ok: false,
        reason: 'not-found',
      });
      expect(await editResource(db, id, form, BY)).toMatchObject({ ok: false });
    });
  },
);
