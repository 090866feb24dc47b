/*
 * What the jobs page shows of the queue's words, and how its URL filters are read: a state or
 * job kind that is not known is ignored rather than refused.
 */
export type JobStateName = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

export const JOB_STATE_LABELS: Readonly<Record<JobStateName, string>> = {
  created: 'Waiting',
  retry: 'Waiting to retry',
  active: 'Running',
  completed: 'Done',
  cancelled: 'Cancelled',
  failed: 'Failed',
};

export interface JobFilter {
  state?: JobStateName;
  name?: string;
}

export function jobFilterFrom(params: URLSearchParams, kinds: readonly string[]): JobFilter {
  const state = params.get('state') ?? '';
  const name = params.get('name') ?? '';
  return {
    ...(Object.hasOwn(JOB_STATE_LABELS, state) ? { state: state as JobStateName } : {}),
    ...(kinds.includes(name) ? { name } : {}),
  };
}

/** '2026-11-26 05:40:12 UTC': the same for every viewer, to the second. */
export function jobTime(iso: string): string {
  return iso ? `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC` : '';
}
