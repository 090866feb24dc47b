import { systemClock, type Clock } from './clock.ts';
import type { PortalConfig } from './config.ts';
import type { PortalDatabase } from './db/database.ts';
import { backgroundJobs } from './background-jobs.ts';
import { openJobQueue, type JobLog } from '~server/modules/jobs';

/** How long a stopping process waits for a running job before it leaves it to expire. */
export const JOB_STOP_TIMEOUT_MS = 20_000;

export interface RunningJobs {
  /** Takes no new jobs and waits for the running one (graceful shutdown). */
  stop(): Promise<void>;
}

/**
 * Runs the portal's background jobs in this process: a worker of a PostgreSQL deployment, or
 * the single process of the embedded default.
 */
export async function runBackgroundJobs(
  config: PortalConfig,
  database: PortalDatabase,
  log: JobLog,
  clock: Clock = systemClock,
  pagesChanged?: () => void,
): Promise<RunningJobs> {
  const jobs = backgroundJobs(config, database, clock, log, pagesChanged);
  const queue = await openJobQueue(database, jobs.definitions, {
    clock,
    log,
    pollIntervalMs: 1000,
    stopTimeoutMs: JOB_STOP_TIMEOUT_MS,
  });
  await queue.work();
  return {
    async stop() {
      await queue.stop();
      jobs.close();
    },
  };
}
