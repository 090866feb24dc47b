import { mkdir } from 'node:fs/promises';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PortalDatabase } from '~server/db/database.ts';
import { listSearchUsageEvents } from '~server/modules/search';
import { testConfig } from '../support/config.ts';
import { signInAs } from '../support/sessions.ts';
import { describeInBrowser, useBrowser } from './support/browser.ts';
import { useOwnPortal, type PortalUnderTest } from './support/portal.ts';
import { axeResultsOf } from './support/pages.ts';

const SCREENSHOTS = 'test-results/screenshots';
const STATISTICS_CONSENT = encodeURIComponent(
  '{"preferences":false,"statistics":true,"marketing":false}',
);
const SEVEN_DAYS = 7 * 24 * 60 * 60;

interface PageViewEntry {
  event: string;
  user: { crmId?: string; attributes: { isGuest: boolean }; provider: { type: string } };
  [field: string]: unknown;
}

describeInBrowser('the visitor context, region and analytics in a browser', () => {
  let portal: PortalUnderTest;
  let browser: Browser;
  let database: PortalDatabase;
  const contexts: BrowserContext[] = [];

  const startedPortal = useOwnPortal();
  const workerBrowser = useBrowser();
  beforeAll(async () => {
    portal = startedPortal();
    // The portal has migrated the file by now; sessions are written to it beside the server.
    database = portal.database;
    browser = workerBrowser();
    await mkdir(SCREENSHOTS, { recursive: true });
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  async function newContext(options: Parameters<Browser['newContext']>[0] = {}) {
    const context = await browser.newContext(options);
    contexts.push(context);
    return context;
  }

  async function withConsent(context: BrowserContext) {
    await context.addCookies([
      { name: 'CookieConsent', value: STATISTICS_CONSENT, url: portal.baseUrl },
    ]);
  }

  async function hydrated(page: Page, path: string) {
    await page.goto(`${portal.baseUrl}${path}`);
    await page.waitForFunction(() => '__reactRouterRouteModules' in window);
  }

  /** Gateway calls the page makes, by method name. */
  function gatewayCalls(page: Page): string[] {
    const calls: string[] = [];
    page.on('request', (request) => {
      const match = /\/lwr\/apex\/v65\.0\/[^/]+\/([^/?]+)/.exec(request.url());
      if (match?.[1]) calls.push(match[1]);
    });
    return calls;
  }

  const pageViews = (page: Page) =>
    page.evaluate(
      () =>
        ((window as { dataLayer?: Array<{ event?: string }> }).dataLayer ?? []).filter(
          (entry) => entry.event === 'pageView',
        ) as unknown as PageViewEntry[],
    );

  /** A page of a demo account's own, with statistics consent, and the gateway calls it makes. */
  async function signedInWithStatistics(account: string) {
    const signedIn = await signInAs(database, account, testConfig());
    const context = await newContext();
    await withConsent(context);
    const [name, value] = signedIn.cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: portal.baseUrl, httpOnly: true }]);
    const page = await context.newPage();
    return { signedIn, page, calls: gatewayCalls(page) };
  }

  /** Opens the path and waits for its first pageView, pushed once the user data has settled. */
  async function firstPageView(page: Page, path: string) {
    await hydrated(page, path);
    await page.waitForFunction(() =>
      ((window as { dataLayer?: Array<{ event?: string }> }).dataLayer ?? []).some(
        (entry) => entry.event === 'pageView',
      ),
    );
  }

  it('starts in the region guessed from the browser language, rendered by the server', async () => {
    const context = await newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    await page.goto(`${portal.baseUrl}/0/`);
    expect(await page.getByLabel('Region').inputValue()).toBe('UK');
    expect(await context.cookies(portal.baseUrl)).not.toContainEqual(
      expect.objectContaining({ name: 'LLREGION' }),
    );
  });

  it('stores a chosen region (cookie for 7 days, regionStorage) and broadcasts it to every part', async () => {
    const context = await newContext({ locale: 'en-AU' });
    // Each tab notes the channels it opens, so the test knows both listen before it chooses.
    await context.addInitScript(() => {
      const Native = window.BroadcastChannel;
      const opened: string[] = [];
      (window as { openedChannels?: string[] }).openedChannels = opened;
      window.BroadcastChannel = class extends Native {
        constructor(name: string) {
          super(name);
          opened.push(name);
        }
      };
    });
    const first = await context.newPage();
    const second = await context.newPage();
    for (const page of [first, second]) {
      await hydrated(page, '/0/');
      await page.waitForFunction(
        () => ((window as { openedChannels?: string[] }).openedChannels ?? []).length > 0,
      );
      await page.evaluate(() => {
        const changes: unknown[] = [];
        (window as { regionChanges?: unknown[] }).regionChanges = changes;
        window.addEventListener('portal:regionchange', (event) =>
          changes.push((event as CustomEvent).detail),
        );
      });
    }
    const picker = first.getByLabel('Region');
    expect(await picker.inputValue()).toBe('AU');
    const options = await picker.locator('option').allTextContents();
    expect(options).toEqual([
      'Australia',
      'Canada',
      'New Zealand',
      'United States',
      'Hong Kong',
      'Malaysia',
      'Singapore',
      'South Africa',
      'United Kingdom',
      'Rest of world',
    ]);

    const chosenAt = Date.now() / 1000;
    await picker.selectOption({ label: 'United Kingdom' });

    const cookie = (await context.cookies(portal.baseUrl)).find((c) => c.name === 'LLREGION');
    expect(cookie).toMatchObject({ value: 'UK', path: '/', sameSite: 'Lax' });
    expect(cookie?.expires).toBeGreaterThan(chosenAt + SEVEN_DAYS - 60);
    expect(cookie?.expires).toBeLessThan(chosenAt + SEVEN_DAYS + 60);
    expect(await first.evaluate(() => sessionStorage.getItem('regionStorage'))).toBe('UK');

    const changes = (page: Page) =>
      page.evaluate(() => (window as { regionChanges?: unknown[] }).regionChanges);
    expect(await changes(first)).toEqual([{ region: 'UK', previous: 'AU', origin: 'this-page' }]);
    await second.waitForFunction(
      () => ((window as { regionChanges?: unknown[] }).regionChanges ?? []).length > 0,
    );
    expect(await changes(second)).toEqual([{ region: 'UK', previous: 'AU', origin: 'other-tab' }]);
    expect(await second.getByLabel('Region').inputValue()).toBe('UK');
    expect(await second.evaluate(() => sessionStorage.getItem('regionStorage'))).toBe('UK');

    await first.reload();
    expect(await first.getByLabel('Region').inputValue()).toBe('UK');
  });

  it('maps a region cookie set elsewhere (ZA becomes SA)', async () => {
    const context = await newContext();
    await context.addCookies([{ name: 'LLREGION', value: 'ZA', url: portal.baseUrl }]);
    const page = await context.newPage();
    await page.goto(`${portal.baseUrl}/0/`);
    expect(await page.getByLabel('Region').inputValue()).toBe('SA');
  });

  it('pushes a guest pageView and never asks for user data', async () => {
    const context = await newContext();
    await withConsent(context);
    const page = await context.newPage();
    const calls = gatewayCalls(page);
    await firstPageView(page, '/0/');
    expect(await pageViews(page)).toEqual([
      { event: 'pageView', user: { attributes: { isGuest: true }, provider: { type: 'user' } } },
    ]);
    // Whatever the page would send has gone out once the network is quiet.
    await page.waitForLoadState('networkidle');
    expect(calls).not.toContain('getUserData');
  });

  it('pushes nothing to the data layer and sends no events without consent', async () => {
    // In the UK statistics wait for consent; notice regions run them until refused (docs/privacy.md).
    const context = await newContext({ locale: 'en-GB' });
    const page = await context.newPage();
    const analyticsPosts: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/analytics/events')) analyticsPosts.push(request.url());
    });
    await hydrated(page, '/0/');
    // Whatever the page would send has gone out once the network is quiet.
    await page.waitForLoadState('networkidle');
    expect(await pageViews(page)).toEqual([]);
    await page.close({ runBeforeUnload: true });
    expect(analyticsPosts).toEqual([]);
  });

  it('loads a signed-in user’s data once and pushes it with every pageView', async () => {
    const { signedIn, page, calls } = await signedInWithStatistics('demo-partner-primary');
    await firstPageView(page, '/0/');
    const [view] = await pageViews(page);
    expect(view?.user).toEqual({
      crmId: signedIn.user.id,
      attributes: { isGuest: false },
      provider: { type: 'user' },
    });
    expect(view).toMatchObject({
      UserId: signedIn.user.id,
      IsPartner: 'true',
      IsPrimaryContact: 'true',
    });
    expect(view).toHaveProperty('updateAccountFlowScreen');
    expect(calls.filter((call) => call === 'getUserData')).toHaveLength(1);

    await page.getByRole('link', { name: 'Learning' }).first().click();
    await page.waitForURL('**/0/learning');
    await page.waitForFunction(
      () =>
        ((window as { dataLayer?: Array<{ event?: string }> }).dataLayer ?? []).filter(
          (entry) => entry.event === 'pageView',
        ).length === 2,
    );
    const views = await pageViews(page);
    expect(views[1]?.user.crmId).toBe(signedIn.user.id);
    expect(calls.filter((call) => call === 'getUserData')).toHaveLength(1);
  });

  it('asks for a customer’s data without a request that fails (no partner class call)', async () => {
    const { signedIn, page, calls } = await signedInWithStatistics('demo-customer');
    const failed: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    await firstPageView(page, '/0/');
    const [view] = await pageViews(page);
    expect(view).toMatchObject({ UserId: signedIn.user.id, IsPartner: 'false' });
    expect(view).not.toHaveProperty('updateAccountFlowScreen');
    expect(calls).toContain('getUserData');
    expect(calls).not.toContain('getUpdateAccountFlowDetails');
    expect(failed).toEqual([]);
  });

  it('sends a content view from an article page to the analytics service, with consent only', async () => {
    const article = await database.db
      .selectFrom('kb_article')
      .select(['id', 'url_name'])
      .orderBy('url_name')
      .executeTakeFirstOrThrow();
    const storedViews = () =>
      database.db
        .selectFrom('analytics_event')
        .selectAll()
        .where('name', '=', 'content viewed')
        .execute();

    const refusing = await newContext({ locale: 'en-GB' });
    const quiet = await refusing.newPage();
    await hydrated(quiet, `/s/article/${article.url_name}`);
    await quiet.close({ runBeforeUnload: true });

    const context = await newContext();
    await withConsent(context);
    const page = await context.newPage();
    const stored = page.waitForResponse(
      (response) => response.url().endsWith('/api/analytics/events') && response.status() === 202,
    );
    await hydrated(page, `/s/article/${article.url_name}`);
    await page.waitForFunction(() =>
      ((window as { dataLayer?: Array<{ event?: string }> }).dataLayer ?? []).some(
        (entry) => entry.event === 'content viewed',
      ),
    );
    // Hiding the page sends what waits, as when the visitor switches tabs or leaves.
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect((await stored).status()).toBe(202);

    const rows = await storedViews();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      page_path: `/s/article/${article.url_name}`,
      user_id: null,
    });
    expect(JSON.parse(rows[0]?.fields ?? '{}')).toMatchObject({
      contentType: 'Articles',
      contentId: article.id,
    });

    // Spec 7: the search analytics' view event, from the consenting visit only.
    const searchViews = async () =>
      (await listSearchUsageEvents(database.db, { kind: 'view', since: '1970-01-01' })).filter(
        (event) => event.event_value === `/s/article/${article.url_name}`,
      );
    await expect.poll(searchViews, { timeout: 10_000 }).toHaveLength(1);
    expect(await searchViews()).toMatchObject([
      {
        search_hub: `${testConfig().prefix}_GlobalSearch`,
        event_type: 'Articles',
        content_id_key: '@sfid',
        content_id_value: article.id,
      },
    ]);
  });

  it("reports an uncaught error to the error-reporting service, but not reading 'lc' of undefined", async () => {
    const context = await newContext();
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await hydrated(page, '/0/');
    const reported = page.waitForResponse(
      (response) => response.url().endsWith('/api/errors') && response.status() === 202,
    );
    await page.evaluate(() => {
      setTimeout(() => {
        throw new TypeError("Cannot read properties of undefined (reading 'lc')");
      });
      setTimeout(() => {
        throw new Error('The onboarding card could not draw');
      }, 50);
    });
    expect(await (await reported).json()).toEqual({ stored: true });
    const reports = await database.db
      .selectFrom('error_report')
      .select(['message', 'source', 'page_path', 'is_guest'])
      .execute();
    expect(reports).toEqual([
      {
        message: 'The onboarding card could not draw',
        source: 'window.error',
        page_path: '/0/',
        is_guest: 1,
      },
    ]);
    expect(consoleErrors.some((text) => text.includes('could not draw'))).toBe(true);
  });

  it('shows the region picker in the footer without axe violations, at 375 and 1280 px', async () => {
    for (const width of [375, 1280]) {
      const context = await newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      await hydrated(page, '/0/');
      const footer = page.locator('footer');
      await footer.screenshot({ path: `${SCREENSHOTS}/footer-${width}.png` });
      const results = await axeResultsOf(page);
      expect(results.violations.map((v) => `${v.impact} ${v.id}: ${v.help}`)).toEqual([]);
    }
  });
});
