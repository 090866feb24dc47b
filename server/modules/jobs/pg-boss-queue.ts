import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '~server/db/schema.ts';
import PgBoss from 'pg-boss';
import { listPgBossJobs } from './pg-boss-jobs.repository.ts';
import {
  errorText,
  type JobData,
  type JobDefinition,
  type JobQueue,
  type QueueSettings,
} from './job-queue.ts';

export interface PgBossQueueOptions {
  /** The portal's own pool: pg-boss runs its statements through it, so a process has one. */
  db: Kysely<Database>;
  /** The schema pg-boss keeps its tables in. */
  schema: string;
}

/**
 * The queue of a PostgreSQL deployment, on pg-boss: any web process sends, the worker
 * processes run. pg-boss hands each job to one worker (SKIP LOCKED), retries with a doubling
 * wait, expires a job whose worker died so it runs again, and creates one run of a periodic job
 * per period however many workers ask (a unique index on the period's slot).
 */
export async function pgBossQueue(
  options: PgBossQueueOptions,
  jobs: readonly JobDefinition[],
  settings: QueueSettings,
): Promise<JobQueue> {
  const { log } = settings;
  const boss = new PgBoss({
    db: {
      executeSql: async (text: string, values: unknown[] = []) => {
        const result = await options.db.executeQuery(CompiledQuery.raw(text, values));
        return { rows: [...result.rows] };
      },
    },
    schema: options.schema,
    // Finished jobs move to the archive after an hour and leave it after a week; the list
    // reads both.
    archiveCompletedAfterSeconds: 3600,
    // How soon a job of a worker that died counts as expired (after its own expiry) and runs
    // again: pg-boss looks every 2 minutes unless told.
    maintenanceIntervalSeconds: 30,
    deleteAfterDays: 7,
    // The portal schedules its periodic jobs itself (sendThrottled), so cron stays off.
    schedule: false,
  });
  // pg-boss reports lost connections here; without a listener Node would end the process.
  boss.on('error', (error: Error) => log.error(`Job queue: ${errorText(error)}`));
  try {
    await boss.start();
    for (const definition of jobs) {
      await boss.createQueue(definition.name, {
        name: definition.name,
        retryLimit: definition.retryLimit,
        retryDelay: definition.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: definition.expireInSeconds,
      });
    }
  } catch (error) {
    // Nothing of a half-opened queue keeps running: the start may be tried again.
    await boss.stop({ graceful: false, wait: true, close: true }).catch(() => undefined);
    throw error;
  }
  const timers: NodeJS.Timeout[] = [];
  const loops: Promise<void>[] = [];
  let stopping = false;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  async function sendPeriodic(definition: JobDefinition, everySeconds: number): Promise<void> {
    try {
      await boss.sendThrottled(definition.name, {}, {}, everySeconds, definition.name);
    } catch (error) {
      log.error(`Job queue: could not queue ${definition.name}: ${errorText(error)}`);
    }
  }

  /**
   * Records how a job ended. The job has run, so the record is tried again while the database
   * is away (a restart takes seconds) rather than lost, which would run the job a second time.
   */
  async function settle(record: () => Promise<unknown>): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await record();
        return;
      } catch (error) {
        if (attempt === 1)
          log.error(`Job queue: could not record a job's end: ${errorText(error)}`);
        if (attempt * settings.pollIntervalMs > 60_000) return;
        await sleep(settings.pollIntervalMs);
      }
    }
  }

  /*
   * Each kind of job is fetched and settled here rather than by pg-boss's own work loop, which
   * does not wait for its completion queries: with the database away they would reject
   * unhandled and end the process.
   */
  async function workLoop(definition: JobDefinition): Promise<void> {
    let reported = false;
    while (!stopping) {
      let jobs: PgBoss.Job<JobData>[] = [];
      try {
        jobs = await boss.fetch<JobData>(definition.name, { batchSize: 1 });
        reported = false;
      } catch (error) {
        if (!reported)
          log.error(`Job queue: could not fetch ${definition.name}: ${errorText(error)}`);
        reported = true;
      }
      const [job] = jobs;
      if (!job) {
        await sleep(settings.pollIntervalMs);
        continue;
      }
      try {
        await definition.run(job.data ?? {});
        await settle(() => boss.complete(definition.name, job.id));
      } catch (error) {
        const message = errorText(error);
        log.error(`Job ${definition.name} ${job.id} failed: ${message}`);
        await settle(() => boss.fail(definition.name, job.id, { message }));
      }
    }
  }

  return {
    send: (name: string, data: JobData = {}) => boss.send(name, data),
    async work() {
      for (const definition of jobs) {
        loops.push(workLoop(definition));
        const everySeconds = definition.everySeconds;
        if (everySeconds !== undefined) {
          void sendPeriodic(definition, everySeconds);
          const timer = setInterval(
            () => void sendPeriodic(definition, everySeconds),
            Math.min(everySeconds * 1000, 60_000) / 2,
          );
          timer.unref();
          timers.push(timer);
        }
      }
      log.info(`Running background jobs from pg-boss: ${jobs.map((job) => job.name).join(', ')}`);
    },
    list: (filter) => listPgBossJobs(options.db, options.schema, filter),
    async stop() {
      stopping = true;
      for (const timer of timers) clearInterval(timer);
      // The running jobs finish (and are recorded) before the queue closes.
      await Promise.race([Promise.all(loops), sleep(settings.stopTimeoutMs)]);
      await boss.stop({ graceful: true, timeout: settings.stopTimeoutMs, wait: true, close: true });
    },
  };
}
