import { mkdir } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeAll, expect, it } from 'vitest';
import type { PortalDatabase } from '~server/db/database.ts';
import type { AnswerEventKind } from '~server/modules/answers';
import { describeInBrowser, useBrowser } from './support/browser.ts';
import { useOwnPortal, type PortalUnderTest } from './support/portal.ts';
import { axeResultsOf } from './support/pages.ts';

const SCREENSHOTS = process.env.ANSWER_SHOTS ?? 'test-results/screenshots';
const QUESTION = 'How do I connect a bank feed?';
const CITED_TITLE = 'Connect a bank feed';

describeInBrowser('the generated answer panel in a browser', () => {
  let portal: PortalUnderTest;
  let browser: Browser;
  let database: PortalDatabase;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];

  const startedPortal = useOwnPortal();
  const workerBrowser = useBrowser();
  beforeAll(async () => {
    // The demo help content of content/ is imported at first start.
    portal = startedPortal();
    database = portal.database;
    browser = workerBrowser();
    await mkdir(SCREENSHOTS, { recursive: true });
  });
  afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
    expect(problems, 'no page errors and no failed API calls').toEqual([]);
    problems.length = 0;
  });

  /** A page that is not yet anywhere, so listeners can be set before it loads. */
  async function blankPage(width = 1280): Promise<Page> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('response', (response) => {
      if (response.url().includes('/api/') && response.status() >= 400) {
        problems.push(`${response.status()} ${response.url()}`);
      }
    });
    return page;
  }

  async function open(path: string, width = 1280): Promise<Page> {
    const page = await blankPage(width);
    await page.goto(`${portal.baseUrl}${path}`);
    return page;
  }

  const panel = (page: Page) => page.getByRole('region', { name: 'Generated answer' });

  async function answered(page: Page) {
    await expect
      .poll(() => panel(page).getAttribute('data-answer-phase'), { timeout: 15_000 })
      .toBe('done');
    return panel(page);
  }

  async function seriousViolations(page: Page) {
    const report = await axeResultsOf(page);
    return report.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`,
      );
  }

  async function answerEvents(kind: AnswerEventKind) {
    return database.db
      .selectFrom('answer_event')
      .select(['answer_id', 'kind', 'reason', 'details', 'citation_id', 'question_text'])
      .where('kind', '=', kind)
      .execute();
  }

  it('streams an answer to a how-to question with numbered citations that open the cited articles', async () => {
    const page = await blankPage();
    const stream = page.waitForResponse((response) =>
      response.url().endsWith('/api/answers/stream'),
    );
    await page.goto(`${portal.baseUrl}/0/search#q=${encodeURIComponent(QUESTION)}`);
    const response = await stream;
    expect(response.headers()['content-type']).toMatch(/^text\/event-stream/);
    const body = await response.text();
    // Opened at once, then streamed: the answer arrives as several pieces after its citations,
    // then ends.
    expect(body.indexOf('event: answer')).toBe(': answering\n\n'.length);
    expect(body.indexOf('event: citations')).toBeLessThan(body.indexOf('event: delta'));
    expect(body.match(/^event: delta$/gm)?.length ?? 0).toBeGreaterThanOrEqual(2);
    expect(body).toMatch(/event: end\ndata: \{"declined":false/);

    const answer = await answered(page);
    await expect.poll(() => answer.textContent()).toContain('This answer was generated');
    const markers = answer.locator('sup a');
    expect(await markers.count()).toBeGreaterThanOrEqual(2);
    expect(await markers.first().textContent()).toBe('1');
    expect(await markers.first().getAttribute('aria-label')).toMatch(/^Source 1: /);

    const sources = answer.getByRole('list').first().getByRole('listitem');
    const titles = await sources.locator('a').allTextContents();
    expect(titles).toContain(CITED_TITLE);
    const sourceLinks = await sources
      .locator('a')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    for (const href of sourceLinks) expect(href).not.toMatch(/^https?:/);

    // The preview shows on focus and on hover, and Escape closes it.
    await markers.first().focus();
    const tooltip = page.getByRole('tooltip');
    await expect.poll(() => tooltip.count()).toBe(1);
    expect(await markers.first().getAttribute('aria-describedby')).toBe(
      await tooltip.getAttribute('id'),
    );
    await page.keyboard.press('Escape');
    await expect.poll(() => tooltip.count()).toBe(0);
    await sources.locator('a', { hasText: CITED_TITLE }).hover();
    await expect.poll(() => tooltip.textContent()).toContain(CITED_TITLE);
    await page.screenshot({ path: `${SCREENSHOTS}/answer-preview-1280.png` });
    // It stays while the pointer moves onto it, and Escape closes it without moving anything.
    await tooltip.hover();
    expect(await tooltip.count()).toBe(1);
    await page.keyboard.press('Escape');
    await expect.poll(() => tooltip.count()).toBe(0);

    // Hide and show.
    const toggle = answer.getByRole('button', { name: 'Hide answer' });
    await toggle.click();
    expect(
      await answer.getByRole('button', { name: 'Show answer' }).getAttribute('aria-expanded'),
    ).toBe('false');
    expect(await answer.getByText('Was this helpful?').isVisible()).toBe(false);
    await answer.getByRole('button', { name: 'Show answer' }).click();
    expect(await answer.getByText('Was this helpful?').isVisible()).toBe(true);

    // A citation opens the cited article, and the click is stored.
    await sources.locator('a', { hasText: CITED_TITLE }).click();
    await page.waitForURL((url) => url.pathname.includes('/article/'));
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe(CITED_TITLE);
    await expect.poll(async () => (await answerEvents('citation-clicked')).length).toBe(1);
  });

  it('stores a like, and a dislike with its reason and comment', async () => {
    const page = await open(`/0/search#q=${encodeURIComponent(QUESTION)}`);
    const answer = await answered(page);
    await answer.getByRole('button', { name: 'Yes' }).click();
    await expect
      .poll(() => answer.getByRole('status').first().textContent())
      .toBe('Thanks for your feedback.');
    expect(await answer.getByRole('button', { name: 'Yes' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await expect.poll(async () => (await answerEvents('liked')).length).toBe(1);
    const [liked] = await answerEvents('liked');
    expect(liked?.question_text.toLowerCase()).toContain('bank feed');

    // Copy puts the text and its numbered sources on the clipboard.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await answer.getByRole('button', { name: 'Copy answer' }).click();
    await expect.poll(() => answer.getByRole('status').last().textContent()).toBe('Answer copied');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/\[1\][^]*\n\nSources:\n\[1\] .+ – http:\/\/127\.0\.0\.1:\d+\//);
    expect(copied).toContain(`${CITED_TITLE} – `);

    await page.reload();
    const again = await answered(page);
    await again.getByRole('button', { name: 'No' }).click();
    await again.getByRole('button', { name: 'Send feedback' }).click();
    await expect
      .poll(() => again.getByRole('alert').textContent())
      .toBe('Choose what was wrong with the answer.');
    await again.getByRole('radio', { name: 'It’s out of date' }).check();
    await again.getByLabel('Tell us more (optional)').fill('The menu names have changed.');
    await again.getByRole('button', { name: 'Send feedback' }).click();
    await expect.poll(async () => (await answerEvents('disliked')).length).toBe(1);
    const [disliked] = await answerEvents('disliked');
    expect(disliked).toMatchObject({
      answer_id: liked?.answer_id,
      reason: 'outdated',
      details: 'The menu names have changed.',
    });
  });

  it('keeps the answer when only the sort changes, and asks again for a new question', async () => {
    const page = await blankPage();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/answers/stream')) {
        asked.push((JSON.parse(request.postData() ?? '{}') as { q?: string }).q ?? '');
      }
    });
    await page.goto(`${portal.baseUrl}/0/search#q=${encodeURIComponent(QUESTION)}`);
    await answered(page);
    await page.getByLabel('Sort by').selectOption('date');
    await page.waitForURL((url) => url.hash.includes('sort'));
    await expect.poll(() => panel(page).getAttribute('data-answer-phase')).toBe('done');
    expect(asked).toEqual([QUESTION]);

    const box = page.getByRole('combobox', { name: 'Search Ledgerleaf' });
    await box.fill('How do I create a bank rule?');
    await box.press('Enter');
    await expect.poll(() => asked.length, { timeout: 15_000 }).toBe(2);
    expect(asked[1]).toBe('How do I create a bank rule?');
    await answered(page);
  });

  for (const width of [375, 1280]) {
    it(`has no serious accessibility problems with an answer, its preview and its feedback form at ${width} px`, async () => {
      const page = await open(`/0/search#q=${encodeURIComponent(QUESTION)}`, width);
      const answer = await answered(page);
      await page.screenshot({ path: `${SCREENSHOTS}/answer-panel-${width}.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
      await answer.locator('sup a').first().focus();
      await expect.poll(() => page.getByRole('tooltip').count()).toBe(1);
      const box = await page.getByRole('tooltip').boundingBox();
      expect(box?.x).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
      expect(await seriousViolations(page)).toEqual([]);
      await answer.getByRole('button', { name: 'No' }).click();
      await page.screenshot({
        path: `${SCREENSHOTS}/answer-feedback-${width}.png`,
        fullPage: true,
      });
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  it('answers on the learning search page too, and declines a question the content cannot answer', async () => {
    const page = await open(`/0/search#q=${encodeURIComponent('What is the capital of Peru?')}`);
    const answer = await answered(page);
    expect(await answer.locator('sup a').count()).toBe(0);
    expect(await answer.getByText('Was this helpful?').count()).toBe(0);

    const learning = await open(
      `/0/learning-search#q=${encodeURIComponent('How do I reconcile a bank account?')}`,
    );
    await expect.poll(() => panel(learning).count(), { timeout: 15_000 }).toBe(1);
    await expect
      .poll(() => panel(learning).getAttribute('data-answer-phase'), { timeout: 15_000 })
      .toBe('done');
    expect(await seriousViolations(learning)).toEqual([]);
  });
});
