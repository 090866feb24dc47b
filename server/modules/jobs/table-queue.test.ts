import { afterEach, expect, it } from 'vitest';
import { TestClock } from '~tests/support/clock.ts';
import { describeEachDialect } from '~tests/support/dialects.ts';
import type { JobDefinition, JobQueue } from './job-queue.ts';
import { listJobs } from './jobs.repository.ts';
import { jobTableQueue } from './table-queue.ts';

const quiet = { info: () => undefined, error: () => undefined };

// The job table is the queue of the embedded default; it is declared on both dialects, so its
// rules are checked on both.
describeEachDialect('the job table queue', (database) => {
  const queues: JobQueue[] = [];
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((queue) => queue.stop()));
  });

  it('takes up again a job whose worker stopped answering, once its expiry passes', async () => {
    const clock = new TestClock('2031-03-03T09:00:00.000Z');
    const runs: string[] = [];
    const job = (worker: string, finishes: boolean): JobDefinition => ({
      name: 'test.expiring',
      retryLimit: 2,
      retryDelaySeconds: 1,
      expireInSeconds: 60,
      keepCompletedSeconds: 3600,
      run: () => {
        runs.push(worker);
        // The first worker hangs, as a process that died mid-job would leave it.
        return finishes ? Promise.resolve() : new Promise(() => undefined);
      },
    });
    const settings = { clock, log: quiet, pollIntervalMs: 20, stopTimeoutMs: 1000 };
    const hung = jobTableQueue(database().db, [job('first', false)], settings);
    await hung.send('test.expiring');
    await hung.work();
    await expect.poll(() => runs).toEqual(['first']);

    const second = jobTableQueue(database().db, [job('second', true)], settings);
    queues.push(second);
    await second.work();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(runs).toEqual(['first']);

    // Past the expiry the job counts as failed once, and after its retry delay it runs again.
    clock.advance(61_000);
    await expect
      .poll(async () => (await listJobs(database().db, { limit: 5 }))[0]?.state)
      .toBe('retry');
    clock.advance(1_000);
    await expect.poll(() => runs).toEqual(['first', 'second']);
    await expect
      .poll(async () => (await listJobs(database().db, { limit: 5 }))[0])
      .toMatchObject({
        state: 'completed',
        retryCount: 1,
        error: 'The job did not finish in time: its process stopped.',
      });
  });
});
