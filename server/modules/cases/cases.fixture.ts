import type { Kysely } from 'kysely';
import type { Database } from '~server/db/schema.ts';
import { BASIC_FIXTURE, FIXTURE_SETTINGS } from '~server/modules/content/content.fixture.ts';
import { importContent, listTopics } from '~server/modules/content';
import {
  builtInIssuer,
  GUEST,
  NO_USER_DATA,
  saveUser,
  type PortalUser,
  type UserData,
} from '~server/modules/identity';
import type { CaseContext } from './case-context.ts';
import { CaseError } from './case-error.ts';

/* What the cases' tests start from: the basic help content and people in every relation. */

export const SITE = 'http://portal.test';

const PEOPLE = {
  owner: { organisationId: 'org-a' },
  colleague: { organisationId: 'org-a' },
  contact: { organisationId: 'org-a', isPrimaryContact: true },
  principal: { organisationId: 'org-a', isPrincipalContact: true },
  otherContact: { organisationId: 'org-b', isPrimaryContact: true },
  stranger: {},
  agent: { isAgent: true },
  secondAgent: { isAgent: true },
} satisfies Record<string, Partial<UserData>>;

export type Person = keyof typeof PEOPLE;

export interface CaseWorld {
  people: Record<Person, PortalUser>;
  /** The basic content's first-level topic Banking and its sub-topic Bank feeds. */
  topics: { banking: string; bankFeeds: string };
  as(who: Person, now?: Date): CaseContext;
  guest(): CaseContext;
}

export async function caseWorld(db: Kysely<Database>, now = new Date()): Promise<CaseWorld> {
  const report = await importContent(db, BASIC_FIXTURE, FIXTURE_SETTINGS);
  if (report.issues.length > 0)
    throw new Error(`Content fixture: ${JSON.stringify(report.issues)}`);
  const people = {} as Record<Person, PortalUser>;
  for (const [key, data] of Object.entries(PEOPLE) as [Person, Partial<UserData>][]) {
    people[key] = await saveUser(
      db,
      {
        issuer: builtInIssuer(SITE),
        subject: `case-${key}`,
        email: `${key.toLowerCase()}@example.com`,
        firstName: key,
        lastName: 'Tester',
      },
      { ...NO_USER_DATA, ...data },
    );
  }
  const topicId = new Map((await listTopics(db)).map((topic) => [topic.slug, topic.id]));
  return {
    people,
    topics: { banking: topicId.get('banking') ?? '', bankFeeds: topicId.get('bank-feeds') ?? '' },
    as: (who, at) => ({
      db,
      viewer: { isGuest: false, user: people[who], sessionId: 'test-session' },
      siteUrl: SITE,
      now: at ?? now,
    }),
    guest: () => ({ db, viewer: GUEST, siteUrl: SITE, now }),
  };
}

/** A complete raise-case input for the customer queue. */
export function customerCase(world: CaseWorld, overrides: { subject?: string; key?: string } = {}) {
  return {
    queue: 'customer' as const,
    description: {
      subject: overrides.subject ?? 'Bank feed stopped',
      description: 'No transactions have come in since Monday.',
      product: '',
    },
    classification: { categoryId: world.topics.banking, topicId: world.topics.bankFeeds },
    details: { impact: 'just-me', contactMethod: 'email', contactEmail: 'owner@example.com' },
    ...(overrides.key ? { idempotencyKey: overrides.key } : {}),
  };
}

/** How a call was refused; fails when it was not. */
export async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CaseError) return { code: error.errorCode, field: error.field };
    throw error;
  }
  throw new Error('expected a refusal');
}

/** Subjects of solved cases the classifier's tests train on: bank feeds, then payroll. */
export const BANK_FEED_SUBJECTS = [
  'Bank feed stopped importing transactions',
  'Bank feed shows duplicate transactions',
  'Bank connection expired, no transactions import',
  'Credit card feed is missing transactions',
  'Reconnecting the bank feed fails',
  'Bank feed stuck on yesterday',
];
export const PAYROLL_SUBJECTS = [
  'Pay run failed for two employees',
  'Employee payslips were not emailed',
  'Leave balance wrong on the payslip',
  'Payroll filing rejected after the pay run',
  'Cannot add a new employee to the pay calendar',
  'Pay run shows the wrong tax for an employee',
];
