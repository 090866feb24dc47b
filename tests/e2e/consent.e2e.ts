import { mkdir } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { parseConsentCookie } from '~core/analytics';
import { describeInBrowser, useBrowser } from './support/browser.ts';
import { useOwnPortal, type PortalUnderTest } from './support/portal.ts';
import { axeResultsOf } from './support/pages.ts';

const SCREENSHOTS = 'test-results/screenshots';
/** The banner's heading, which names its region. */
const BANNER_HEADING = 'Cookies on this site';
/** Requests that exist only for measurement: they must not leave without statistics consent. */
const STATISTICS_REQUEST = /\/api\/(analytics\/events|search\/click)\b/;

describeInBrowser('the consent manager in a browser', () => {
  let portal: PortalUnderTest;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];

  const startedPortal = useOwnPortal();
  const workerBrowser = useBrowser();
  beforeAll(async () => {
    portal = startedPortal();
    browser = workerBrowser();
    await mkdir(SCREENSHOTS, { recursive: true });
  });
  afterEach(() => {
    expect(problems, 'no page errors and no failed API calls').toEqual([]);
    problems.length = 0;
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  async function newPage(options: Parameters<Browser['newContext']>[0] = {}) {
    const context = await browser.newContext({
      locale: 'en-GB',
      viewport: { width: 1280, height: 900 },
      ...options,
    });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('response', (response) => {
      if (response.url().includes('/api/') && response.status() >= 400) {
        problems.push(`${response.status()} ${response.url()}`);
      }
    });
    const statistics: string[] = [];
    page.on('request', (request) => {
      if (STATISTICS_REQUEST.test(request.url())) statistics.push(request.url());
    });
    return { page, context, statistics };
  }

  async function hydrated(page: Page, path: string) {
    await page.goto(`${portal.baseUrl}${path}`);
    await page.waitForFunction(() => '__reactRouterRouteModules' in window);
  }

  /**
   * The layout shift from the moment the banner entered the page: what it moved. Shifts before
   * then are the page's own (a slow browser paints a document half parsed) and come and go with
   * the machine's load. The banner comes after hydration and its own chunk, which on a loaded
   * machine can be later than the network falls quiet, so this waits for it to show.
   */
  async function shiftAfterBanner(page: Page, path: string): Promise<number> {
    await page.addInitScript((bannerHeading) => {
      const measured = { bannerAt: -1, shift: 0 };
      (window as { measured?: typeof measured }).measured = measured;
      new MutationObserver(() => {
        if (measured.bannerAt >= 0) return;
        const headings = Array.from(document.querySelectorAll('h2'));
        if (headings.some((heading) => heading.textContent === bannerHeading)) {
          measured.bannerAt = performance.now();
        }
      }).observe(document, { childList: true, subtree: true });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
          if (measured.bannerAt >= 0 && entry.startTime >= measured.bannerAt) {
            measured.shift += entry.value;
          }
        }
      }).observe({ type: 'layout-shift', buffered: true });
    }, BANNER_HEADING);
    await hydrated(page, path);
    await expect.poll(() => banner(page).isVisible()).toBe(true);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(300);
    return page.evaluate(() => (window as { measured?: { shift: number } }).measured?.shift ?? 1);
  }

  const banner = (page: Page) => page.getByRole('region', { name: BANNER_HEADING });
  const settings = (page: Page) => page.getByRole('dialog', { name: 'Cookie settings' });

  /** React has hydrated the layout's footer, so the consent manager beside it has started. */
  const footerHydrated = () =>
    Array.from(document.querySelectorAll('footer button')).some((button) =>
      Object.keys(button).some((key) => key.startsWith('__reactProps')),
    );

  async function consentCookie(context: BrowserContext) {
    const cookie = (await context.cookies()).find((entry) => entry.name === 'CookieConsent');
    return cookie ? decodeURIComponent(cookie.value) : undefined;
  }

  /** Searches the search page logged for this query (search analytics, kept on the server). */
  async function loggedSearches(query: string): Promise<number> {
    const rows = await portal.database.db
      .selectFrom('search_query_log')
      .select('id')
      .where('query_text', '=', query)
      .execute();
    return rows.length;
  }

  /** Runs a search on the open search page without a reload, and waits for its answer. */
  async function searchInPage(page: Page, query: string) {
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/search'));
    await page.evaluate((q) => {
      window.location.hash = `#q=${encodeURIComponent(q)}`;
    }, query);
    await answered;
  }

  /** The Consent Mode v2 commands on the data layer, in order. */
  const consentCommands = (page: Page) =>
    page.evaluate(() =>
      ((window as { dataLayer?: unknown[] }).dataLayer ?? [])
        .map((entry) => Array.from(entry as ArrayLike<unknown>))
        .filter((entry) => entry[0] === 'consent'),
    ) as Promise<[string, string, Record<string, string>][]>;

  it('first visit: the banner, and no statistics cookies, storage or requests; "Reject all" keeps it so', async () => {
    const { page, context, statistics } = await newPage();
    const searched = page.waitForResponse((response) => response.url().endsWith('/api/search'));
    await hydrated(page, '/0/search#q=invoice');
    await expect.poll(() => banner(page).isVisible()).toBe(true);
    await searched;
    // Statistics are refused before any choice in the UK; tags were told so before they ran.
    const [first] = await consentCommands(page);
    expect(first?.slice(0, 2)).toEqual(['consent', 'default']);
    expect(first?.[2]).toMatchObject({ analytics_storage: 'denied', ad_storage: 'denied' });
    expect(await consentCookie(context)).toBeUndefined();
    const names = (await context.cookies()).map((cookie) => cookie.name);
    expect(
      names.every((name) => /_csrf$|_session$|REGION$/.test(name)),
      names.join(),
    ).toBe(true);
    const storage = await page.evaluate(() => ({
      local: Object.keys(localStorage),
      dataLayerEvents: ((window as { dataLayer?: { event?: string }[] }).dataLayer ?? [])
        .map((entry) => entry.event)
        .filter(Boolean),
    }));
    expect(storage).toEqual({ local: [], dataLayerEvents: [] });
    expect(await loggedSearches('invoice')).toBe(0);

    await banner(page).getByRole('button', { name: 'Reject all' }).click();
    await expect.poll(() => banner(page).count()).toBe(0);
    expect(parseConsentCookie(await consentCookie(context))).toMatchObject({
      preferences: false,
      statistics: false,
      marketing: false,
    });
    await expect
      .poll(() => page.getByRole('status').allTextContents())
      .toContain('Cookie choice saved: only strictly necessary cookies.');
    await searchInPage(page, 'reconciliation');
    await page.reload();
    await page.waitForFunction(() => '__reactRouterRouteModules' in window);
    expect(await banner(page).count()).toBe(0);
    await page.getByRole('list', { name: 'Search results' }).getByRole('link').first().click();
    await page.waitForLoadState('load');
    expect(statistics).toEqual([]);
    expect(await loggedSearches('reconciliation')).toBe(0);
    expect(await loggedSearches('invoice')).toBe(0);
    // The choice is on record on the server too.
    const records = await portal.database.db
      .selectFrom('consent_record')
      .select(['groups', 'method', 'region'])
      .execute();
    expect(records).toContainEqual({ groups: '', method: 'reject-all', region: 'UK' });
  });

  it('"Choose" with statistics writes Statistics true and turns search analytics on; withdrawing turns them off at once', async () => {
    const { page, context, statistics } = await newPage();
    await hydrated(page, '/0/search#q=bank');
    await banner(page).getByRole('button', { name: 'Choose' }).click();
    const dialog = settings(page);
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByRole('checkbox', { name: 'Statistics' }).check();
    await dialog.getByRole('button', { name: 'Save choices' }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    expect(parseConsentCookie(await consentCookie(context))).toMatchObject({
      preferences: false,
      statistics: true,
      marketing: false,
    });
    expect(
      (await context.cookies()).find((c) => c.name === 'CookieConsent')?.expires,
    ).toBeGreaterThan(Date.now() / 1000 + 364 * 24 * 60 * 60);
    const update = (await consentCommands(page)).at(-1);
    expect(update?.slice(0, 2)).toEqual(['consent', 'update']);
    expect(update?.[2]).toMatchObject({ analytics_storage: 'granted', ad_storage: 'denied' });

    await searchInPage(page, 'Create a bank rule');
    await expect.poll(() => loggedSearches('Create a bank rule')).toBe(1);
    expect(await loggedSearches('bank')).toBe(0);

    // Withdrawing, from the footer's "Cookie settings", takes effect without a reload.
    const footerLink = page
      .getByRole('contentinfo')
      .getByRole('button', { name: 'Cookie settings' });
    await footerLink.click();
    await settings(page).getByRole('checkbox', { name: 'Statistics' }).uncheck();
    await settings(page).getByRole('button', { name: 'Save choices' }).click();
    await expect.poll(() => settings(page).count()).toBe(0);
    expect(parseConsentCookie(await consentCookie(context)).statistics).toBe(false);
    const before = statistics.length;
    await searchInPage(page, 'invoice');
    await page.getByRole('list', { name: 'Search results' }).getByRole('link').first().click();
    await page.waitForLoadState('load');
    expect(statistics.length).toBe(before);
    expect(await loggedSearches('invoice')).toBe(0);
  });

  it('a browser sending Global Privacy Control has marketing refused by default', async () => {
    const { page } = await newPage({
      locale: 'en-US',
      extraHTTPHeaders: { 'Sec-GPC': '1' },
    });
    await page.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
    );
    await hydrated(page, '/0/');
    // The United States get notice, not opt-in: statistics run, marketing does not under GPC.
    await expect.poll(() => banner(page).isVisible()).toBe(true);
    const update = (await consentCommands(page)).at(-1);
    expect(update?.[2]).toMatchObject({
      analytics_storage: 'granted',
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
    });
    await banner(page).getByRole('button', { name: 'Choose' }).click();
    expect(await settings(page).getByRole('checkbox', { name: 'Marketing' }).isChecked()).toBe(
      false,
    );
    expect(await settings(page).getByRole('checkbox', { name: 'Statistics' }).isChecked()).toBe(
      true,
    );
  });

  it('a link to #cookie-settings opens the dialog, on arrival and on any later click', async () => {
    const { page } = await newPage();
    await hydrated(page, '/0/#cookie-settings');
    await expect.poll(() => settings(page).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => settings(page).isVisible()).toBe(false);
    await page.evaluate(() => {
      window.location.hash = '';
    });
    await page.evaluate(() => {
      window.location.hash = '#cookie-settings';
    });
    await expect.poll(() => settings(page).isVisible()).toBe(true);
  });

  it('works by keyboard: focus stays in the dialog and returns; no layout shift; no axe violations', async () => {
    for (const width of [375, 1280]) {
      // With a choice already made the page shows no banner, once the consent manager has started.
      const without = await newPage({ viewport: { width, height: 800 } });
      await without.context.addCookies([
        { name: 'CookieConsent', value: '{"statistics":false,"ver":1}', url: portal.baseUrl },
      ]);
      await hydrated(without.page, '/0/');
      await without.page.waitForFunction(footerHydrated);
      await without.page.waitForLoadState('networkidle');
      expect(await banner(without.page).count()).toBe(0);
      // A banner in the page's flow would move the whole page, a shift of a tenth or more.
      const { page } = await newPage({ viewport: { width, height: 800 } });
      expect(await shiftAfterBanner(page, '/0/')).toBeLessThan(0.001);
      await page.screenshot({ path: `${SCREENSHOTS}/consent-banner-${width}.png` });
      const withBanner = await axeResultsOf(page);
      expect(withBanner.violations.map((v) => `${v.impact} ${v.id}: ${v.help}`)).toEqual([]);

      // The banner comes first in the page's order, so Tab reaches it at once.
      const choose = banner(page).getByRole('button', { name: 'Choose' });
      for (let presses = 0; presses < 5; presses += 1) {
        if (await choose.evaluate((element) => element === document.activeElement)) break;
        await page.keyboard.press('Tab');
      }
      expect(await choose.evaluate((element) => element === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      await expect.poll(() => settings(page).isVisible()).toBe(true);
      await page.screenshot({ path: `${SCREENSHOTS}/consent-settings-${width}.png` });
      const withDialog = await axeResultsOf(page);
      expect(withDialog.violations.map((v) => `${v.impact} ${v.id}: ${v.help}`)).toEqual([]);
      for (let presses = 0; presses < 12; presses += 1) {
        await page.keyboard.press('Tab');
        expect(
          await settings(page).evaluate((dialog) => dialog.contains(document.activeElement)),
        ).toBe(true);
      }
      await page.keyboard.press('Escape');
      await expect.poll(() => settings(page).count()).toBe(0);
      expect(await choose.evaluate((element) => element === document.activeElement)).toBe(true);

      // Accepting by keyboard from the banner.
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Enter');
      await expect.poll(() => banner(page).count()).toBe(0);
    }
  });
});
