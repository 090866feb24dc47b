import type { Insertable, Selectable } from 'kysely';
import type { ModuleDatabase } from '~server/db/schema.ts';
import type {
  PracticeLeadTable,
  PracticeLogoTable,
  PracticeModerationEntryTable,
  PracticeReviewTable,
  PracticesTables,
} from './practices.tables.ts';

type Db = ModuleDatabase<PracticesTables>;

export type LeadRow = Selectable<PracticeLeadTable>;
export type ReviewRow = Selectable<PracticeReviewTable>;

/** Inserts the lead once per form key; false when this form was sent before. */
export async function insertLead(db: Db, row: Insertable<PracticeLeadTable>): Promise<boolean> {
  const result = await db
    .insertInto('practice_lead')
    .values(row)
    .onConflict((conflict) => conflict.column('request_key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function listLeads(db: Db, practiceId: string, limit: number): Promise<LeadRow[]> {
  return db
    .selectFrom('practice_lead')
    .selectAll()
    .where('practice_id', '=', practiceId)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Answers a lead of this practice; false when it is another practice's or answered already. */
export async function answerLead(
  db: Db,
  practiceId: string,
  leadId: string,
  answer: { text: string; by: string; at: string },
): Promise<LeadRow | undefined> {
  return db
    .updateTable('practice_lead')
    .set({
      status: 'answered',
      answer: answer.text,
      answered_by: answer.by,
      answered_at: answer.at,
    })
    .where('id', '=', leadId)
    .where('practice_id', '=', practiceId)
    .where('status', '=', 'new')
    .returningAll()
    .executeTakeFirst();
}

export async function insertReview(db: Db, row: Insertable<PracticeReviewTable>): Promise<void> {
  await db
    .insertInto('practice_review')
    .values(row)
    .onConflict((conflict) => conflict.column('request_key').doNothing())
    .execute();
}

export async function listApprovedReviews(db: Db, practiceId: string, limit: number) {
  return db
    .selectFrom('practice_review')
    .select(['id', 'name', 'rating', 'body', 'created_at'])
    .where('practice_id', '=', practiceId)
    .where('status', '=', 'approved')
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

export async function listPendingReviews(db: Db, limit: number) {
  return db
    .selectFrom('practice_review')
    .innerJoin('practice', 'practice.id', 'practice_review.practice_id')
    .select([
      'practice_review.id',
      'practice_review.practice_id',
      'practice_review.name',
      'practice_review.rating',
      'practice_review.body',
      'practice_review.created_at',
      'practice.name as practice_name',
    ])
    .where('practice_review.status', '=', 'pending')
    .orderBy('practice_review.created_at')
    .limit(limit)
    .execute();
}

/** Decides a pending review; undefined when another moderator decided it first. */
export async function decideReview(
  db: Db,
  reviewId: string,
  decision: { status: 'approved' | 'rejected'; at: string },
): Promise<ReviewRow | undefined> {
  return db
    .updateTable('practice_review')
    .set({ status: decision.status, decided_at: decision.at })
    .where('id', '=', reviewId)
    .where('status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

export async function insertModerationEntry(
  db: Db,
  row: Insertable<PracticeModerationEntryTable>,
): Promise<void> {
  await db.insertInto('practice_moderation_entry').values(row).execute();
}

export async function listModerationEntries(db: Db, limit: number) {
  return db
    .selectFrom('practice_moderation_entry')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function saveLogo(db: Db, row: Insertable<PracticeLogoTable>): Promise<void> {
  await db
    .insertInto('practice_logo')
    .values(row)
    .onConflict((conflict) => conflict.column('content_key').doNothing())
    .execute();
}

export async function findLogo(db: Db, contentKey: string) {
  return db
    .selectFrom('practice_logo')
    .select(['content_type', 'bytes'])
    .where('content_key', '=', contentKey)
    .executeTakeFirst();
}
