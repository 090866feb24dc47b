import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import * as repository from './jobs.repository.ts';
import type { JobsTables } from './jobs.tables.ts';
import {
  errorText,
  periodKey,
  retryDelayMs,
  type JobDefinition,
  type JobQueue,
  type QueueSettings,
} from './job-queue.ts';

const FAILED_KEPT_MS = 14 * 24 * 60 * 60 * 1000;

/**
 * The queue of the embedded default: jobs are rows of the job table, run one at a time by the
 * process that serves pages. A job survives a restart, runs once (it is claimed before it runs),
 * is retried with a doubling wait, and a job whose process died is taken up again when its
 * expiry passes.
 */
export function jobTableQueue(
  db: Kysely<JobsTables>,
  jobs: readonly JobDefinition[],
  settings: QueueSettings,
): JobQueue {
  const { clock, log } = settings;
  const definitions = new Map(jobs.map((definition) => [definition.name, definition]));
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> = Promise.resolve();
  const iso = (ms: number) => new Date(ms).toISOString();

  async function send(
    name: string,
    data: Record<string, unknown> = {},
    singletonKey: string | null = null,
  ): Promise<string | null> {
    const definition = definitions.get(name);
    const now = clock.now().toISOString();
    return repository.insertJob(db, {
      id: randomUUID(),
      name,
      data: JSON.stringify(data),
      state: 'created',
      singleton_key: singletonKey,
      retry_count: 0,
      retry_limit: definition?.retryLimit ?? 0,
      start_after: now,
      created_at: now,
    });
  }

  async function settle(row: repository.JobRow, error: unknown): Promise<void> {
    const definition = definitions.get(row.name);
    const nowMs = clock.nowMs();
    const retries = row.retry_count < row.retry_limit && definition !== undefined;
    await repository.failJob(db, row.id, {
      error: errorText(error),
      now: iso(nowMs),
      retryAt: retries ? iso(nowMs + retryDelayMs(definition, row.retry_count + 1)) : null,
      keepUntil: iso(nowMs + FAILED_KEPT_MS),
    });
    if (!retries) log.error(`Job ${row.name} ${row.id} failed: ${errorText(error)}`);
  }

  async function runOne(row: repository.JobRow): Promise<void> {
    const definition = definitions.get(row.name);
    try {
      if (!definition) throw new Error(`No job is defined as ${row.name}`);
      await definition.run(JSON.parse(row.data) as Record<string, unknown>);
      const nowMs = clock.nowMs();
      await repository.completeJob(db, row.id, {
        now: iso(nowMs),
        keepUntil: iso(nowMs + definition.keepCompletedSeconds * 1000),
      });
    } catch (error) {
      await settle(row, error);
    }
  }

  async function workRound(): Promise<void> {
    const nowMs = clock.nowMs();
    for (const expired of await repository.listExpiredJobs(db, iso(nowMs))) {
      await settle(expired, new Error('The job did not finish in time: its process stopped.'));
    }
    await repository.deleteFinishedJobs(db, iso(nowMs));
    for (const definition of definitions.values()) {
      if (definition.everySeconds !== undefined) {
        await send(definition.name, {}, periodKey(definition.name, definition.everySeconds, nowMs));
      }
    }
    const names = [...definitions.keys()];
    const expireAt = (name: string) =>
      iso(clock.nowMs() + (definitions.get(name)?.expireInSeconds ?? 60) * 1000);
    while (!stopped) {
      const row = await repository.claimNextJob(db, names, clock.now().toISOString(), expireAt);
      if (!row) break;
      await runOne(row);
    }
  }

  function tick(): void {
    round = workRound()
      .catch((error: unknown) => log.error(`Job round failed: ${errorText(error)}`))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, settings.pollIntervalMs);
      });
  }

  return {
    send: (name, data) => send(name, data),
    async work() {
      log.info(`Running background jobs from the job table: ${[...definitions.keys()].join(', ')}`);
      tick();
    },
    list: (filter) => repository.listJobs(db, filter),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await round;
    },
  };
}
