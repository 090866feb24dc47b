import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, useBrowser } from './support/browser.ts';
import { freePort, startPortal, type RunningPortal } from '../support/portal-process.ts';
import {
  createPostgresCluster,
  postgresBinaries,
  type PostgresCluster,
} from '../support/postgres-cluster.ts';

const bin = postgresBinaries();
const ARTICLE = '/s/article/connect-a-bank-feed';

/*
 * A deployment as docs/deployment.md describes it: two web processes and a worker on one
 * PostgreSQL, all with the same SITE_URL and SESSION_SECRET, as behind a load balancer.
 */
describeInBrowser('several processes on one PostgreSQL', () => {
  const browser = useBrowser();
  let cluster: PostgresCluster | undefined;
  let first: RunningPortal;
  let second: RunningPortal;
  let worker: RunningPortal;
  let context: BrowserContext | undefined;

  beforeAll(async () => {
    if (!bin) throw new Error('no PostgreSQL binaries (initdb, pg_ctl)');
    cluster = await createPostgresCluster(bin);
    const port = await freePort();
    const shared = {
      DATABASE_URL: cluster.url,
      SITE_URL: `http://127.0.0.1:${port}`,
      SHUTDOWN_DRAIN_SECONDS: '1',
    };
    first = await startPortal(shared, { role: 'web', port });
    second = await startPortal(shared, { role: 'web' });
    worker = await startPortal(shared, { role: 'worker' });
  }, 120_000);
  afterAll(async () => {
    await context?.close();
    for (const running of [first, second, worker]) await running?.stop();
    await cluster?.destroy();
  });

  const open = async (chromium: Browser) => {
    await context?.close();
    context = await chromium.newContext({ viewport: { width: 1280, height: 900 } });
    return context.newPage();
  };

  it('recognises on one web process a visitor who signed in through the other', async () => {
    const page = await open(browser());
    await page.goto(`${first.baseUrl}${ARTICLE}`);
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Sign in as Priya Raman' }).click();
    await page.waitForURL(`${first.baseUrl}${ARTICLE}`);
    await expect
      .poll(() => page.getByRole('banner').getByText('Priya Raman').isVisible())
      .toBe(true);

    await page.goto(`${second.baseUrl}${ARTICLE}`);
    await page.getByRole('heading', { level: 1, name: 'Connect a bank feed' }).waitFor();
    expect(await page.getByRole('banner').getByText('Priya Raman').isVisible()).toBe(true);

    // Signing out on one ends the session on the other too. (Forms post to SITE_URL's origin,
    // which is the first process here, as a load balancer's address would be.)
    await page.goto(`${first.baseUrl}${ARTICLE}`);
    await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${first.baseUrl}/0/`);
    await page.goto(`${second.baseUrl}${ARTICLE}`);
    await page.getByRole('heading', { level: 1, name: 'Connect a bank feed' }).waitFor();
    const banner = page.getByRole('banner');
    expect(await banner.getByRole('link', { name: 'Sign in' }).isVisible()).toBe(true);
  });

  it('lists on a web process the jobs the worker ran', async () => {
    const page = await open(browser());
    await page.goto(`${first.baseUrl}/services/auth/sso/portal?startURL=%2Fadmin%2Fjobs`);
    await page.getByRole('button', { name: 'Sign in as Alex Morgan' }).click();
    await page.waitForURL(`${first.baseUrl}/admin/jobs`);
    await page.getByRole('heading', { level: 1, name: 'Background jobs' }).waitFor();
    await page.getByLabel('Job', { exact: true }).selectOption('mail.deliver');
    await page.getByLabel('State', { exact: true }).selectOption('completed');
    await page.getByRole('button', { name: 'Show' }).press('Enter');
    await page.waitForURL(/state=completed/);
    const rows = page.getByRole('region', { name: 'Jobs' }).getByRole('row');
    await expect.poll(() => rows.count()).toBeGreaterThan(1);
    expect(await rows.nth(1).innerText()).toMatch(/mail\.deliver\s+Done/);
  });

  it('brings an agent’s chat message sent through one web process to a visitor on the other', async () => {
    const agent = await open(browser());
    await agent.goto(`${first.baseUrl}/services/auth/sso/portal?startURL=%2Fagent%2Fchats`);
    await agent.getByRole('button', { name: 'Sign in as Jordan Lee' }).click();
    await agent.waitForURL(`${first.baseUrl}/agent/chats`);
    await agent.getByRole('button', { name: 'Go online' }).click();
    await agent.getByRole('heading', { name: 'You are online' }).waitFor();

    const visitorContext = await browser().newContext({ viewport: { width: 1280, height: 900 } });
    try {
      const visitor = await visitorContext.newPage();
      await visitor.goto(`${second.baseUrl}/s/chat-support`);
      const transcript = visitor.getByRole('log', { name: 'Chat transcript' });
      await visitor.getByLabel('Your question').fill('My invoice total is wrong');
      await visitor.getByLabel('Your question').press('Enter');
      await transcript.getByText('Assistant', { exact: true }).waitFor();
      await visitor.getByRole('button', { name: 'Talk to a person' }).click();

      // The waiting chat, written through the second process, reaches the agent on the first.
      const take = agent.getByRole('button', { name: 'Take the chat: My invoice total is wrong' });
      await take.waitFor();
      await take.click();
      await agent.waitForURL(/\/agent\/chats\/[0-9a-f-]{36}$/);
      await agent.getByLabel('Your reply').fill('Sent through the first process');
      await agent.getByLabel('Your reply').press('Enter');
      await transcript.getByText('Sent through the first process').waitFor({ timeout: 5_000 });
    } finally {
      await visitorContext.close();
    }
  });

  it('finishes the requests in flight when a web process is told to stop', async () => {
    const requests = Array.from({ length: 20 }, () =>
      fetch(`${second.baseUrl}${ARTICLE}`).then(async (response) => {
        await response.text();
        return response.status;
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    second.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Still serving, but telling the load balancer to send new visitors elsewhere.
    expect((await fetch(`${second.baseUrl}/ready`)).status).toBe(503);
    const statuses = await Promise.all(requests);
    expect(statuses).toEqual(Array(20).fill(200));
    expect(await second.exited()).toEqual({ code: 0, signal: null });
    expect(second.errors()).not.toMatch(/Error/);
    // The other process goes on serving.
    expect((await fetch(`${first.baseUrl}${ARTICLE}`)).status).toBe(200);
  });

  it('lets the worker finish its job and exit cleanly when told to stop', async () => {
    worker.kill('SIGTERM');
    expect(await worker.exited()).toEqual({ code: 0, signal: null });
    expect(worker.output()).toContain('SIGTERM: finishing the running job');
  });
});
