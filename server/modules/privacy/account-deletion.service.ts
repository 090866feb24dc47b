import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  accountDeletionState,
  deletionDueAt,
  mayResendDeletionLink,
  preferenceLinkPayload,
  PREFERENCE_LINK_PROBLEMS,
  type AccountDeletionState,
} from '~core/consent';
import { escapeHtml } from '~core/content';
import type { Database } from '~server/db/schema.ts';
import { queueMail } from '~server/modules/mail';
import * as repository from './account-deletion.repository.ts';
import { detachConsentRecordsFromUser } from './consent-records.repository.ts';
import type { PreferenceLinks } from './preference-links.ts';
import { deleteSubscribers } from './preferences.repository.ts';
import { checkLink } from './preferences.service.ts';

/** Who asks, and what the e-mails need. */
export interface DeletionContext {
  userId: string;
  /** The account's address, lower case: the confirmation link goes there. */
  email: string;
  now: Date;
  links: PreferenceLinks;
  /** The deletion page's absolute URL, which the e-mails link to. */
  pageUrl: string;
  brand: string;
}

export type DeletionOutcome =
  | { status: 'link-sent'; email: string }
  | { status: 'scheduled'; dueAt: string }
  | { status: 'cancelled' }
  | { status: 'refused'; message: string };

function toRecord(row: repository.AccountDeletionRow | undefined) {
  return (
    row && {
      requestedAt: row.requested_at,
      linkSentAt: row.link_sent_at,
      confirmedAt: row.confirmed_at,
      dueAt: row.due_at,
      cancelledAt: row.cancelled_at,
      carriedOutAt: row.carried_out_at,
    }
  );
}

export async function accountDeletionOf(
  db: Kysely<Database>,
  userId: string,
): Promise<AccountDeletionState> {
  return accountDeletionState(toRecord(await repository.findOpenRequest(db, userId)));
}

function confirmationMail(context: DeletionContext, requestId: string) {
  const token = context.links.sign(
    preferenceLinkPayload('delete-account', context.email, context.now),
  );
  const confirm = `${context.pageUrl}?confirm=${token}`;
  return {
    eventKey: `account-deletion-link:${requestId}:${context.now.toISOString()}`,
    to: context.email,
    subject: `Confirm that you want to delete your ${context.brand} account`,
    text: [
      'Hello,',
      '',
      `You asked us to delete your ${context.brand} account.`,
      `Confirm it here within 24 hours: ${confirm}`,
      '',
      'If it was not you, ignore this e-mail: your account stays as it is.',
    ].join('\n'),
    html: [
      '<p>Hello,</p>',
      `<p>You asked us to delete your ${escapeHtml(context.brand)} account.</p>`,
      `<p><a href="${escapeHtml(confirm)}">Confirm the deletion</a> within 24 hours.</p>`,
      '<p>If it was not you, ignore this e-mail: your account stays as it is.</p>',
    ].join('\n'),
  };
}

function scheduledMail(context: DeletionContext, requestId: string, dueAt: Date) {
  const day = dueAt.toISOString().slice(0, 10);
  return {
    eventKey: `account-deletion-scheduled:${requestId}`,
    to: context.email,
    subject: `Your ${context.brand} account will be deleted on ${day}`,
    text: [
      'Hello,',
      '',
      `Your ${context.brand} account will be deleted on ${day} (UTC).`,
      'Your posts will stay in the community under the name "Deleted member";',
      'everything else about you will be removed.',
      '',
      `Changed your mind? Sign in and choose "Keep my account" before then: ${context.pageUrl}`,
    ].join('\n'),
    html: [
      '<p>Hello,</p>',
      `<p>Your ${escapeHtml(context.brand)} account will be deleted on ${day} (UTC).</p>`,
      '<p>Your posts will stay in the community under the name “Deleted member”; everything else about you will be removed.</p>',
      `<p>Changed your mind? <a href="${escapeHtml(context.pageUrl)}">Sign in and choose “Keep my account”</a> before then.</p>`,
    ].join('\n'),
  };
}

