import type { Kysely } from 'kysely';
import { ONBOARDING_USER_AVATAR } from '~core/partner';
import { PARTNER_SUGGESTED_STEPS_STRATEGY } from '~core/partner';
import { newRecordId } from '~server/db/ids.ts';
import type { Database } from '~server/db/schema.ts';
import { findUserBySubject } from '~server/modules/identity';
import * as repository from './partners.repository.ts';

interface DemoStep {
  name: string;
  description: string;
  mandatory: boolean;
  complete?: boolean;
  dismissed?: boolean;
  /** Days from the day of seeding; null for no due date. */
  dueInDays: number | null;
  url: string;
  points: number;
}

interface DemoOnboarding {
  showCta: boolean;
  currentStep: number;
  totalSteps: number;
  stepName: string;
  imageName: string;
  contact: { name: string; title: string } | null;
}

interface DemoPartner {
  subject: string;
  tier: string;
  acknowledged: boolean;
  points: number;
  flowScreen: string | null;
  onboarding: DemoOnboarding;
  steps: DemoStep[];
}

const PARTNER_MANAGER = { name: 'Jordan Ellis', title: 'Partner Success Manager' };

const DEMO_PARTNERS: readonly DemoPartner[] = [
  {
    subject: 'demo-partner-primary',
    tier: 'silver',
    acknowledged: false,
    points: 1250,
    flowScreen: null,
    onboarding: {
      showCta: true,
      currentStep: 2,
      totalSteps: 5,
      stepName: 'Set up your practice profile',
      imageName: ONBOARDING_USER_AVATAR,
      contact: PARTNER_MANAGER,
    },
    steps: [
      {
        name: 'Complete your partner profile',
        description: 'Review your profile',
        mandatory: true,
        complete: true,
        dueInDays: -14,
        url: '/0/partners/account',
        points: 100,
      },
      {
        name: 'Add your first client',
        description: 'Add a client',
        mandatory: true,
        dueInDays: -3,
        url: '/0/partners/account#clients',
        points: 200,
      },
      {
        name: 'Get partner certified',
        description: 'Start the certification course',
        mandatory: true,
        dueInDays: 10,
        url: 'https://learn.ledgerleaf.example/courses/partner-certification',
        points: 150,
      },
      {
        name: 'Explore partner resources',
        description: 'Browse resources',
        mandatory: true,
        dueInDays: null,
        url: '/0/partners/resources',
        points: 25,
      },
      {
        name: 'Invite your team',
        description: 'Invite a colleague',
        mandatory: false,
        dueInDays: null,
        url: '/0/partners/account#team',
        points: 50,
      },
      {
        name: 'List your practice in the advisor directory',
        description: 'Create your listing',
        mandatory: false,
        dismissed: true,
        dueInDays: 30,
        url: '/0/partners/advisor-directory',
        points: 75,
      },
      {
        name: 'Book a call with your partner manager',
        description: 'Book a call',
        mandatory: false,
        dueInDays: 3,
        url: '/s/book-a-call',
        points: 20,
      },
    ],
  },
  {
    subject: 'demo-partner-principal',
    tier: 'gold',
    acknowledged: true,
    points: 2600,
    flowScreen: 'Screen 4',
    onboarding: {
      showCta: false,
      currentStep: 5,
      totalSteps: 5,
      stepName: 'Onboarding complete',
      imageName: 'robot-and-person-looking-in-a-box',
      contact: PARTNER_MANAGER,
    },
    steps: [
      {
        name: 'Complete your partner profile',
        description: 'Review your profile',
        mandatory: true,
        complete: true,
        dueInDays: -60,
        url: '/0/partners/account',
        points: 100,
      },
      {
        name: 'Transfer your client subscriptions',
        description: 'Transfer subscriptions',
        mandatory: false,
        dueInDays: 21,
        url: '/0/partners/transfer-subscriptions',
        points: 300,
      },
    ],
  },
  {
    subject: 'demo-partner-member',
    tier: 'starter',
    acknowledged: true,
    points: 120,
    flowScreen: null,
    onboarding: {
      showCta: true,
      currentStep: 1,
      totalSteps: 5,
      stepName: 'Welcome to the partner programme',
      imageName: 'person-plugging-in-robot',
      contact: null,
    },
    steps: [
      {
        name: 'Explore partner resources',
        description: 'Browse resources',
        mandatory: true,
        dueInDays: 7,
        url: '/0/partners/resources',
        points: 25,
      },
      {
        name: 'Join a partner webinar',
        description: 'See upcoming webinars',
        mandatory: false,
        dueInDays: null,
        url: '/0/learning',
        points: 40,
      },
    ],
  },
  {
    subject: 'demo-partner-update-account',
    tier: 'bronze',
    acknowledged: true,
    points: 640,
    flowScreen: 'Screen 2',
    onboarding: {
      showCta: true,
      currentStep: 4,
      totalSteps: 5,
      stepName: 'Update your practice account',
      imageName: ONBOARDING_USER_AVATAR,
      contact: PARTNER_MANAGER,
    },
    steps: [
      {
        name: 'Update your practice account',
        description: 'Finish updating your account',
        mandatory: true,
        dueInDays: 5,
        url: '/0/partners/update-account',
        points: 100,
      },
    ],
  },
];

