import type { Kysely } from 'kysely';
import { PARTNER_SUGGESTED_STEPS_STRATEGY, type PartnerEventKind } from '~core/partner';
import type { Database } from '~server/db/schema.ts';
import { findUserBySubject } from '~server/modules/identity';
import { expireLapsedPoints, post, recordPartnerEvent } from './engine.service.ts';
import * as repository from './partners.repository.ts';
import { saveUpdateAccountScreen } from './flows.service.ts';
import { createChallenge, createReward, joinChallenge } from './programme.service.ts';
import { recordReaction } from './partners.service.ts';

/*
 * The demo partners' programme history, fed through the engine as the events that would have
 * made it: nothing below writes a tier, a balance or a step's state. Every event carries a
 * stable source key, so a restart adds nothing and keeps what the partners did since.
 */

const DAY = 24 * 60 * 60 * 1000;
const PARTNER_MANAGER = { name: 'Jordan Ellis', title: 'Partner Success Manager' };
const CLIENT_CHALLENGE = 'Add three client subscriptions this month';
const CERTIFICATION_CHALLENGE = 'Pass a certification this month';

type DemoAct =
  | { event: PartnerEventKind; daysAgo: number; subject?: string; times?: number }
  | { adjust: number; reason: string; daysAgo: number }
  | { joinChallenge: string; daysAgo: number }
  | { flowScreen: string; daysAgo: number };

interface DemoPartner {
  subject: string;
  contact: typeof PARTNER_MANAGER | null;
  acts: DemoAct[];
  /** Seen the celebration of the tier the history brings them to. */
  acknowledged: boolean;
  dismiss: string[];
}

const DEMO_PARTNERS: readonly DemoPartner[] = [
  {
    subject: 'demo-partner-primary',
    contact: PARTNER_MANAGER,
    acts: [
      { event: 'programme-joined', daysAgo: 410 },
      { event: 'client-subscription-added', daysAgo: 400, subject: 'Harbour Cafe' },
      { event: 'certification-passed', daysAgo: 320, subject: 'Partner certification' },
      { adjust: 150, reason: 'Points moved from the previous partner programme', daysAgo: 200 },
      { event: 'client-subscription-added', daysAgo: 90, subject: 'Client', times: 6 },
      { joinChallenge: CLIENT_CHALLENGE, daysAgo: 9 },
      { event: 'client-subscription-added', daysAgo: 6, subject: 'Wattle Joinery' },
    ],
    acknowledged: false,
    dismiss: ['Complete a managed-service job'],
  },
  {
    subject: 'demo-partner-principal',
    contact: PARTNER_MANAGER,
    acts: [
      { event: 'programme-joined', daysAgo: 330 },
      { event: 'personalise-finished', daysAgo: 325 },
      { event: 'client-subscription-added', daysAgo: 300, subject: 'Client', times: 17 },
      { event: 'certification-passed', daysAgo: 250, subject: 'Advisory certification' },
      { flowScreen: 'Screen 1', daysAgo: 201 },
      { flowScreen: 'Screen 4', daysAgo: 200 },
    ],
    acknowledged: true,
    dismiss: [],
  },
  {
    subject: 'demo-partner-member',
    contact: null,
    acts: [
      { event: 'programme-joined', daysAgo: 30 },
      { adjust: 120, reason: 'Partner webinar series attended', daysAgo: 20 },
    ],
    acknowledged: true,
    dismiss: [],
  },
  {
    subject: 'demo-partner-update-account',
    contact: PARTNER_MANAGER,
    acts: [
      { event: 'programme-joined', daysAgo: 120 },
      { event: 'personalise-finished', daysAgo: 118 },
      { event: 'certification-passed', daysAgo: 100, subject: 'Partner certification' },
      { event: 'client-subscription-added', daysAgo: 60, subject: 'Thames Florist' },
      { flowScreen: 'Screen 1', daysAgo: 3 },
      { flowScreen: 'Screen 2', daysAgo: 2 },
    ],
    acknowledged: true,
    dismiss: [],
  },
];

