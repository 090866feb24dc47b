import type { Insertable, Selectable } from 'kysely';
import type { ModuleDatabase } from '~server/db/schema.ts';
import type {
  CaseTables,
  DraftFileRow,
  SupportCaseDraftFileTable,
  SupportCaseDraftTable,
} from './cases.tables.ts';

type Db = ModuleDatabase<CaseTables>;

export type DraftRow = Selectable<SupportCaseDraftTable>;

export async function findDraft(db: Db, id: string): Promise<DraftRow | undefined> {
  return db.selectFrom('support_case_draft').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertDraft(db: Db, row: Insertable<SupportCaseDraftTable>): Promise<void> {
  await db.insertInto('support_case_draft').values(row).execute();
}

/** Marks the draft as changed now: its files lapse a day after its last change. */
export async function touchDraft(db: Db, id: string, at: string): Promise<void> {
  await db.updateTable('support_case_draft').set({ touched_at: at }).where('id', '=', id).execute();
}

export async function insertDraftFiles(
  db: Db,
  rows: readonly Insertable<SupportCaseDraftFileTable>[],
): Promise<void> {
  if (rows.length > 0)
    await db
      .insertInto('support_case_draft_file')
      .values([...rows])
      .execute();
}

/** A draft's files in the order they were chosen (ids are random, so names break ties). */
export async function listDraftFiles(db: Db, draftId: string): Promise<DraftFileRow[]> {
  return db
    .selectFrom('support_case_draft_file')
    .selectAll()
    .where('draft_id', '=', draftId)
    .orderBy('created_at', 'asc')
    .orderBy('file_name', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/** A draft's file with its draft's owner, flow and last change, for the owner's download. */
export async function findDraftFile(db: Db, id: string) {
  return db
    .selectFrom('support_case_draft_file as file')
    .innerJoin('support_case_draft as draft', 'draft.id', 'file.draft_id')
    .selectAll('file')
    .select(['draft.user_id', 'draft.queue', 'draft.touched_at'])
    .where('file.id', '=', id)
    .executeTakeFirst();
}

/**
 * Takes one file off a draft; the row deleted is returned, so only the caller that removed it
 * removes its bytes.
 */
export async function deleteDraftFile(
  db: Db,
  draftId: string,
  id: string,
): Promise<DraftFileRow | undefined> {
  return db
    .deleteFrom('support_case_draft_file')
    .where('draft_id', '=', draftId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Takes every file off a draft and removes the draft, returning the files taken (in no order):
 * a submit and the sweep racing for the same files each get only the rows they deleted.
 */
export async function deleteDraft(db: Db, draftId: string): Promise<DraftFileRow[]> {
  const files = await db
    .deleteFrom('support_case_draft_file')
    .where('draft_id', '=', draftId)
    .returningAll()
    .execute();
  await db.deleteFrom('support_case_draft').where('id', '=', draftId).execute();
  return files;
}

/**
 * Removes the drafts that have not changed since `cutoff` with their files, returning the ids
 * of the files removed (their bytes are the caller's to remove). A draft changed meanwhile is
 * kept: the draft's delete looks at its time again.
 */
export async function deleteLapsedDrafts(db: Db, cutoff: string): Promise<string[]> {
  const files = await db
    .deleteFrom('support_case_draft_file')
    .where('draft_id', 'in', (query) =>
      query.selectFrom('support_case_draft').select('id').where('touched_at', '<', cutoff),
    )
    .returning('id')
    .execute();
  await db.deleteFrom('support_case_draft').where('touched_at', '<', cutoff).execute();
  return files.map((file) => file.id);
}
