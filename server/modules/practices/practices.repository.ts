import type { Insertable, Selectable } from 'kysely';
import type { ModuleDatabase } from '~server/db/schema.ts';
import type {
  PracticeJoinRequestTable,
  PracticePersonTable,
  PracticesTables,
  PracticeTable,
} from './practices.tables.ts';

type Db = ModuleDatabase<PracticesTables>;

export type PracticeRow = Selectable<PracticeTable>;
export type PersonRow = Selectable<PracticePersonTable>;
export type JoinRequestRow = Selectable<PracticeJoinRequestTable>;

/**
 * Inserts the practice unless its form key or its registration number is taken; the caller
 * reads back which (a double submit, or a practice that exists already).
 */
export async function insertPractice(db: Db, row: Insertable<PracticeTable>): Promise<boolean> {
  const result = await db
    .insertInto('practice')
    .values(row)
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function findPracticeByRequestKey(db: Db, key: string) {
  return db.selectFrom('practice').selectAll().where('request_key', '=', key).executeTakeFirst();
}

export async function findPracticeByRegistration(db: Db, market: string, number: string) {
  return db
    .selectFrom('practice')
    .selectAll()
    .where('market', '=', market)
    .where('registration_number', '=', number)
    .executeTakeFirst();
}

export async function findPracticeById(db: Db, id: string) {
  return db.selectFrom('practice').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findPracticeBySlug(db: Db, slug: string) {
  return db.selectFrom('practice').selectAll().where('slug', '=', slug).executeTakeFirst();
}

export async function listPracticesByIds(db: Db, ids: readonly string[]): Promise<PracticeRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('practice').selectAll().where('id', 'in', ids).execute();
}

/**
 * Adds a person unless they belong to a practice already (this one or another: one practice a
 * person, held by a unique index); answers whether they were added.
 */
export async function insertPerson(db: Db, row: Insertable<PracticePersonTable>): Promise<boolean> {
  const result = await db
    .insertInto('practice_person')
    .values(row)
    .onConflict((conflict) => conflict.doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function listPeople(db: Db, practiceId: string): Promise<PersonRow[]> {
  return db
    .selectFrom('practice_person')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .orderBy('joined_at')
    .orderBy('name')
    .execute();
}

/** The practices a user belongs to, with their role in each, oldest membership first. */
export async function listMemberships(db: Db, userId: string) {
  return db
    .selectFrom('practice_person')
    .innerJoin('practice', 'practice.id', 'practice_person.practice_id')
    .select(['practice.id', 'practice.name', 'practice.slug', 'practice_person.role'])
    .where('practice_person.user_id', '=', userId)
    .orderBy('practice_person.joined_at')
    .execute();
}

/** Asks once: a second ask by the same person for the same practice changes nothing. */
export async function insertJoinRequest(
  db: Db,
  row: Insertable<PracticeJoinRequestTable>,
): Promise<void> {
  await db
    .insertInto('practice_join_request')
    .values(row)
    .onConflict((conflict) => conflict.columns(['practice_id', 'user_id']).doNothing())
    .execute();
}

export async function findJoinRequest(db: Db, practiceId: string, userId: string) {
  return db
    .selectFrom('practice_join_request')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function listPendingJoinRequests(db: Db, practiceId: string) {
  return db
    .selectFrom('practice_join_request')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .where('status', '=', 'pending')
    .orderBy('created_at')
    .execute();
}

/** Decides a pending request; undefined when it was decided already (or is not this practice's). */
export async function decideJoinRequest(
  db: Db,
  practiceId: string,
  requestId: string,
  decision: { status: 'approved' | 'declined'; by: string; at: string },
): Promise<JoinRequestRow | undefined> {
  return db
    .updateTable('practice_join_request')
    .set({ status: decision.status, decided_by: decision.by, decided_at: decision.at })
    .where('id', '=', requestId)
    .where('practice_id', '=', practiceId)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

/** Practices per tier and market, as they stand (the insight partner dashboard). */
export async function countPracticesByTier(db: Db) {
  const rows = await db
    .selectFrom('practice')
    .select((eb) => ['tier', 'market', eb.fn.countAll<number | string>().as('practices')])
    .groupBy(['tier', 'market'])
    .execute();
  return rows.map((row) => ({
    tier: row.tier,
    market: row.market,
    practices: Number(row.practices),
  }));
}
