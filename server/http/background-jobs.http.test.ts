import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '~server/clock.ts';
import { listJobs, openJobQueue, type JobQueue } from '~server/modules/jobs';
import { queueMail } from '~server/modules/mail';
import { countSearchDocuments } from '~server/modules/search';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { signInAs } from '~tests/support/sessions.ts';
import { buildWith } from './sign-in.fixture.ts';

const PAGE = '/admin/jobs';

describeEachDialect('the background jobs page', (database) => {
  let app: FastifyInstance;
  let queue: JobQueue;
  beforeAll(async () => {
    ({ app } = await buildWith(database()));
    // Jobs of the portal's own kinds, one of which fails for good, as a worker would leave them.
    queue = await openJobQueue(
      database(),
      [
        {
          name: 'site.housekeeping',
          run: async () => undefined,
          retryLimit: 0,
          retryDelaySeconds: 1,
          expireInSeconds: 60,
          keepCompletedSeconds: 3600,
        },
        {
          name: 'mail.deliver',
          run: async () => {
            throw new Error('SMTP <relay> refused the connection');
          },
          retryLimit: 0,
          retryDelaySeconds: 1,
          expireInSeconds: 60,
          keepCompletedSeconds: 3600,
        },
      ],
      {
        clock: systemClock,
        log: { info: () => {}, error: () => {} },
        pollIntervalMs: 100,
        stopTimeoutMs: 5000,
      },
    );
    await queue.send('site.housekeeping');
    await queue.send('mail.deliver');
    await queue.work();
    const deadline = Date.now() + 15_000;
    const finished = async () =>
      (await listJobs(database(), { limit: 10 })).every(
        (job) => job.state === 'completed' || job.state === 'failed',
      );
    while (!(await finished()) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await queue.stop();
  });
  afterAll(async () => {
    await app.close();
  });

  it('sends a guest to sign in and back', async () => {
    const response = await app.inject({ method: 'GET', url: `${PAGE}?state=failed` });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(
      `/services/auth/sso/portal?startURL=${encodeURIComponent(`${PAGE}?state=failed`)}`,
    );
  });

  it('is not there for a signed-in user who is not an admin', async () => {
    const member = await signInAs(database(), 'demo-partner-member');
    const response = await app.inject({
      method: 'GET',
      url: PAGE,
      headers: { cookie: member.cookie },
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('refused the connection');
  });

  it("shows an admin each job's state and a failed job's error, escaped", async () => {
    const admin = await signInAs(database(), 'demo-admin');
    const response = await app.inject({
      method: 'GET',
      url: PAGE,
      headers: { cookie: admin.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<h1');
    expect(response.body).toContain('Background jobs');
    expect(response.body).toContain('2 jobs, newest first');
    expect(response.body).toContain('Failed');
    expect(response.body).toContain('Done');
    expect(response.body).toContain('SMTP &lt;relay&gt; refused the connection');
  });

  it('keeps its filters in the URL', async () => {
    const admin = await signInAs(database(), 'demo-admin');
    const failed = await app.inject({
      method: 'GET',
      url: `${PAGE}?state=failed`,
      headers: { cookie: admin.cookie },
    });
    expect(failed.body).toContain('1 job, newest first');
    expect(failed.body).toContain('mail.deliver</td>');
    expect(failed.body).not.toContain('site.housekeeping</td>');
    expect(failed.body).toMatch(/<option value="failed" selected="">Failed<\/option>/);
    const housekeeping = await app.inject({
      method: 'GET',
      url: `${PAGE}?name=site.housekeeping`,
      headers: { cookie: admin.cookie },
    });
    expect(housekeeping.body).toContain('1 job, newest first');
    expect(housekeeping.body).toContain('site.housekeeping</td>');
  });

  describe('the status page, /test', () => {
    const STATUS = '/s/test';

    it('is not there for guests nor for signed-in users who are not admins', async () => {
      expect((await app.inject({ method: 'GET', url: STATUS })).statusCode).toBe(404);
      const member = await signInAs(database(), 'demo-partner-member');
      const response = await app.inject({
        method: 'GET',
        url: STATUS,
        headers: { cookie: member.cookie },
      });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('Portal status');
    });

    it("shows an admin each part's state as it is now", async () => {
      await queueMail(
        database().db,
        [
          {
            eventKey: 'status-page:waiting',
            to: 'someone@example.com',
            subject: 'Waiting',
            text: 'Waiting',
            html: '<p>Waiting</p>',
          },
        ],
        new Date(),
      );
      const admin = await signInAs(database(), 'demo-admin');
      const response = await app.inject({
        method: 'GET',
        url: STATUS,
        headers: { cookie: admin.cookie },
      });
      expect(response.statusCode).toBe(200);
      const text = response.body.replace(/<!-- -->/g, '');
      expect(text).toContain('Portal status');
      expect(text).toContain(database().dialect === 'postgres' ? 'PostgreSQL' : 'SQLite');
      expect(text).toContain('every migration applied');
      const documents = await countSearchDocuments(database().db);
      expect(text).toContain(
        `Provider ${database().dialect === 'postgres' ? 'postgres' : 'fts5'}, ${documents.toLocaleString('en')} document`,
      );
      expect(text).toContain('Done: 1');
      expect(text).toContain('Failed: 1');
      expect(text).toMatch(/Sent by the local mailbox; \d+ messages? waiting/);
      expect(text).not.toMatch(/Sent by the local mailbox; 0 messages waiting/);
    });
  });
});
