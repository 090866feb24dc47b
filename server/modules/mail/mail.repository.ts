import type { Insertable, Selectable } from 'kysely';
import type { ModuleDatabase } from '~server/db/schema.ts';
import type { MailOutboxTable, MailTables } from './mail.tables.ts';

type Db = ModuleDatabase<MailTables>;
export type OutboxRow = Selectable<MailOutboxTable>;

/** Queues messages; one already queued for the same event and recipient is left alone. */
export async function insertOutboxRows(
  db: Db,
  rows: readonly Insertable<MailOutboxTable>[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('mail_outbox')
    .values([...rows])
    .onConflict((conflict) => conflict.column('event_key').doNothing())
    .execute();
}

/** Ids of messages due now that nobody holds a live claim on, oldest first. */
export async function listDueIds(db: Db, now: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select('id')
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .where('available_at', '<=', now)
    .where((where) =>
      where.or([where('claimed_until', 'is', null), where('claimed_until', '<', now)]),
    )
    .orderBy('available_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Claims one message: the update only matches while nobody else holds a live claim, so of two
 * senders racing for the same row exactly one gets it, on both dialects.
 */
export async function claimOutboxRow(
  db: Db,
  id: string,
  claim: { token: string; now: string; until: string },
): Promise<OutboxRow | undefined> {
  const result = await db
    .updateTable('mail_outbox')
    .set((eb) => ({
      claim_token: claim.token,
      claimed_until: claim.until,
      attempts: eb('attempts', '+', 1),
    }))
    .where('id', '=', id)
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .where((where) =>
      where.or([where('claimed_until', 'is', null), where('claimed_until', '<', claim.now)]),
    )
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  return db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('id', '=', id)
    .where('claim_token', '=', claim.token)
    .executeTakeFirst();
}

/**
 * Gives back a claim whose sender never tried the message: free to claim at once, and not
 * counted as an attempt. Nothing happens when the claim was never written.
 */
export async function releaseOutboxClaim(db: Db, id: string, token: string): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set((eb) => ({ claim_token: null, claimed_until: null, attempts: eb('attempts', '-', 1) }))
    .where('id', '=', id)
    .where('claim_token', '=', token)
    .where('sent_at', 'is', null)
    .execute();
}

/** Marks a claimed message sent; false when the claim was lost in the meantime. */
export async function markOutboxSent(
  db: Db,
  id: string,
  token: string,
  sentAt: string,
): Promise<boolean> {
  const result = await db
    .updateTable('mail_outbox')
    .set({ sent_at: sentAt, claim_token: null, claimed_until: null, last_error: null })
    .where('id', '=', id)
    .where('claim_token', '=', token)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Releases a claimed message after a failed attempt: retried from `retryAt`, or given up. */
export async function markOutboxFailed(
  db: Db,
  id: string,
  token: string,
  failure: { error: string; retryAt: string | null; now: string },
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({
      claim_token: null,
      claimed_until: null,
      last_error: failure.error,
      ...(failure.retryAt === null
        ? { failed_at: failure.now }
        : { available_at: failure.retryAt }),
    })
    .where('id', '=', id)
    .where('claim_token', '=', token)
    .execute();
}

/** The outbox in three counts: waiting to be sent, sent, and given up on. */
export async function countOutbox(
  db: Db,
): Promise<{ waiting: number; sent: number; failed: number }> {
  const row = await db
    .selectFrom('mail_outbox')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('total'),
      eb.fn.count<number | string>('sent_at').as('sent'),
      eb.fn.count<number | string>('failed_at').as('failed'),
    ])
    .executeTakeFirstOrThrow();
  const sent = Number(row.sent);
  const failed = Number(row.failed);
  return { waiting: Number(row.total) - sent - failed, sent, failed };
}

export async function listOutbox(db: Db): Promise<OutboxRow[]> {
  return db.selectFrom('mail_outbox').selectAll().orderBy('created_at').orderBy('id').execute();
}

/** Every message to a deleted account's address, sent or waiting, goes from the outbox. */
export async function forgetRecipient(db: Db, recipient: string): Promise<void> {
  await db.deleteFrom('mail_outbox').where('recipient', '=', recipient).execute();
}
