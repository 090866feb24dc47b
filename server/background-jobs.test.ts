import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { testConfig } from '~tests/support/config.ts';
import { TestClock } from '~tests/support/clock.ts';
import { backgroundJobs, backgroundJobNames } from './background-jobs.ts';
import { queueMail } from '~server/modules/mail';

describeEachDialect('the background jobs', (database) => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'portal-jobs-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('names the jobs this configuration runs', () => {
    expect(backgroundJobNames(testConfig())).toEqual([
      'mail.deliver',
      'site.housekeeping',
      'privacy.account-deletion',
      'community.digest',
      'contact.call-reminders',
      'cases.train-classifier',
      'insight.rollup',
      'insight.digest',
    ]);
    expect(
      backgroundJobNames(testConfig({ LEARNING_SYNC_URL: 'https://learn.example/export.json' })),
    ).toEqual([
      'mail.deliver',
      'site.housekeeping',
      'privacy.account-deletion',
      'community.digest',
      'contact.call-reminders',
      'cases.train-classifier',
      'insight.rollup',
      'insight.digest',
      'learning.sync',
    ]);
  });

  it('sends a burst of mail larger than one batch in one delivery run', async () => {
    const clock = new TestClock('2031-03-03T09:00:00.000Z');
    const config = testConfig({ DATA_DIR: dataDir });
    const jobs = backgroundJobs(config, database(), clock, {
      info: () => undefined,
      error: () => undefined,
    });
    const messages = Array.from({ length: 45 }, (_, n) => ({
      eventKey: `burst:${n}`,
      to: `reader${n}@example.com`,
      subject: `Message ${n}`,
      text: 'Body',
      html: '<p>Body</p>',
    }));
    await queueMail(database().db, messages, clock.now());
    const deliver = jobs.definitions.find((job) => job.name === 'mail.deliver');
    await deliver?.run({});
    jobs.close();
    expect(await readdir(join(dataDir, 'mail', 'new'))).toHaveLength(45);
  });
});
