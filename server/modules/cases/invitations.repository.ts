import type { ModuleDatabase } from '~server/db/schema.ts';
import type { CaseTables, InvitationRow } from './cases.tables.ts';

type Db = ModuleDatabase<Pick<CaseTables, 'support_case_invitation'>>;

export async function insertInvitation(db: Db, row: InvitationRow): Promise<void> {
  await db.insertInto('support_case_invitation').values(row).execute();
}

export async function findInvitationByHash(
  db: Db,
  tokenHash: string,
): Promise<InvitationRow | undefined> {
  return db
    .selectFrom('support_case_invitation')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks an unused invitation used; false when another request used it first. */
export async function useInvitation(
  db: Db,
  id: string,
  usedBy: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('support_case_invitation')
    .set({ used_at: now, used_by: usedBy })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The invitations of a case still waiting to be used, newest first. */
export async function listOpenInvitations(
  db: Db,
  caseId: string,
  now: string,
): Promise<InvitationRow[]> {
  return db
    .selectFrom('support_case_invitation')
    .selectAll()
    .where('case_id', '=', caseId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .execute();
}
