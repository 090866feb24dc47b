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
} from '~server/modules/identity';
import type { CommunityContext } from './shared/community-context.ts';
import { CommunityError } from './shared/community-error.ts';

/* What the community's tests start from: the basic help content and six members. */

export const SITE = 'http://portal.test';

const PEOPLE = {
  asker: { subject: 'asker', firstName: 'ava' },
  helper: { subject: 'helper', firstName: 'hugo' },
  fan: { subject: 'fan', firstName: 'fay' },
  topicFan: { subject: 'topic-fan', firstName: 'tom' },
  admin: { subject: 'admin', firstName: 'ada', canViewSetup: true },
  busy: { subject: 'busy', firstName: 'bea' },
} as const;

export type Person = keyof typeof PEOPLE;

export interface CommunityWorld {
  people: Record<Person, PortalUser>;
  /** Topic ids of the basic content: Banking, and its subtopic Bank feeds; Payroll. */
  topics: { banking: string; bankFeeds: string; payroll: string };
  /** Calls as this member, at `now` when given. */
  as(who: Person, now?: Date): CommunityContext;
  guest(): CommunityContext;
}

export async function communityWorld(db: Kysely<Database>): Promise<CommunityWorld> {
  const report = await importContent(db, BASIC_FIXTURE, FIXTURE_SETTINGS);
  if (report.issues.length > 0)
    throw new Error(`Content fixture: ${JSON.stringify(report.issues)}`);
  const people = {} as Record<Person, PortalUser>;
  for (const [key, person] of Object.entries(PEOPLE) as [Person, (typeof PEOPLE)[Person]][]) {
    people[key] = await saveUser(
      db,
      {
        issuer: builtInIssuer(SITE),
        subject: person.subject,
        email: `${person.subject}@example.com`,
        firstName: person.firstName,
        lastName: 'tester',
      },
      { ...NO_USER_DATA, canViewSetup: 'canViewSetup' in person },
    );
  }
  const topicId = new Map((await listTopics(db)).map((topic) => [topic.slug, topic.id]));
  const topic = (slug: string) => topicId.get(slug) ?? '';
  return {
    people,
    topics: {
      banking: topic('banking'),
      bankFeeds: topic('bank-feeds'),
      payroll: topic('payroll'),
    },
    as: (who, now) => ({
      db,
      viewer: { isGuest: false, user: people[who], sessionId: 'test-session' },
      siteUrl: SITE,
      ...(now ? { now } : {}),
    }),
    guest: () => ({ db, viewer: GUEST, siteUrl: SITE }),
  };
}

/** How a call was refused; fails when it was not. */
export async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CommunityError) {
      return { code: error.errorCode, status: error.status, field: error.field };
    }
    throw error;
  }
  throw new Error('expected a refusal');
}
