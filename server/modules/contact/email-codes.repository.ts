import type { Insertable, Selectable } from 'kysely';
import type { ModuleDatabase } from '~server/db/schema.ts';
import type { ContactEmailCodeTable, ContactTables } from './contact.tables.ts';

type Db = ModuleDatabase<ContactTables>;

export type EmailCodeRow = Selectable<ContactEmailCodeTable>;

export async function insertCode(db: Db, row: Insertable<ContactEmailCodeTable>): Promise<void> {
  await db.insertInto('contact_email_code').values(row).execute();
}

/** The address's newest code for the flow: the one a visitor types next. */
export async function latestCode(
  db: Db,
  flow: string,
  email: string,
): Promise<EmailCodeRow | undefined> {
  return db
    .selectFrom('contact_email_code')
    .selectAll()
    .where('flow', '=', flow)
    .where('email', '=', email)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Counts a try against the code in one statement, while it has tries left: two tries at once
 * both count. False when it had none left.
 */
export async function countTry(db: Db, id: string, maxTries: number): Promise<boolean> {
  const result = await db
    .updateTable('contact_email_code')
    .set((eb) => ({ tries: eb('tries', '+', 1) }))
    .where('id', '=', id)
    .where('tries', '<', maxTries)
    .where('verified_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks the code typed right, once, with the hash of the proof it gives. */
export async function markVerified(
  db: Db,
  id: string,
  proof: { hash: string; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('contact_email_code')
    .set({ proof_hash: proof.hash, verified_at: proof.at })
    .where('id', '=', id)
    .where('verified_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findByProof(
  db: Db,
  flow: string,
  proofHash: string,
): Promise<EmailCodeRow | undefined> {
  return db
    .selectFrom('contact_email_code')
    .selectAll()
    .where('flow', '=', flow)
    .where('proof_hash', '=', proofHash)
    .executeTakeFirst();
}

/** Ties the proof to the case it raises, once: false when a case was raised with it already. */
export async function claimForCase(db: Db, id: string, caseId: string): Promise<boolean> {
  const result = await db
    .updateTable('contact_email_code')
    .set({ case_id: caseId })
    .where('id', '=', id)
    .where('case_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes the codes that can no longer be typed nor carry a proof (codePurgeCutoffs). */
export async function deleteSpentCodes(
  db: Db,
  cutoffs: { expiredBy: string; verifiedBefore: string },
): Promise<number> {
  const result = await db
    .deleteFrom('contact_email_code')
    .where('expires_at', '<=', cutoffs.expiredBy)
    .where((eb) =>
      eb.or([eb('verified_at', 'is', null), eb('verified_at', '<=', cutoffs.verifiedBefore)]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Forgets every code sent to an address: its account was erased (docs/privacy.md). */
export async function forgetContactCodes(db: Db, email: string): Promise<void> {
  await db.deleteFrom('contact_email_code').where('email', '=', email).execute();
}
