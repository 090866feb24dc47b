import { mkdir } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, useBrowser } from './support/browser.ts';
import { axeResultsOf, waitForHydratedFocus } from './support/pages.ts';
import { countOf, resultCount, resultTitles, searchBox } from './support/search-page.ts';
import { useDemoPortal, type PortalUnderTest } from './support/portal.ts';

const SCREENSHOTS = 'test-results/screenshots';
const STORAGE_KEY = 'portal-search-standalone-search-box';

describeInBrowser('the search box and search pages in a browser', () => {
  let portal: PortalUnderTest;
  let browser: Browser;
  let context: BrowserContext | undefined;
  const problems: string[] = [];

  const startedPortal = useDemoPortal();
  const workerBrowser = useBrowser();
  beforeAll(async () => {
    // The real help content of content/, imported at start-up.
    portal = startedPortal();
    browser = workerBrowser();
    await mkdir(SCREENSHOTS, { recursive: true });
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
    // Emptied before the check, so one test's problem is not blamed on the tests after it.
    expect(problems.splice(0), 'no page errors and no failed API calls').toEqual([]);
  });

  async function open(
    path: string,
    options: { width?: number; javaScriptEnabled?: boolean } = {},
  ): Promise<Page> {
    context = await browser.newContext({
      viewport: { width: options.width ?? 1280, height: 900 },
      javaScriptEnabled: options.javaScriptEnabled ?? true,
    });
    const page = await context.newPage();
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('response', (response) => {
      if (response.url().includes('/api/') && response.status() >= 400) {
        problems.push(`${response.status()} ${response.url()}`);
      }
    });
    await page.goto(`${portal.baseUrl}${path}`);
    return page;
  }

  it('suggests 5 completions, bold where the visitor did not type, and searches the chosen one', async () => {
    const page = await open('/0/');
    await expect.poll(() => page.evaluate(() => document.readyState)).toBe('complete');
    const box = searchBox(page);
    await expect
      .poll(() => box.getAttribute('placeholder'))
      .toBe('Search support, learning, and discussions');
    await expect.poll(() => page.getByRole('img', { name: 'Search icon' }).count()).toBe(1);
    await box.click();
    await box.pressSequentially('reconcil');
    const options = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
    await expect.poll(() => options.count()).toBe(5);
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    // The list for an earlier part of the typing ('rec') may still be showing: wait for the
    // one for the whole of it.
    await expect
      .poll(() =>
        options.evaluateAll((items) =>
          items.every((item) =>
            [...item.childNodes]
              .filter((node) => node.nodeName !== 'B')
              .map((node) => node.textContent)
              .join('')
              .toLowerCase()
              .startsWith('reconcil'),
          ),
        ),
      )
      .toBe(true);

    const shapes = await options.evaluateAll((items) =>
      items.map((item) => ({
        html: item.innerHTML,
        typed: [...item.childNodes]
          .filter((node) => node.nodeName !== 'B')
          .map((node) => node.textContent)
          .join(''),
        bold: [...item.querySelectorAll('b')].map((node) => node.textContent),
        text: item.textContent,
      })),
    );
    for (const shape of shapes) {
      expect(shape.typed.toLowerCase(), shape.html).toBe('reconcil');
      expect(shape.bold.length, shape.html).toBeGreaterThan(0);
      expect(shape.html).not.toMatch(/<(?!\/?(b|span)>)/);
      // The value arrives as HTML: an apostrophe shows as one, not as its reference.
      expect(shape.text, shape.html).not.toMatch(/&#?\w+;/);
    }
    expect(shapes.map((shape) => shape.text)).toContainEqual(expect.stringContaining("doesn't"));
    await page.screenshot({ path: `${SCREENSHOTS}/search-suggestions-1280.png` });
    const openList = await axeResultsOf(page);
    expect(
      openList.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
    ).toEqual([]);

    await page.keyboard.press('ArrowDown');
    expect(await options.first().getAttribute('aria-selected')).toBe('true');
    expect(await box.getAttribute('aria-activedescendant')).toBe(
      await options.first().getAttribute('id'),
    );
    const firstSearch = page.waitForRequest(
      (request) => request.url().endsWith('/api/search') && request.method() === 'POST',
    );
    await page.keyboard.press('Enter');

    const chosen = shapes[0]?.text ?? '';
    await page.waitForURL((url) => url.pathname === '/0/search');
    // Spec 4: the search page's first search runs with the analytics the box stored.
    expect((await firstSearch).postDataJSON()).toMatchObject({
      q: chosen,
      analytics: {
        cause: 'omniboxAnalytics',
        metadata: { partialQuery: 'reconcil', suggestion: chosen },
      },
    });
    expect(decodeURIComponent(new URL(page.url()).hash)).toBe(`#q=${chosen}`);
    expect(await countOf(page)).toBeGreaterThan(0);
    expect(await searchBox(page).inputValue()).toBe(chosen);
    // The page took the box's entry, so it is used once.
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).toBeNull();
  });

  it('opens the suggestions on focus, before anything is typed, with the most searched queries', async () => {
    const popular = 'gst on imported services';
    for (let run = 0; run < 3; run += 1) {
      await countOf(await open(`/0/search#q=${encodeURIComponent(popular)}`));
      await context?.close();
    }
    const page = await open('/0/');
    await expect.poll(() => page.evaluate(() => document.readyState)).toBe('complete');
    await searchBox(page).focus();
    const options = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
    await expect.poll(() => options.allTextContents()).toContain(popular);
    expect(await searchBox(page).getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/0/search');
    expect(decodeURIComponent(new URL(page.url()).hash)).toBe(`#q=${popular}`);
  });

  it('searches a pasted page of text by its first 500 characters and says so', async () => {
    const pasted = `bank feed ${'reconcile the statement lines '.repeat(40)}`;
    const notice = (page: Page) => page.getByText('Your search was longer than 500 characters');
    const page = await open(`/0/search#q=${encodeURIComponent(pasted)}`);
    await countOf(page);
    await expect.poll(() => notice(page).count()).toBe(1);
    const short = await open('/0/search#q=bank%20feed');
    await countOf(short);
    expect(await notice(short).count()).toBe(0);
  });

  it('moves focus to the results heading when a suggestion is chosen with Enter on the search page', async () => {
    const page = await open('/0/search#q=invoice');
    await countOf(page);
    const box = searchBox(page);
    await box.fill('');
    await box.pressSequentially('reconcil');
    const options = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
    // The list for the whole of what was typed, not one for a shorter prefix still on its way.
    await expect
      .poll(
        async () =>
          (await options.allTextContents()).every((text) => /reconcil/i.test(text)) &&
          (await options.count()) > 0,
      )
      .toBe(true);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => options.first().getAttribute('aria-selected')).toBe('true');
    const chosen = (await options.first().textContent()) ?? '';
    await page.keyboard.press('Enter');

    await expect.poll(() => decodeURIComponent(new URL(page.url()).hash)).toBe(`#q=${chosen}`);
    await countOf(page);
    const focused = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        return { tag: active?.tagName, text: active?.textContent ?? '' };
      });
    await expect.poll(async () => (await focused()).tag).toBe('H2');
    expect((await focused()).text).toMatch(/^\d+ results?/);
  });

  it('narrows with a facet, records it in the hash, and Back restores the previous results', async () => {
    const page = await open('/0/search#q=reconciliation');
    const before = await countOf(page);
    const firstBefore = await resultTitles(page).first().textContent();
    const filters = page.getByRole('complementary', { name: 'Filters' });
    const glossary = filters.getByRole('checkbox', { name: /^Glossary/ });
    const glossaryCount = Number(
      /(\d+)/.exec((await glossary.locator('..').textContent()) ?? '')?.[1],
    );
    await glossary.check();

    await expect.poll(() => new URL(page.url()).hash).toContain('f[common_contenttype]=');
    await expect.poll(() => countOf(page)).toBe(glossaryCount);
    expect(glossaryCount).toBeLessThan(before);
    const labels = await page
      .getByRole('list', { name: 'Search results' })
      .locator('article')
      .evaluateAll((cards) => cards.map((card) => card.textContent ?? ''));
    expect(labels.every((text) => text.startsWith('Glossary'))).toBe(true);

    await page.goBack();
    await expect.poll(() => new URL(page.url()).hash).toBe('#q=reconciliation');
    await expect.poll(() => countOf(page)).toBe(before);
    expect(await resultTitles(page).first().textContent()).toBe(firstBefore);
    expect(await filters.getByRole('checkbox', { name: /^Glossary/ }).isChecked()).toBe(false);

    await page.goForward();
    await expect.poll(() => countOf(page)).toBe(glossaryCount);
  });

  it('lists an article first when its exact title is searched', async () => {
    const page = await open(`/0/search#q=${encodeURIComponent('Create a bank rule')}`);
    await countOf(page);
    expect(await resultTitles(page).first().textContent()).toBe('Create a bank rule');
  });

  it('loads more results onto the list and sorts by date', async () => {
    const page = await open('/0/search#q=bank');
    const total = await countOf(page);
    expect(total).toBeGreaterThan(10);
    expect(await resultTitles(page).count()).toBe(10);
    const firstTen = await resultTitles(page).allTextContents();
    const more = page.waitForRequest((request) => request.url().endsWith('/api/search'));
    await page.getByRole('button', { name: 'Load more' }).click();
    // The next page starts after the 10 shown; results folded under a guide make it shorter.
    expect((await more).postDataJSON()).toMatchObject({ firstResult: 10, numberOfResults: 10 });
    await expect.poll(() => resultTitles(page).count()).toBeGreaterThan(10);
    expect((await resultTitles(page).allTextContents()).slice(0, 10)).toEqual(firstTen);
    expect(new URL(page.url()).hash).toContain('numberOfResults=20');

    await page.getByLabel('Sort by').selectOption('date');
    await expect.poll(() => new URL(page.url()).hash).toContain('sortCriteria=date');
    await expect.poll(() => resultTitles(page).count()).toBe(10);
  });

  it("shows the corrected words' results, and searches the words as typed on request", async () => {
    const page = await open('/0/search#q=invioce');
    await countOf(page);
    const correction = page.getByText(/^Showing results for/);
    expect(await correction.textContent()).toBe(
      'Showing results for invoiceSearch instead for invioce',
    );
    await page.getByRole('link', { name: 'invioce', exact: true }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#q=invioce&enableDidYouMean=false');
    await expect.poll(() => page.getByText(/^Showing results for/).count()).toBe(0);
    // The search runs once the page's scripts have started: on a busy machine, after a second.
    const noResults = page.getByRole('heading', { name: /^No results for/ });
    await expect.poll(() => noResults.count(), { timeout: 10_000 }).toBe(1);
    // A new query is corrected again.
    await page.goBack();
    await page.getByRole('link', { name: 'invoice', exact: true }).click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#q=invoice');
    await expect.poll(() => searchBox(page).inputValue()).toBe('invoice');
    await expect.poll(() => page.getByText(/^Showing results for/).count()).toBe(0);
  });

  it('offers tips when nothing matches', async () => {
    // Pages matching some of the words are found (issue 19), so no word here is in any page.
    const page = await open('/0/search#q=zzqx%20qqzvw');
    // The search runs once the page's scripts have started: on a busy machine, after a second.
    const noResults = page.getByRole('heading', { name: /^No results for/ });
    await expect.poll(() => noResults.count(), { timeout: 10_000 }).toBe(1);
    expect(await page.getByText('Check the spelling of your search words.').count()).toBe(1);
    await page.screenshot({ path: `${SCREENSHOTS}/search-empty-1280.png` });
  });

  it('works with the keyboard alone, skip link included', async () => {
    const page = await open('/0/');
    await expect.poll(() => page.evaluate(() => document.readyState)).toBe('complete');
    let focusedName = '';
    for (let step = 0; step < 30 && focusedName !== 'combobox'; step += 1) {
      await page.keyboard.press('Tab');
      focusedName = await page.evaluate(() => document.activeElement?.getAttribute('role') ?? '');
    }
    expect(focusedName).toBe('combobox');
    await waitForHydratedFocus(page);
    await page.keyboard.type('bank rule');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/0/search');
    expect(decodeURIComponent(new URL(page.url()).hash)).toBe('#q=bank rule');
    await countOf(page);

    // The skip link lands in the page's own search box and leaves the hash state alone.
    await page.getByRole('link', { name: 'Skip to main content' }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id))
      .toBe('main-search-query');
    expect(decodeURIComponent(new URL(page.url()).hash)).toBe('#q=bank rule');

    // A facet, by keyboard.
    const before = await countOf(page);
    const checkbox = page
      .getByRole('complementary', { name: 'Filters' })
      .getByRole('checkbox')
      .first();
    await checkbox.focus();
    await page.keyboard.press('Space');
    await expect.poll(() => new URL(page.url()).hash).toContain('f[');
    await expect.poll(() => countOf(page)).toBeLessThanOrEqual(before);
  });

  it("re-runs the search with cause 'regionChanged' when the visitor changes region", async () => {
    const page = await open('/0/search#q=bank');
    await countOf(page);
    const rerun = page.waitForRequest(
      (request) =>
        request.url().endsWith('/api/search') &&
        (request.postDataJSON() as { analytics?: { cause?: string } }).analytics?.cause ===
          'regionChanged',
    );
    await page.getByRole('combobox', { name: 'Region' }).selectOption('AU');
    expect((await rerun).postDataJSON()).toMatchObject({
      q: 'bank',
      context: { userRegion: 'AU' },
    });
  });

  it('logs a result click with its position and search id', async () => {
    const page = await open('/0/search#q=bank%20rule');
    await countOf(page);
    const click = page.waitForRequest((request) => request.url().endsWith('/api/search/click'));
    await resultTitles(page).first().getByRole('link').click();
    const body = (await click).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({ position: 1, searchHub: 'LL_GlobalSearch' });
    expect(typeof body.searchUid).toBe('string');
    expect(typeof body.uniqueId).toBe('string');
  });

  it('searches learning items on the learning search page', async () => {
    const page = await open('/0/learning');
    const search = page.waitForRequest(
      (request) =>
        request.url().endsWith('/api/search') &&
        (request.postDataJSON() as { searchHub?: string }).searchHub === 'LL_LearningSearch',
    );
    await page.goto(`${portal.baseUrl}/0/learning-search#q=`);
    await search;
    await expect.poll(() => page.title()).toBe('Search learning – Ledgerleaf');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Search learning');
  });

  it('works without script: the form sends ?q= and the page turns it into hash state', async () => {
    const page = await open('/0/', { javaScriptEnabled: false });
    await searchBox(page).fill('gst');
    await searchBox(page).press('Enter');
    await page.waitForURL((url) => url.pathname === '/0/search');
    expect(new URL(page.url()).search).toBe('?q=gst');
    await context?.close();

    const enhanced = await open('/0/search?q=gst');
    await countOf(enhanced);
    expect(new URL(enhanced.url()).hash).toBe('#q=gst');
    expect(new URL(enhanced.url()).search).toBe('');
  });

  for (const width of [375, 1280]) {
    for (const path of ['/0/search#q=bank', '/0/learning-search#q=']) {
      it(`has no serious accessibility problems on ${path} at ${width} px`, async () => {
        const page = await open(path, { width });
        await expect
          .poll(() => resultCount(page).textContent())
          .toMatch(/^\d+ results?|^No results/);
        if (width === 375 && path.startsWith('/0/search')) {
          const toggle = page.getByRole('button', { name: /^Filters/ });
          expect(await toggle.getAttribute('aria-expanded')).toBe('false');
          expect(await page.getByRole('checkbox').first().isVisible()).toBe(false);
          await toggle.click();
          expect(await page.getByRole('checkbox').first().isVisible()).toBe(true);
        }
        const name = path.includes('learning') ? 'learning-search' : 'search';
        await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png`, fullPage: true });
        const report = await axeResultsOf(page);
        const serious = report.violations.filter(
          (violation) => violation.impact === 'serious' || violation.impact === 'critical',
        );
        expect(
          serious.map((violation) => `${violation.id}: ${violation.nodes[0]?.html ?? ''}`),
        ).toEqual([]);
      });
    }
  }
});
