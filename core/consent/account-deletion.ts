/**
 * Deleting an account (docs/privacy.md): the user asks, confirms from an e-mailed link, and a
 * job carries it out once the grace period has passed; until then they can keep the account.
 */

/** Days between the confirmation and the deletion, unless configured otherwise. */
export const ACCOUNT_DELETION_GRACE_DAYS = 14;

/** The least time between two confirmation e-mails for one account. */
export const DELETION_LINK_RESEND_MS = 10 * 60 * 1000;

/** What a deleted member is called wherever their posts stay. */
export const ERASED_MEMBER = { firstName: 'Deleted', lastName: 'member' } as const;

export type AccountDeletionState =
  | { stage: 'none' }
  | { stage: 'awaiting-confirmation'; requestedAt: string; linkSentAt: string }
  | { stage: 'scheduled'; confirmedAt: string; dueAt: string };

/** The request as stored: null times are steps not (yet) taken. */
export interface AccountDeletionRecord {
  requestedAt: string;
  linkSentAt: string;
  confirmedAt: string | null;
  dueAt: string | null;
  cancelledAt: string | null;
  carriedOutAt: string | null;
}

/** Where an account stands, from its latest request (or none). */
export function accountDeletionState(
  record: AccountDeletionRecord | undefined,
): AccountDeletionState {
  if (!record || record.cancelledAt || record.carriedOutAt) return { stage: 'none' };
  if (record.confirmedAt && record.dueAt) {
    return { stage: 'scheduled', confirmedAt: record.confirmedAt, dueAt: record.dueAt };
  }
  return {
    stage: 'awaiting-confirmation',
    requestedAt: record.requestedAt,
    linkSentAt: record.linkSentAt,
  };
}

/** When a deletion confirmed now is carried out. */
export function deletionDueAt(confirmedAt: Date, graceDays: number): Date {
  return new Date(confirmedAt.getTime() + graceDays * 24 * 60 * 60 * 1000);
}

/** Whether another confirmation e-mail may go out now (a double click sends one). */
export function mayResendDeletionLink(linkSentAt: string | null, now: Date): boolean {
  return linkSentAt === null || now.getTime() - Date.parse(linkSentAt) >= DELETION_LINK_RESEND_MS;
}

/** Whether a scheduled deletion is due. */
export function isDeletionDue(state: AccountDeletionState, now: Date): boolean {
  return state.stage === 'scheduled' && Date.parse(state.dueAt) <= now.getTime();
}
