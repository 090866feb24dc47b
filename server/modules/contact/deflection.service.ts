import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { reachedWithinWindow } from '~core/contact';
import type { Database } from '~server/db/schema.ts';
import * as repository from './deflection.repository.ts';

/*
 * Deflection: what a visitor of a contact flow was shown before reaching people, and whether
 * they went on to reach one, so the share solved without a person can be told per flow and
 * region (docs/contact-support.md).
 */

export type ContactFlow =
  'hub' | 'book-a-call' | 'chat' | 'sign-in-help' | 'mfa-help' | 'raise-case';

export interface ShownHelp {
  flow: ContactFlow;
  region: string;
  topic: string;
  sawAnswer: boolean;
  articlesShown: number;
}

/** Records the help a visitor was shown; the id goes with them to the way they choose next. */
export async function recordShownHelp(
  db: Kysely<Database>,
  shown: ShownHelp,
  now: Date,
): Promise<string> {
  const id = randomUUID();
  await repository.insertDeflection(db, {
    id,
    flow: shown.flow,
    region: shown.region,
    topic: shown.topic,
    saw_answer: shown.sawAnswer ? 1 : 0,
    articles_shown: shown.articlesShown,
    reached_person: 0,
    created_at: now.toISOString(),
    reached_at: null,
  });
  return id;
}

/**
 * The visitor shown this help went on to reach a person (booked, asked for a callback…); only
 * the first time counts, and it undoes the help only within the deflection window.
 */
export async function recordReachedPerson(
  db: Kysely<Database>,
  shownId: string,
  now: Date,
): Promise<void> {
  if (!/^[0-9a-f-]{36}$/.test(shownId)) return;
  const shownAt = await repository.findShownAt(db, shownId);
  if (shownAt === undefined) return;
  await repository.markReached(db, shownId, {
    at: now.toISOString(),
    inWindow: reachedWithinWindow(new Date(shownAt), now),
  });
}

/** The visitor was shown one more answer, citing `articles` articles (a chat's assistant). */
export async function recordAnswerShown(
  db: Kysely<Database>,
  shownId: string,
  articles: number,
): Promise<void> {
  await repository.addAnswerShown(db, shownId, articles);
}

export interface DeflectionLine {
  flow: string;
  region: string;
  visits: number;
  reachedPerson: number;
  /** Share of visits solved without a person, 0–1. */
  solvedRate: number;
}

export async function deflectionReport(
  db: Kysely<Database>,
  since: Date,
): Promise<DeflectionLine[]> {
  return (await repository.countDeflections(db, since.toISOString())).map((line) => ({
    flow: line.flow,
    region: line.region,
    visits: line.visits,
    reachedPerson: line.reached,
    solvedRate: line.visits === 0 ? 0 : (line.visits - line.reached) / line.visits,
  }));
}
