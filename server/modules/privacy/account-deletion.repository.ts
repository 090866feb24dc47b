import type { Selectable } from 'kysely';
import type { ModuleDatabase } from '~server/db/schema.ts';
import type { AccountDeletionRequestTable, PrivacyTables } from './privacy.tables.ts';

type Db = ModuleDatabase<PrivacyTables>;
export type AccountDeletionRow = Selectable<AccountDeletionRequestTable>;

/** The user's open request: neither cancelled nor carried out. */
export async function findOpenRequest(
  db: Db,
  userId: string,
): Promise<AccountDeletionRow | undefined> {
  return db
    .selectFrom('account_deletion_request')
    .selectAll()
    .where('user_id', '=', userId)
    .where('cancelled_at', 'is', null)
    .where('carried_out_at', 'is', null)
    .executeTakeFirst();
}

/** Opens a request unless one is open already; true when this call opened it. */
export async function insertRequestIfNone(
  db: Db,
  row: { id: string; userId: string; at: string },
): Promise<boolean> {
  const result = await db
    .insertInto('account_deletion_request')
    .values({
      id: row.id,
      user_id: row.userId,
      requested_at: row.at,
      link_sent_at: row.at,
    })
    .onConflict((conflict) =>
      conflict
        .column('user_id')
        .where('cancelled_at', 'is', null)
        .where('carried_out_at', 'is', null)
        .doNothing(),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * Moves the time of the last confirmation e-mail, only if it is still the one the caller read:
 * of two clicks at once, one sends the e-mail.
 */
export async function markLinkResent(
  db: Db,
  id: string,
  previous: string,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('account_deletion_request')
    .set({ link_sent_at: at })
    .where('id', '=', id)
    .where('link_sent_at', '=', previous)
    .where('confirmed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markConfirmed(
  db: Db,
  id: string,
  at: string,
  dueAt: string,
): Promise<boolean> {
  const result = await db
    .updateTable('account_deletion_request')
    .set({ confirmed_at: at, due_at: dueAt })
    .where('id', '=', id)
    .where('confirmed_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markCancelled(db: Db, userId: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('account_deletion_request')
    .set({ cancelled_at: at })
    .where('user_id', '=', userId)
    .where('cancelled_at', 'is', null)
    .where('carried_out_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Confirmed requests whose grace period has passed, oldest first. */
export async function listDueRequests(
  db: Db,
  now: string,
  limit: number,
): Promise<AccountDeletionRow[]> {
  return db
    .selectFrom('account_deletion_request')
    .selectAll()
    .where('due_at', '<=', now)
    .where('cancelled_at', 'is', null)
    .where('carried_out_at', 'is', null)
    .orderBy('due_at')
    .limit(limit)
    .execute();
}

/** Only a request still open is carried out: a cancellation that came first wins. */
export async function markCarriedOut(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('account_deletion_request')
    .set({ carried_out_at: at })
    .where('id', '=', id)
    .where('cancelled_at', 'is', null)
    .where('carried_out_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