/**
 * Asks to delete the account: opens the request and e-mails the confirmation link. A second ask
 * soon after (a double click) sends nothing more; a later one sends a fresh link.
 */
export async function requestAccountDeletion(
  db: Kysely<Database>,
  context: DeletionContext,
): Promise<DeletionOutcome> {
  return db.transaction().execute(async (trx) => {
    const at = context.now.toISOString();
    const id = randomUUID();
    if (await repository.insertRequestIfNone(trx, { id, userId: context.userId, at })) {
      await queueMail(trx, [confirmationMail(context, id)], context.now);
      return { status: 'link-sent', email: context.email };
    }
    const open = await repository.findOpenRequest(trx, context.userId);
    if (!open) return { status: 'refused', message: 'Try again: the request was just closed.' };
    if (open.confirmed_at && open.due_at) return { status: 'scheduled', dueAt: open.due_at };
    if (
      mayResendDeletionLink(open.link_sent_at, context.now) &&
      (await repository.markLinkResent(trx, open.id, open.link_sent_at, at))
    ) {
      await queueMail(trx, [confirmationMail(context, open.id)], context.now);
    }
    return { status: 'link-sent', email: context.email };
  });
}

/** The e-mailed link's second step: the deletion is scheduled for the end of the grace period. */
export async function confirmAccountDeletion(
  db: Kysely<Database>,
  context: DeletionContext & { token: string; graceDays: number },
): Promise<DeletionOutcome> {
  const link = checkLink(
    context.links,
    context.token,
    'delete-account',
    context.now,
    context.email,
  );
  if (!link.ok) return { status: 'refused', message: PREFERENCE_LINK_PROBLEMS[link.problem] };
  return db.transaction().execute(async (trx) => {
    const open = await repository.findOpenRequest(trx, context.userId);
    if (!open) {
      return {
        status: 'refused',
        message:
          'There is no request to delete this account: it was cancelled. Ask again if you still want it deleted.',
      };
    }
    if (open.confirmed_at && open.due_at) return { status: 'scheduled', dueAt: open.due_at };
    const dueAt = deletionDueAt(context.now, context.graceDays);
    if (
      await repository.markConfirmed(trx, open.id, context.now.toISOString(), dueAt.toISOString())
    ) {
      await queueMail(trx, [scheduledMail(context, open.id, dueAt)], context.now);
    }
    const after = await repository.findOpenRequest(trx, context.userId);
    return after?.due_at
      ? { status: 'scheduled', dueAt: after.due_at }
      : { status: 'refused', message: 'Try again: the request changed meanwhile.' };
  });
}

/** "Keep my account": any open request ends, and the account stays as it is. */
export async function cancelAccountDeletion(
  db: Kysely<Database>,
  userId: string,
  now: Date,
): Promise<DeletionOutcome> {
  await repository.markCancelled(db, userId, now.toISOString());
  return { status: 'cancelled' };
}

/** Confirmed requests whose grace period has passed. */
export async function dueAccountDeletions(
  db: Kysely<Database>,
  now: Date,
  limit = 50,
): Promise<Array<{ requestId: string; userId: string }>> {
  const rows = await repository.listDueRequests(db, now.toISOString(), limit);
  return rows.map((row) => ({ requestId: row.id, userId: row.user_id }));
}

/**
 * Within the erasure's transaction: marks the request carried out, and removes the privacy
 * module's own records of the person. False when the request was cancelled meanwhile, and then
 * the caller must roll back.
 */
export async function closeAccountDeletion(
  db: Kysely<Database>,
  request: { requestId: string; userId: string; email: string | null },
  now: Date,
): Promise<boolean> {
  if (!(await repository.markCarriedOut(db, request.requestId, now.toISOString()))) return false;
  await detachConsentRecordsFromUser(db, request.userId);
  await deleteSubscribers(db, {
    userId: request.userId,
    email: request.email?.toLowerCase() ?? null,
  });
  return true;
}
