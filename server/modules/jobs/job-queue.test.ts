import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '~server/clock.ts';
import type { PortalDatabase } from '~server/db/database.ts';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { periodKey, retryDelayMs, type JobDefinition, type JobQueue } from './job-queue.ts';
import { listJobs, openJobQueue } from './open-job-queue.ts';

const quiet = { info: () => undefined, error: () => undefined };

function job(name: string, run: JobDefinition['run'], more: Partial<JobDefinition> = {}) {
  return {
    name,
    run,
    retryLimit: 0,
    retryDelaySeconds: 1,
    expireInSeconds: 60,
    keepCompletedSeconds: 3600,
    ...more,
  } satisfies JobDefinition;
}

describe('job timing rules', () => {
  it('doubles the wait before each retry from the base delay', () => {
    const definition = job('x', async () => undefined, { retryDelaySeconds: 2 });
    expect([1, 2, 3, 4].map((retry) => retryDelayMs(definition, retry))).toEqual([
      2000, 4000, 8000, 16000,
    ]);
  });

  it('names one run per period, the same in every process', () => {
    expect(periodKey('mail.deliver', 5, 1_000_000)).toBe('mail.deliver@200');
    expect(periodKey('mail.deliver', 5, 1_004_999)).toBe('mail.deliver@200');
    expect(periodKey('mail.deliver', 5, 1_005_000)).toBe('mail.deliver@201');
  });
});

describeEachDialect('the job queue', (database: () => PortalDatabase) => {
  const open: JobQueue[] = [];
  const queue = async (jobs: JobDefinition[]) => {
    const opened = await openJobQueue(database(), jobs, {
      clock: systemClock,
      log: quiet,
      pollIntervalMs: 200,
      stopTimeoutMs: 5000,
    });
    open.push(opened);
    return opened;
  };
  const jobsNamed = (name: string) => listJobs(database(), { name, limit: 100 });

  afterEach(async () => {
    await Promise.all(open.splice(0).map((opened) => opened.stop()));
  });

  it('runs each job once, however many workers take from the queue', async () => {
    const runs: string[] = [];
    const count = job('test.count', async (data) => {
      runs.push(String(data.n));
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    const [first, second] = [await queue([count]), await queue([count])];
    for (let n = 0; n < 10; n += 1) await first!.send('test.count', { n });
    await first!.work();
    await second!.work();
    await expect.poll(() => runs.length, { timeout: 15_000 }).toBe(10);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect([...runs].sort()).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    await expect
      .poll(async () => (await jobsNamed('test.count')).map((listed) => listed.state))
      .toEqual(Array(10).fill('completed'));
  });

  it('tries a failing job again with a growing wait, and lists the last failure', async () => {
    const attempts: number[] = [];
    const flaky = job(
      'test.flaky',
      async () => {
        attempts.push(Date.now());
        if (attempts.length < 3) throw new Error(`attempt ${attempts.length} failed`);
      },
      { retryLimit: 3 },
    );
    const hopeless = job(
      'test.hopeless',
      async () => {
        throw new Error('the catalogue is not JSON');
      },
      { retryLimit: 1 },
    );
    const worker = await queue([flaky, hopeless]);
    await worker.send('test.flaky');
    await worker.send('test.hopeless');
    await worker.work();
    await expect.poll(() => attempts.length, { timeout: 20_000, interval: 200 }).toBe(3);
    // Waits of 1 s, then 2 s (pg-boss may add up to a polling interval to each).
    expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(950);
    expect(attempts[2]! - attempts[1]!).toBeGreaterThanOrEqual(1950);
    await expect
      .poll(async () => (await jobsNamed('test.flaky'))[0]?.state, { timeout: 5000 })
      .toBe('completed');
    await expect
      .poll(async () => (await jobsNamed('test.hopeless'))[0], { timeout: 10_000 })
      .toMatchObject({ state: 'failed', retryCount: 1, error: 'the catalogue is not JSON' });
  });

  it('makes one run of a periodic job per period across workers', async () => {
    const runs: number[] = [];
    const periodic = job('test.periodic', async () => void runs.push(1), { everySeconds: 3600 });
    await (await queue([periodic])).work();
    await (await queue([periodic])).work();
    await expect.poll(() => runs.length, { timeout: 10_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(runs).toHaveLength(1);
    expect(await jobsNamed('test.periodic')).toHaveLength(1);
  });

  it('lets the running job finish when it stops', async () => {
    let started = false;
    const slow = job('test.slow', async () => {
      started = true;
      await new Promise((resolve) => setTimeout(resolve, 800));
    });
    const worker = await queue([slow]);
    await worker.send('test.slow');
    await worker.work();
    await expect.poll(() => started, { timeout: 10_000 }).toBe(true);
    await worker.stop();
    open.splice(open.indexOf(worker), 1);
    expect((await jobsNamed('test.slow'))[0]?.state).toBe('completed');
  });
});