const REWARDS = [
  {
    name: 'Partner badge pack',
    description: 'Printed and digital badges for your practice’s tier.',
    pointsCost: 150,
    stock: null,
  },
  {
    name: 'Marketing campaign kit',
    description: 'A ready-made client campaign with your practice’s branding.',
    pointsCost: 300,
    stock: null,
  },
  {
    name: 'Partner conference ticket',
    description: 'A ticket to this year’s partner conference.',
    pointsCost: 500,
    stock: 5,
  },
  {
    name: 'One-to-one growth session',
    description: 'An hour with a practice growth adviser.',
    pointsCost: 800,
    stock: 2,
  },
];

async function actOut(
  db: Kysely<Database>,
  userId: string,
  partner: DemoPartner,
  now: Date,
  challengeId: string,
): Promise<void> {
  for (const [index, act] of partner.acts.entries()) {
    const at = new Date(now.getTime() - act.daysAgo * DAY);
    const key = `demo:${partner.subject}:${index}`;
    if ('event' in act) {
      for (let time = 0; time < (act.times ?? 1); time += 1) {
        await recordPartnerEvent(db, {
          userId,
          kind: act.event,
          sourceEvent: `${key}:${time}`,
          subject: act.subject === 'Client' ? `Client ${time + 1}` : (act.subject ?? null),
          // A run of events is a few days apart, the first the furthest back.
          occurredAt: new Date(at.getTime() + time * 3 * DAY),
        });
      }
    } else if ('adjust' in act) {
      await db.transaction().execute((trx) =>
        post(trx, {
          userId,
          kind: 'adjusted',
          points: act.adjust,
          reason: act.reason,
          sourceEvent: key,
          occurredAt: at,
        }),
      );
    } else if ('joinChallenge' in act) {
      await joinChallenge(db, { userId, challengeId, onLeaderboard: true, at });
    } else {
      await saveUpdateAccountScreen(db, userId, act.flowScreen, at);
    }
  }
}

/**
 * The programme's demo: a running challenge and a rewards catalogue, and each demo partner's
 * history played through the engine. Demo accounts that do not exist are skipped.
 */
export async function seedDemoPartnerProgramme(
  db: Kysely<Database>,
  issuer: string,
  now: Date = new Date(),
): Promise<void> {
  const challengeId = await createChallenge(
    db,
    {
      name: CLIENT_CHALLENGE,
      description: 'Add three client subscriptions before the month is out and earn 150 points.',
      goalKind: 'client-subscription-added',
      goalCount: 3,
      points: 150,
      startsOn: new Date(now.getTime() - 10 * DAY).toISOString().slice(0, 10),
      endsOn: new Date(now.getTime() + 20 * DAY).toISOString().slice(0, 10),
    },
    now,
  );
  await createChallenge(
    db,
    {
      name: CERTIFICATION_CHALLENGE,
      description: 'Pass a partner certification before the month is out and earn 150 points.',
      goalKind: 'certification-passed',
      goalCount: 1,
      points: 150,
      startsOn: new Date(now.getTime() - 10 * DAY).toISOString().slice(0, 10),
      endsOn: new Date(now.getTime() + 20 * DAY).toISOString().slice(0, 10),
    },
    now,
  );
  for (const reward of REWARDS) await createReward(db, reward, now);
  for (const partner of DEMO_PARTNERS) {
    const user = await findUserBySubject(db, issuer, partner.subject);
    if (user === undefined) continue;
    const firstSeed = (await repository.findMember(db, user.id)) === undefined;
    if (partner.contact !== null) {
      await repository.saveContact(db, { user_id: user.id, ...partner.contact, avatar_url: null });
    }
    if (!firstSeed) continue;
    await actOut(db, user.id, partner, now, challengeId);
    if (partner.acknowledged) await repository.acknowledgeTier(db, user.id, now.toISOString());
    for (const name of partner.dismiss) {
      const steps = await repository.listSteps(db, user.id, PARTNER_SUGGESTED_STEPS_STRATEGY);
      const step = steps.find((candidate) => candidate.name === name);
      if (step === undefined) continue;
      await recordReaction(db, {
        userId: user.id,
        strategyName: PARTNER_SUGGESTED_STEPS_STRATEGY,
        stepId: step.id,
        isAccept: false,
        now,
      });
    }
  }
  await expireLapsedPoints(db, now);
}
