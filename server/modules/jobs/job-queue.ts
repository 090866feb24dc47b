import type { Clock } from '~server/clock.ts';

/*
 * Background work (docs/deployment.md): mail delivery, housekeeping, the learning catalogue's
 * sync. Each kind of job is defined once and runs through a queue: pg-boss on PostgreSQL, where
 * web processes and workers share it, or the job table on SQLite, where one process does all.
 */

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

export type JobData = Record<string, unknown>;

export interface JobDefinition {
  /** 'mail.deliver': a dotted name, module first. */
  name: string;
  run(data: JobData): Promise<void>;
  /** Further attempts after a failed one; waits double from retryDelaySeconds each time. */
  retryLimit: number;
  retryDelaySeconds: number;
  /** A job that runs by itself this often; once per period across all processes. */
  everySeconds?: number;
  /** How long a running job may take before it counts as failed (its process died). */
  expireInSeconds: number;
  /** How long a completed run stays in the list; short for frequent runs. */
  keepCompletedSeconds: number;
}

/** One job as the staff's list shows it. */
export interface JobListing {
  id: string;
  name: string;
  state: JobState;
  /** Attempts made so far beyond the first. */
  retryCount: number;
  retryLimit: number;
  createdAt: string;
  startedAt: string | null;
  completedAt: string | null;
  /** When a waiting job may start (a retry's backoff). */
  startAfter: string;
  /** The error of the last failed attempt. */
  error: string | null;
}

export interface JobListFilter {
  state?: JobState;
  name?: string;
  limit: number;
}

export interface JobQueue {
  /** Queues a job of a defined kind; it runs in whichever process works the queue. */
  send(name: string, data?: JobData): Promise<string | null>;
  /**
   * Starts running jobs in this process (a worker, or the single process of the embedded
   * default), and the periodic runs of the defined jobs.
   */
  work(): Promise<void>;
  list(filter: JobListFilter): Promise<JobListing[]>;
  /** Takes no new jobs, lets the running ones finish (up to the timeout), then closes. */
  stop(): Promise<void>;
}

export interface JobLog {
  info(line: string): void;
  error(line: string): void;
}

export interface QueueSettings {
  clock: Clock;
  log: JobLog;
  /** How often an idle worker looks for jobs. */
  pollIntervalMs: number;
  /** How long stop() waits for running jobs. */
  stopTimeoutMs: number;
}

/** The wait before retry number `retryCount` (1, 2 …): doubling from the base delay. */
export function retryDelayMs(definition: JobDefinition, retryCount: number): number {
  return definition.retryDelaySeconds * 1000 * 2 ** Math.max(0, retryCount - 1);
}

/** The key of a periodic job's run for the period `nowMs` falls in: one run per period. */
export function periodKey(name: string, everySeconds: number, nowMs: number): string {
  return `${name}@${Math.floor(nowMs / (everySeconds * 1000))}`;
}

export function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 2000);
}

/** A job row as either queue stores it: times as ISO text (the job table) or dates (pg-boss). */
export interface StoredJob {
  id: string;
  name: string;
  state: JobState;
  retry_count: number;
  retry_limit: number;
  created_at: string | Date;
  started_at: string | Date | null;
  completed_at: string | Date | null;
  start_after: string | Date;
  last_error: string | null;
}

const isoOf = (value: string | Date) => new Date(value).toISOString();

export function jobListingOf(row: StoredJob): JobListing {
  return {
    id: row.id,
    name: row.name,
    state: row.state,
    retryCount: row.retry_count,
    retryLimit: row.retry_limit,
    createdAt: isoOf(row.created_at),
    startedAt: row.started_at === null ? null : isoOf(row.started_at),
    completedAt: row.completed_at === null ? null : isoOf(row.completed_at),
    startAfter: isoOf(row.start_after),
    error: row.last_error,
  };
}
