import type { JobState } from './job-queue.ts';

/*
 * The job table (migration 0015-background-work): the queue of the embedded default, where one
 * process on SQLite runs everything. On PostgreSQL pg-boss keeps its own schema instead.
 */
export interface JobTable {
  id: string;
  name: string;
  /** JSON object handed to the job. */
  data: string;
  state: JobState;
  /** A job is created at most once per key (a periodic job's period). */
  singleton_key: string | null;
  retry_count: number;
  retry_limit: number;
  start_after: string;
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
  /** A running job not finished by then has lost its process. */
  expire_at: string | null;
  /** A finished job is deleted after this. */
  keep_until: string | null;
  last_error: string | null;
}

export interface JobsTables {
  job: JobTable;
}
