import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { listOutbox } from '~server/modules/mail';
import { offerServiceJob } from '~server/modules/partners';
import { createPractice } from '~server/modules/practices';
import { signInAs } from '~tests/support/sessions.ts';
import { describeInBrowser } from './support/browser.ts';
import { expectNoSeriousAxeViolations, pressByKeyboard, useSuitePages } from './support/pages.ts';
import { useOwnPortal, type PortalUnderTest } from './support/portal.ts';

const SCREENSHOTS = 'test-results/screenshots/partner-service-jobs';
const JOB = 'Move Coogee Surf Shop from spreadsheets';
const CLIENT_EMAIL = 'owner@coogee-surf.example';

/*
 * A partner practice accepts a managed-service job from the dashboard, works it through its
 * steps and completes it with notes; the client rates it from the e-mailed link; another
 * practice's partner never sees it. On SQLite, and on PostgreSQL in the browser suites' PostgreSQL phase.
 */
describeInBrowser('managed-service jobs in a browser', () => {
  let portal: PortalUnderTest;
  let ruby: Page;
  let other: Page;
  let jobPath: string;

  const startedPortal = useOwnPortal({
    SIGN_IN_RATE_LIMIT: '200',
  });
  const pages = useSuitePages(startedPortal);

  async function partnerWithPractice(first: string, practice: string, abn: string) {
    const session = await signInAs(
      portal.database,
      {
        subject: `e2e-jobs-${first.toLowerCase()}`,
        firstName: first,
        lastName: 'Partner',
        email: `${first.toLowerCase()}@jobs.example`,
        isPartner: true,
        market: 'AU',
      },
      portal.config,
      portal.clock,
    );
    const created = await createPractice(
      {
        db: portal.database.db,
        now: portal.clock.now(),
        links: { manage: `${portal.baseUrl}/manage`, listing: (slug) => slug },
      },
      {
        id: session.user.id,
        name: `${first} Partner`,
        email: `${first.toLowerCase()}@jobs.example`,
      },
      {
        name: practice,
        market: 'AU',
        registrationNumber: abn,
        address: '1 Arden Street',
        city: 'Sydney',
        postcode: '2034',
        services: ['bookkeeping'],
        requestKey: randomUUID(),
      },
    );
    expect(created.kind).toBe('created');
    return pages.newPage({ session });
  }

  beforeAll(async () => {
    portal = startedPortal();
    await mkdir(SCREENSHOTS, { recursive: true });
    ruby = await partnerWithPractice('Ruby', 'Coogee Ledger Co', '51 824 753 556');
    other = await partnerWithPractice('Theo', 'Other Books', '53 004 085 616');
    const id = await offerServiceJob(portal.database.db, {
      title: JOB,
      kind: 'migration',
      description: 'Three years of stock and sales kept in spreadsheets.',
      clientName: 'Coogee Surf Shop',
      clientEmail: CLIENT_EMAIL,
      at: portal.clock.now(),
    });
    jobPath = `/0/partners/managed-services/partner-service-job/${id}`;
  });

  async function pictures(page: Page, name: string): Promise<void> {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  it('lists the offer on the dashboard and accepts it by keyboard', async () => {
    await ruby.goto(`${portal.baseUrl}/s/partners`);
    await ruby.getByRole('link', { name: JOB }).click();
    await ruby.waitForURL((url) => url.pathname === jobPath);
    await expectNoSeriousAxeViolations(ruby, 'service job offered');
    await pictures(ruby, 'offered');
    await pressByKeyboard(ruby, 'Accept this job');
    await expect
      .poll(() => ruby.getByText('Accepted. The job is your practice’s now.').isVisible())
      .toBe(true);
    await expect
      .poll(() => ruby.getByRole('button', { name: 'Start work' }).isVisible())
      .toBe(true);
  });

  it('hides the taken job from another practice', async () => {
    const response = await other.goto(`${portal.baseUrl}${jobPath}`);
    expect(response?.status()).toBe(404);
    await other.goto(`${portal.baseUrl}/s/partners`);
    await expect
      .poll(() => other.getByRole('heading', { name: 'Managed-service jobs' }).isVisible())
      .toBe(true);
    expect(await other.getByRole('link', { name: JOB }).count()).toBe(0);
  });

  it('starts the work, wants notes to complete, and keeps what was typed', async () => {
    await pressByKeyboard(ruby, 'Start work');
    const complete = ruby.getByRole('button', { name: 'Complete the job' });
    await expect.poll(() => complete.isVisible()).toBe(true);
    await ruby.getByLabel('What was done for the client').fill('   ');
    await complete.click();
    const notes = ruby.getByLabel('What was done for the client');
    await expect.poll(() => notes.getAttribute('aria-invalid')).toBe('true');
    await expect
      .poll(() => ruby.getByText('Say what was done for the client.').isVisible())
      .toBe(true);
    await expectNoSeriousAxeViolations(ruby, 'service job, notes refused');
    await notes.fill('Stock and two years of sales brought in; opening balances agreed.');
    await ruby.getByRole('button', { name: 'Complete the job' }).click();
    await expect
      .poll(() => ruby.getByText('Not rated yet').isVisible(), { timeout: 15_000 })
      .toBe(true);
    await pictures(ruby, 'completed');
  });

  it('is rated by the client from the signed link in the e-mail, once', async () => {
    const mail = (await listOutbox(portal.database.db)).find(
      (each) => each.recipient === CLIENT_EMAIL,
    );
    const link = /https?:\/\/\S+\?rating=[\w-]+/.exec(mail?.text_body ?? '')?.[0];
    expect(link).toBeDefined();
    const client = await pages.newPage();
    const wrong = new URL(link!);
    wrong.searchParams.set('rating', 'x'.repeat(32));
    await client.goto(wrong.toString());
    await expect
      .poll(() => client.getByText('This rating link is not right').isVisible())
      .toBe(true);
    await client.goto(link!);
    await client.getByRole('button', { name: 'Send my rating' }).click();
    await expect.poll(() => client.getByText('Choose from 1 to 5 stars.').isVisible()).toBe(true);
    await client.getByLabel('Comment (optional)').fill('Ready on Monday, as promised.');
    await client.getByRole('radio', { name: '5 stars' }).check();
    await expectNoSeriousAxeViolations(client, 'rating the job');
    await pictures(client, 'rating');
    await pressByKeyboard(client, 'Send my rating');
    await expect.poll(() => client.getByText('Thank you for your rating.').isVisible()).toBe(true);
    await client.goto(link!);
    await expect.poll(() => client.getByText('This job has been rated.').isVisible()).toBe(true);

    await ruby.goto(`${portal.baseUrl}${jobPath}`);
    await expect
      .poll(() => ruby.getByText('5 of 5 stars: “Ready on Monday, as promised.”').isVisible())
      .toBe(true);
    await ruby.goto(`${portal.baseUrl}/s/partners/account`);
    await expect.poll(() => ruby.getByText(JOB).first().isVisible()).toBe(true);
  });
});
