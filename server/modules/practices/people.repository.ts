import type { Insertable, Selectable } from 'kysely';
import type { ModuleDatabase } from '~server/db/schema.ts';
import type {
  PracticeInvitationTable,
  PracticeRole,
  PracticePeopleEntryTable,
  PracticesTables,
} from './practices.tables.ts';

/* The practice's people beyond joining by request: invitations, removal and the audit trail. */

type Db = ModuleDatabase<PracticesTables>;

export type InvitationRow = Selectable<PracticeInvitationTable>;

/** Inserts the invitation unless the address has one pending for the practice already. */
export async function insertInvitation(
  db: Db,
  row: Insertable<PracticeInvitationTable>,
): Promise<boolean> {
  const result = await db
    .insertInto('practice_invitation')
    .values(row)
    .onConflict((conflict) => conflict.column('pending_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function findPendingInvitation(db: Db, pendingKey: string) {
  return db
    .selectFrom('practice_invitation')
    .selectAll()
    .where('pending_key', '=', pendingKey)
    .executeTakeFirst();
}

export async function findInvitationByHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('practice_invitation')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function listPendingInvitations(db: Db, practiceId: string) {
  return db
    .selectFrom('practice_invitation')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .where('status', '=', 'pending')
    .orderBy('created_at')
    .orderBy('email')
    .execute();
}

/**
 * Closes a pending invitation (accepted, withdrawn or lapsed); undefined when it was not pending,
 * so of two closings at once only one changes anything.
 */
export async function closeInvitation(
  db: Db,
  id: string,
  practiceId: string,
  change: { status: 'accepted' | 'withdrawn' | 'lapsed'; at: string; acceptedBy?: string },
): Promise<InvitationRow | undefined> {
  return db
    .updateTable('practice_invitation')
    .set({
      status: change.status,
      pending_key: null,
      closed_at: change.at,
      accepted_by: change.acceptedBy ?? null,
    })
    .where('id', '=', id)
    .where('practice_id', '=', practiceId)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

/** Takes the person out of the practice; answers whether they were in it. */
export async function deletePerson(db: Db, practiceId: string, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('practice_person')
    .where('practice_id', '=', practiceId)
    .where('user_id', '=', userId)
    .where('role', '!=', 'principal')
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function insertPeopleEntry(
  db: Db,
  row: Insertable<PracticePeopleEntryTable>,
): Promise<void> {
  await db.insertInto('practice_people_entry').values(row).execute();
}

/** The practice's latest changes of people, newest first. */
export async function listPeopleEntries(db: Db, practiceId: string, limit: number) {
  return db
    .selectFrom('practice_people_entry')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export async function findInvitationById(db: Db, id: string) {
  return db.selectFrom('practice_invitation').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Changes a person's role if it is still `from`: of two hand-overs at once by one principal
 * contact, only the first finds them principal.
 */
export async function changeRole(
  db: Db,
  practiceId: string,
  userId: string,
  from: PracticeRole,
  to: PracticeRole,
): Promise<boolean> {
  const result = await db
    .updateTable('practice_person')
    .set({ role: to })
    .where('practice_id', '=', practiceId)
    .where('user_id', '=', userId)
    .where('role', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
