import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { rollUpPending } from '~server/modules/insight';
import { describeInBrowser } from './support/browser.ts';
import { expectNoSeriousAxeViolations, useSuitePages } from './support/pages.ts';
import { useOwnPortal, type PortalUnderTest } from './support/portal.ts';

const SCREENSHOTS = 'test-results/screenshots/insight';
const QUESTION = 'How do I connect a bank feed?';
// A word no help page has, so its search finds nothing until a synonym joins it to one.
const MISSING = 'zorbix';
const ARTICLE = 'Run a pay run';
/** A visitor who accepted statistics cookies: only their searches and answers are counted. */
const STATISTICS_ALLOWED = encodeURIComponent('{"statistics":true,"ver":1}');

describeInBrowser('insight dashboards in a browser', () => {
  let portal: PortalUnderTest;
  const startedPortal = useOwnPortal({
    SIGN_IN_RATE_LIMIT: '200',
  });
  beforeAll(async () => {
    portal = startedPortal();
    await mkdir(SCREENSHOTS, { recursive: true });
  });
  const pages = useSuitePages(startedPortal);

  async function visitor(): Promise<Page> {
    const page = await pages.newPage({ withBanner: true });
    await page
      .context()
      .addCookies([{ name: 'CookieConsent', value: STATISTICS_ALLOWED, url: portal.baseUrl }]);
    return page;
  }

  async function searchFor(page: Page, query: string) {
    const answered = page.waitForResponse(
      (response) =>
        response.url().endsWith('/api/search') && response.request().method() === 'POST',
    );
    await page.goto(`${portal.baseUrl}/0/search#q=${encodeURIComponent(query)}`);
    return (await (await answered).json()) as { totalCount: number };
  }

  const rollUp = () => rollUpPending(portal.database.db, portal.clock.now(), { retentionDays: 90 });

  it('shows a search that found nothing and a disliked answer, and a synonym makes the search find the article', async () => {
    const page = await visitor();
    expect((await searchFor(page, MISSING)).totalCount).toBe(0);

    await page.goto(`${portal.baseUrl}/0/search#q=${encodeURIComponent(QUESTION)}`);
    const answer = page.getByRole('region', { name: 'Generated answer' });
    await expect
      .poll(() => answer.getAttribute('data-answer-phase'), { timeout: 15_000 })
      .toBe('done');
    await answer.getByRole('button', { name: 'No' }).click();
    await answer.getByRole('radio', { name: 'It’s out of date' }).check();
    await answer.getByLabel('Tell us more (optional)').fill('The menu names have changed.');
    await answer.getByRole('button', { name: 'Send feedback' }).click();
    await expect.poll(() => answer.getByRole('status').first().textContent()).toContain('Thanks');
    await rollUp();

    const admin = await pages.signedInAs('Alex Morgan', '/admin/insight/search');
    const gap = admin.locator(`[data-gap="${MISSING}"]`);
    expect(await gap.getByRole('heading', { level: 3 }).textContent()).toBe(MISSING);
    await expectNoSeriousAxeViolations(admin, 'search dashboard');
    await admin.getByRole('button', { name: 'Reject all' }).click();
    for (const width of [375, 1280]) {
      await admin.setViewportSize({ width, height: 900 });
      await admin.screenshot({ path: `${SCREENSHOTS}/search-${width}.png`, fullPage: true });
    }
    await admin.setViewportSize({ width: 1280, height: 900 });
    // By keyboard: the synonym field, then Enter submits its form.
    const terms = gap.getByLabel('Synonyms, separated by commas');
    await terms.focus();
    await admin.keyboard.press('End');
    await admin.keyboard.type('pay run');
    await admin.keyboard.press('Enter');
    await expect
      .poll(async () => (await admin.getByRole('status').allTextContents()).join(' '))
      .toContain(`Synonym added: ${MISSING}, pay run. Searches use it from now on.`);
    await expect.poll(() => admin.locator(`[data-gap="${MISSING}"]`).count()).toBe(0);

    const again = await visitor();
    expect((await searchFor(again, MISSING)).totalCount).toBeGreaterThan(0);
    await again.getByRole('link', { name: ARTICLE }).first().waitFor();

    await admin.goto(`${portal.baseUrl}/admin/insight/answers`);
    const disliked = admin.getByRole('region', { name: 'Most disliked answers' });
    expect(await disliked.textContent()).toContain('The menu names have changed.');
    expect((await disliked.textContent())?.toLowerCase()).toContain('bank feed');
    await expectNoSeriousAxeViolations(admin, 'answers dashboard');
    await admin.screenshot({ path: `${SCREENSHOTS}/answers-1280.png`, fullPage: true });
  });

  it('draws plots with their tables, opened by keyboard, and CSV files that match them', async () => {
    const admin = await pages.signedInAs('Alex Morgan', '/admin/insight/search');
    const plot = admin.locator('figure[data-plot="searches-per-day"]');
    expect(await plot.locator('svg path').count()).toBe(3);
    expect(await plot.locator('p').first().textContent()).toMatch(/^Searches per day, /);
    const summary = plot.getByText('Show as table');
    await summary.focus();
    await admin.keyboard.press('Enter');
    const table = plot.getByRole('table');
    await table.waitFor();
    const shown = await table
      .locator('tr')
      .evaluateAll((rows) =>
        rows.map((row) => [...row.children].map((cell) => cell.textContent ?? '').join(',')),
      );
    const link = plot.getByRole('link', { name: 'Download “Searches per day” as CSV' });
    const response = await admin.request.get(`${portal.baseUrl}${await link.getAttribute('href')}`);
    expect(response.headers()['content-type']).toBe('text/csv; charset=utf-8');
    expect((await response.text()).trimEnd().split('\r\n')).toEqual(shown);
    expect(shown.some((row) => /,[1-9]\d*,[1-9]\d*,/.test(row))).toBe(true);

    const bars = admin.locator('figure[data-plot="top-queries"]');
    expect(await bars.locator('svg rect').count()).toBeGreaterThanOrEqual(2);
    await expectNoSeriousAxeViolations(admin, 'search dashboard with a table open');
  });

  it('plots the cases open at the end of each day, per queue, with its table and CSV', async () => {
    await rollUp();
    const admin = await pages.signedInAs('Alex Morgan', '/admin/insight/cases');
    await admin.getByRole('button', { name: 'Reject all' }).click();
    const plot = admin.locator('figure[data-plot="open-cases-per-day"]');
    expect(await plot.locator('p').first().textContent()).toMatch(
      /^Open cases at the end of each day, /,
    );
    // All queues, and each queue that had an open case: the demo cases are in two.
    expect(await plot.locator('svg path').count()).toBeGreaterThanOrEqual(2);
    await plot.getByText('Show as table').click();
    const shown = await plot
      .getByRole('table')
      .locator('tr')
      .evaluateAll((rows) =>
        rows.map((row) => [...row.children].map((cell) => cell.textContent ?? '').join(',')),
      );
    expect(shown[0]).toMatch(/^Day,All queues,/);
    // The demo's open cases were raised in the last days, so the last day has some.
    expect(Number(shown.at(-1)!.split(',')[1])).toBeGreaterThan(0);
    const link = plot.getByRole('link', {
      name: 'Download “Open cases at the end of each day” as CSV',
    });
    const response = await admin.request.get(`${portal.baseUrl}${await link.getAttribute('href')}`);
    expect((await response.text()).trimEnd().split('\r\n')).toEqual(shown);
    await expectNoSeriousAxeViolations(admin, 'cases dashboard');
    for (const width of [375, 1280]) {
      await admin.setViewportSize({ width, height: 900 });
      await admin.screenshot({ path: `${SCREENSHOTS}/cases-${width}.png`, fullPage: true });
    }
  });

  it('counts a not-helpful vote on the content dashboard and shows the community one, for administrators only', async () => {
    const page = await visitor();
    await page.goto(`${portal.baseUrl}/s/article/connect-a-bank-feed`);
    await page.getByRole('radio', { name: 'No' }).check();
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await page.getByText('Thanks for your feedback.').waitFor();
    await rollUp();

    const admin = await pages.signedInAs('Alex Morgan', '/admin/insight/content');
    await admin.getByRole('button', { name: 'Reject all' }).click();
    const votes = admin.locator('dd').nth(2);
    expect(Number(await votes.textContent())).toBeGreaterThanOrEqual(1);
    const notHelpful = admin.getByRole('region', { name: 'Most often voted not helpful' });
    expect(await notHelpful.textContent()).toContain('Connect a bank feed');
    const byContent = admin.getByRole('region', { name: 'Views and votes by content' });
    expect(await byContent.textContent()).toContain('Connect a bank feed');
    await expectNoSeriousAxeViolations(admin, 'content dashboard');
    for (const width of [375, 1280]) {
      await admin.setViewportSize({ width, height: 900 });
      await admin.screenshot({ path: `${SCREENSHOTS}/content-${width}.png`, fullPage: true });
    }
    await admin.goto(`${portal.baseUrl}/admin/insight/community`);
    await admin.getByRole('heading', { name: 'Community', level: 1 }).waitFor();
    await expectNoSeriousAxeViolations(admin, 'community dashboard');
    for (const width of [375, 1280]) {
      await admin.setViewportSize({ width, height: 900 });
      await admin.screenshot({ path: `${SCREENSHOTS}/community-${width}.png`, fullPage: true });
    }

    const agent = await pages.signedInAs('Jordan Lee', '/admin/insight/search');
    expect(await agent.getByRole('link', { name: 'Content', exact: true }).count()).toBe(0);
    const refused = await agent.goto(`${portal.baseUrl}/admin/insight/content`);
    expect(refused?.status()).toBe(403);
  });
});
