/*
 * A support case's life (docs/cases.md): new until an agent first answers, open while the
 * support team works on it, awaiting your reply when the agent waits for the customer, solved
 * when someone marks it so, closed for good 14 days after solving. A solved case can be
 * reopened within those 14 days; after that a new question is a follow-up case.
 */

export const CASE_STATUSES = ['new', 'open', 'awaiting-reply', 'solved', 'closed'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

export const CASE_STATUS_LABELS: Readonly<Record<CaseStatus, string>> = {
  new: 'New',
  open: 'Open',
  'awaiting-reply': 'Awaiting your reply',
  solved: 'Solved',
  closed: 'Closed',
};

/** Days after solving during which the case may be reopened; it closes itself after them. */
export const REOPEN_WINDOW_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

export function isCaseStatus(value: string): value is CaseStatus {
  return (CASE_STATUSES as readonly string[]).includes(value);
}

/** The statuses in which the case is still being worked on. */
export function isActive(status: CaseStatus): boolean {
  return status === 'new' || status === 'open' || status === 'awaiting-reply';
}

/** The moment a case solved at `solvedAt` stops being reopenable and closes itself. */
export function closesAt(solvedAt: Date): Date {
  return new Date(solvedAt.getTime() + REOPEN_WINDOW_DAYS * DAY_MS);
}

/** The latest solving time of the cases that are due to close at `now`. */
export function closingCutoff(now: Date): Date {
  return new Date(now.getTime() - REOPEN_WINDOW_DAYS * DAY_MS);
}

export interface CaseTiming {
  status: CaseStatus;
  /** ISO time it was last solved, null when never. */
  solvedAt: string | null;
}

/** Whether the case is solved and its 14 days have passed: the close job closes it. */
export function isDueToClose(timing: CaseTiming, now: Date): boolean {
  return (
    timing.status === 'solved' &&
    timing.solvedAt !== null &&
    now.getTime() >= closesAt(new Date(timing.solvedAt)).getTime()
  );
}

/**
 * What "reopen" does: reopen a solved case within its window; once the window has passed (or
 * the case is closed) the customer raises a follow-up case linked to this one instead.
 */
export function reopenOutcome(timing: CaseTiming, now: Date): 'reopen' | 'follow-up' | 'none' {
  if (timing.status === 'closed') return 'follow-up';
  if (timing.status !== 'solved') return 'none';
  return isDueToClose(timing, now) ? 'follow-up' : 'reopen';
}

/** Who writes a message on a case: its owner, a colleague on it, or the support team. */
export type AuthorRole = 'customer' | 'colleague' | 'agent';

export const AUTHOR_ROLE_LABELS: Readonly<Record<AuthorRole, string>> = {
  customer: 'Customer',
  colleague: 'Colleague',
  agent: 'Support agent',
};

/**
 * The status after a public message. An agent's reply waits for the customer; a customer's
 * message puts the case back with the support team (a solved case within its window reopens).
 * Undefined when the case takes no messages (closed, or solved past its window).
 */
export function statusAfterMessage(
  timing: CaseTiming,
  role: AuthorRole,
  now: Date,
): CaseStatus | undefined {
  if (timing.status === 'closed') return undefined;
  if (timing.status === 'solved' && reopenOutcome(timing, now) !== 'reopen') return undefined;
  if (role === 'agent') return 'awaiting-reply';
  return timing.status === 'new' ? 'new' : 'open';
}

/** Anyone who may see a case may mark it solved while it is being worked on. */
export function mayMarkSolved(status: CaseStatus): boolean {
  return isActive(status);
}

/** A case is rated once it is solved or closed. */
export function mayRate(status: CaseStatus): boolean {
  return status === 'solved' || status === 'closed';
}
