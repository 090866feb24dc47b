import { IMPACTS, type CaseImpact } from './case-limits.ts';
import { isActive, type CaseStatus } from './case-status.ts';
import type { CaseQueue } from './partner-categories.ts';

/*
 * The agents' workspace (docs/cases.md): the queues a support agent works from, read from the
 * page's query string, how long a customer has been waiting, which statuses an agent sets, and
 * when a duplicate may be merged into another case.
 */

/** Public messages go to everyone on the case; internal notes stay with the support team. */
export type MessageVisibility = 'public' | 'internal';

export const AGENT_QUEUES = [
  'unassigned',
  'mine',
  'waiting',
  'partner',
  'identity',
  'all',
] as const;
export type AgentQueue = (typeof AGENT_QUEUES)[number];
export const AGENT_QUEUE_LABELS: Readonly<Record<AgentQueue, string>> = {
  unassigned: 'Unassigned',
  mine: 'Mine',
  waiting: 'Awaiting customer',
  partner: 'Partner queue',
  identity: 'Identity checks',
  all: 'All open cases',
};

export const AGENT_SORTS = ['waiting', 'impact', 'updated', 'number'] as const;
export type AgentSort = (typeof AGENT_SORTS)[number];
export const AGENT_SORT_LABELS: Readonly<Record<AgentSort, string>> = {
  waiting: 'Longest waiting',
  impact: 'Highest impact',
  updated: 'Last updated',
  number: 'Case number',
};

export const AGENT_QUEUE_PAGE_SIZE = 25;

export interface AgentQueueQuery {
  queue: AgentQueue;
  /** The priority: how many people the problem stops; '' for any. */
  impact: CaseImpact | '';
  /** A product key; '' for any. */
  product: string;
  sort: AgentSort;
  page: number;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : fallback;

/** The queue a query string asks for; anything unknown falls back to the default. */
export function agentQueueQuery(params: URLSearchParams): AgentQueueQuery {
  const page = Number(params.get('page') ?? '1');
  return {
    queue: oneOf(AGENT_QUEUES, params.get('queue'), 'unassigned'),
    impact: oneOf<CaseImpact | ''>(['', ...IMPACTS], params.get('impact'), ''),
    product: (params.get('product') ?? '').trim().slice(0, 100),
    sort: oneOf(AGENT_SORTS, params.get('sort'), 'waiting'),
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** The query string of a queue, leaving out the defaults, with `changes` applied. */
export function agentQueueSearch(
  query: AgentQueueQuery,
  changes: Partial<AgentQueueQuery> = {},
): string {
  const next = { ...query, ...changes };
  const params = new URLSearchParams();
  if (next.queue !== 'unassigned') params.set('queue', next.queue);
  if (next.impact !== '') params.set('impact', next.impact);
  if (next.product !== '') params.set('product', next.product);
  if (next.sort !== 'waiting') params.set('sort', next.sort);
  if (next.page > 1) params.set('page', String(next.page));
  const search = params.toString();
  return search === '' ? '' : `?${search}`;
}

/** What a queue holds, for the repository to turn into conditions. */
export interface AgentQueueFilter {
  statuses: CaseStatus[];
  /** 'none': nobody works on it yet; a user id: that agent's; undefined: anyone's. */
  assignee: 'none' | string | undefined;
  queue: CaseQueue | undefined;
}

const WORKED_ON: CaseStatus[] = ['new', 'open', 'awaiting-reply'];

export function agentQueueFilter(queue: AgentQueue, agentId: string): AgentQueueFilter {
  switch (queue) {
    case 'unassigned':
      return { statuses: ['new', 'open'], assignee: 'none', queue: undefined };
    case 'mine':
      return { statuses: WORKED_ON, assignee: agentId, queue: undefined };
    case 'waiting':
      return { statuses: ['awaiting-reply'], assignee: undefined, queue: undefined };
    case 'partner':
      return { statuses: WORKED_ON, assignee: undefined, queue: 'partner' };
    case 'identity':
      return { statuses: WORKED_ON, assignee: undefined, queue: 'identity' };
    case 'all':
      return { statuses: WORKED_ON, assignee: undefined, queue: undefined };
  }
}

/** Hours a customer may wait before the case is due, and before it is overdue. */
export const WAIT_DUE_HOURS = 4;
export const WAIT_OVERDUE_HOURS = 24;

export type WaitLevel = 'none' | 'fine' | 'due' | 'overdue';

export interface CustomerWait {
  level: WaitLevel;
  /** "45 min", "3 h 5 min", "2 d 4 h"; '' when nobody waits for the team. */
  label: string;
}

function waitLabel(minutes: number): string {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  const days = Math.floor(hours / 24);
  return hours % 24 === 0 ? `${days} d` : `${days} d ${hours % 24} h`;
}

/**
 * How long the customer has waited for the support team since their last message. Nobody
 * waits on a case awaiting the customer's reply, solved or closed.
 */
export function customerWait(
  status: CaseStatus,
  customerWroteAt: string | null,
  now: Date,
): CustomerWait {
  if (status === 'awaiting-reply' || !isActive(status) || customerWroteAt === null) {
    return { level: 'none', label: '' };
  }
  const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(customerWroteAt)) / 60_000));
  const level =
    minutes >= WAIT_OVERDUE_HOURS * 60
      ? 'overdue'
      : minutes >= WAIT_DUE_HOURS * 60
        ? 'due'
        : 'fine';
  return { level, label: waitLabel(minutes) };
}

/** The statuses an agent sets by hand; closing is the housekeeping job's, 14 days after solving. */
export const AGENT_STATUS_CHOICES = ['open', 'awaiting-reply', 'solved'] as const;
export type AgentStatusChoice = (typeof AGENT_STATUS_CHOICES)[number];

export function isAgentStatusChoice(value: string): value is AgentStatusChoice {
  return (AGENT_STATUS_CHOICES as readonly string[]).includes(value);
}

export interface MergeCandidate {
  id: string;
  /** The owning account's id, or the owning address of a case raised without an account. */
  ownerId: string;
  status: CaseStatus;
  mergedInto: string | null;
}

/**
 * Why a duplicate may not be merged into a case, or undefined when it may. Both must belong to
 * the same customer: the moved conversation must not reach people who could not see it before.
 */
export function mergeRefusal(duplicate: MergeCandidate, into: MergeCandidate): string | undefined {
  if (duplicate.id === into.id) return 'A case cannot be merged into itself.';
  if (duplicate.mergedInto !== null) return 'This case was already merged into another one.';
  if (into.mergedInto !== null || into.status === 'closed') {
    return 'That case is closed; merge into a case that is still open.';
  }
  if (duplicate.ownerId !== into.ownerId) {
    return 'Only cases raised by the same customer can be merged.';
  }
  return undefined;
}