function dateInDays(now: Date, days: number): string {
  const date = new Date(now.getTime() + days * 24 * 60 * 60 * 1000);
  return date.toISOString().slice(0, 10);
}

function onboardingTitle(onboarding: DemoOnboarding): string {
  return onboarding.currentStep >= onboarding.totalSteps
    ? 'You have finished your partner onboarding'
    : `Next up: ${onboarding.stepName}`;
}

async function seedPartner(
  db: Kysely<Database>,
  userId: string,
  partner: DemoPartner,
  now: Date,
): Promise<void> {
  const updatedAt = now.toISOString();
  await repository.insertMemberIfAbsent(db, {
    user_id: userId,
    tier: partner.tier,
    tier_acknowledged: partner.acknowledged ? 1 : 0,
    points_balance: partner.points,
    update_account_flow_screen: partner.flowScreen,
    updated_at: updatedAt,
  });
  const { onboarding } = partner;
  await repository.insertOnboardingIfAbsent(db, {
    user_id: userId,
    show_cta: onboarding.showCta ? 1 : 0,
    title: onboardingTitle(onboarding),
    body: 'Work through each onboarding step to unlock **partner pricing**, training and support.',
    link: '/0/partners/suggestions',
    current_step: onboarding.currentStep,
    total_steps: onboarding.totalSteps,
    current_step_name: onboarding.stepName,
    image_name: onboarding.imageName,
    contact_name: onboarding.contact?.name ?? null,
    contact_title: onboarding.contact?.title ?? null,
    contact_avatar_url: null,
    updated_at: updatedAt,
  });
  for (const [index, step] of partner.steps.entries()) {
    const id = newRecordId('suggestedStep');
    const added = await repository.insertStepIfAbsent(db, {
      id,
      user_id: userId,
      strategy_name: PARTNER_SUGGESTED_STEPS_STRATEGY,
      name: step.name,
      description: step.description,
      mandatory: step.mandatory ? 1 : 0,
      complete: step.complete ? 1 : 0,
      due_date: step.dueInDays === null ? null : dateInDays(now, step.dueInDays),
      redirect_url: step.url,
      points: step.points,
      sort_order: index,
      created_at: updatedAt,
      updated_at: updatedAt,
    });
    // Only a step added now starts dismissed: a partner's own reactions survive a restart.
    if (added && step.dismissed) {
      await repository.saveReaction(db, {
        stepId: id,
        userId,
        reaction: 'reject',
        reactedAt: updatedAt,
      });
    }
  }
}

/**
 * The partner programme of the demo partners: tier and points, onboarding, the update-account
 * flow and suggested steps. Only what is missing is added, so a demo partner's own changes
 * (a dismissed step, an acknowledged tier) are kept at the next start. Demo accounts that do
 * not exist are skipped.
 */
export async function seedDemoPartnerProgramme(
  db: Kysely<Database>,
  issuer: string,
  now: Date = new Date(),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const partner of DEMO_PARTNERS) {
      const user = await findUserBySubject(trx, issuer, partner.subject);
      if (user !== undefined) await seedPartner(trx, user.id, partner, now);
    }
  });
}
