import { randomUUID } from 'node:crypto';
import type { PeopleAction } from '~core/practices';
import type { Kysely } from 'kysely';
import type { Database } from '~server/db/schema.ts';
import type { PracticeUser } from './practices.context.ts';
import { insertPeopleEntry } from './people.repository.ts';

/** Writes one line of the people's audit trail, in the caller's transaction. */
export async function recordPeopleChange(
  trx: Kysely<Database>,
  change: {
    practiceId: string;
    action: PeopleAction;
    email: string;
    personName: string;
    role: string;
    actor: PracticeUser;
    at: string;
  },
): Promise<void> {
  await insertPeopleEntry(trx, {
    id: randomUUID(),
    practice_id: change.practiceId,
    action: change.action,
    email: change.email,
    person_name: change.personName,
    role: change.role,
    actor_id: change.actor.id,
    actor_name: change.actor.name,
    created_at: change.at,
  });
}

/**
 * Ends a transaction with an answer instead of its writes: a step that cannot happen after
 * earlier ones did (a join the unique index refused) rolls them back.
 */
export class RolledBack<Outcome> extends Error {
  constructor(readonly outcome: Outcome) {
    super('rolled back');
  }
}

export async function unlessRolledBack<Outcome>(work: Promise<Outcome>): Promise<Outcome> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof RolledBack) return error.outcome as Outcome;
    throw error;
  }
}
