import { isCaseStatus, type CaseStatus } from './case-status.ts';

/*
 * The "my cases" list: which cases (mine or my organisation's), which statuses, what text to
 * look for, the order and the page, read from the page's query string.
 */

export const CASE_LIST_PAGE_SIZE = 20;
export const CASE_SORTS = ['updated', 'created', 'number'] as const;
export type CaseSort = (typeof CASE_SORTS)[number];
export const CASE_SORT_LABELS: Readonly<Record<CaseSort, string>> = {
  updated: 'Last updated',
  created: 'Newest first',
  number: 'Case number',
};

export type CaseScope = 'mine' | 'organisation';

/** The status filters: every status, or the ones still being worked on. */
export const STATUS_FILTERS = [
  'all',
  'active',
  'new',
  'open',
  'awaiting-reply',
  'solved',
  'closed',
] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export interface CaseListQuery {
  scope: CaseScope;
  status: StatusFilter;
  text: string;
  sort: CaseSort;
  page: number;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : fallback;

/** The list a query string asks for; anything unknown falls back to the default. */
export function caseListQuery(params: URLSearchParams): CaseListQuery {
  const page = Number(params.get('page') ?? '1');
  return {
    scope: params.get('tab') === 'organisation' ? 'organisation' : 'mine',
    status: oneOf(STATUS_FILTERS, params.get('status'), 'all'),
    text: (params.get('q') ?? '').trim().slice(0, 200),
    sort: oneOf(CASE_SORTS, params.get('sort'), 'updated'),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The statuses a filter keeps, undefined for all. */
export function statusesOf(filter: StatusFilter): CaseStatus[] | undefined {
  if (filter === 'all') return undefined;
  if (filter === 'active') return ['new', 'open', 'awaiting-reply'];
  return isCaseStatus(filter) ? [filter] : undefined;
}

/** The query string of a list, leaving out what is the default. */
export function caseListSearch(query: CaseListQuery): string {
  const params = new URLSearchParams();
  if (query.scope === 'organisation') params.set('tab', 'organisation');
  if (query.status !== 'all') params.set('status', query.status);
  if (query.text !== '') params.set('q', query.text);
  if (query.sort !== 'updated') params.set('sort', query.sort);
  if (query.page > 1) params.set('page', String(query.page));
  const search = params.toString();
  return search === '' ? '' : `?${search}`;
}
