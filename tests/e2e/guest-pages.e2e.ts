import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, useBrowser } from './support/browser.ts';
import { useOwnPortal, type PortalUnderTest } from './support/portal.ts';

const ARTICLE = '/s/article/connect-a-bank-feed';
const PEOPLE = ['Mia Chen', 'Priya Raman'] as const;
/** Two guests in browsers of their own: the second has nothing in its browser's cache. */
type Visitor = (typeof PEOPLE)[number] | 'guest' | 'another guest';

/*
 * Guests' pages are kept and shared for a few seconds (decision 021); whoever asks in between
 * must still get their own page: a guest never another's, a signed-in visitor never a guest's.
 */
describeInBrowser("guests' shared pages and signed-in visitors, in a browser", () => {
  let portal: PortalUnderTest;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];
  const startedPortal = useOwnPortal({
    // Long enough that every visit of a round falls within one kept page's life.
    GUEST_PAGE_CACHE_SECONDS: '60',
  });
  const workerBrowser = useBrowser();
  const pages = new Map<Visitor, Page>();

  async function visitorPage(who: Visitor): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => problems.push(`${who}: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/.test(message.text())) {
        problems.push(`${who}: ${message.text()}`);
      }
    });
    if (who !== 'guest' && who !== 'another guest') {
      await page.goto(
        `${portal.baseUrl}/services/auth/sso/portal?startURL=${encodeURIComponent('/0/')}`,
      );
      await page.getByRole('button', { name: `Sign in as ${who}` }).click();
      await page.waitForURL(`${portal.baseUrl}/0/`);
    }
    return page;
  }

  beforeAll(async () => {
    portal = startedPortal();
    browser = workerBrowser();
    for (const who of [...PEOPLE, 'guest', 'another guest'] as const) {
      pages.set(who, await visitorPage(who));
    }
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  /** Opens the article as `who`; says where the page came from and who the header names. */
  async function visit(who: Visitor) {
    const page = pages.get(who);
    if (!page) throw new Error(`no page for ${who}`);
    const response = await page.goto(`${portal.baseUrl}${ARTICLE}`);
    const banner = page.getByRole('banner');
    await page.getByRole('heading', { level: 1, name: 'Connect a bank feed' }).waitFor();
    return {
      cache: response?.headers()['x-portal-cache'],
      named: await Promise.all(PEOPLE.map((name) => banner.getByText(name).count())),
      signInLink: await banner.getByRole('link', { name: 'Sign in' }).count(),
    };
  }

  async function expectOwnPage(who: Visitor) {
    const seen = await visit(who);
    if (who === 'guest' || who === 'another guest') {
      expect(seen.named, who).toEqual([0, 0]);
      expect(seen.signInLink, who).toBeGreaterThan(0);
    } else {
      expect(seen.named, who).toEqual(PEOPLE.map((name) => (name === who ? 1 : 0)));
      expect(seen.signInLink, who).toBe(0);
      expect(seen.cache, who).toBeUndefined();
    }
    return seen;
  }

  it('gives each visitor their own page, signed-in visitors first, then a guest', async () => {
    await expectOwnPage('Mia Chen');
    await expectOwnPage('Priya Raman');
    expect((await expectOwnPage('guest')).cache).toMatch(/^(miss|hit)$/);
  });

  it('gives each their own page the other way round, the other guest the shared page', async () => {
    expect((await expectOwnPage('another guest')).cache).toBe('hit');
    await expectOwnPage('Priya Raman');
    await expectOwnPage('Mia Chen');
    await expectOwnPage('guest');
  });

  it('shows a guest who signs in their own page, not the one their browser kept', async () => {
    const page = pages.get('guest');
    if (!page) throw new Error('no guest page');
    await page.goto(`${portal.baseUrl}${ARTICLE}`);
    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Sign in as Mia Chen' }).click();
    await page.waitForURL(`${portal.baseUrl}${ARTICLE}`);
    await expect.poll(() => page.getByRole('banner').getByText('Mia Chen').count()).toBe(1);
    await page.goto(`${portal.baseUrl}${ARTICLE}`);
    expect(await page.getByRole('banner').getByText('Mia Chen').count()).toBe(1);
  });

  it("runs a shared page's scripts without a single Content Security Policy refusal", async () => {
    const guest = pages.get('another guest');
    await expect
      .poll(() => guest?.evaluate(() => '__reactRouterRouteModules' in window))
      .toBe(true);
    expect(problems).toEqual([]);
  });
});
