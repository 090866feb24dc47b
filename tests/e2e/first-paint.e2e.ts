import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { testConfig } from '../support/config.ts';
import { signInAs } from '../support/sessions.ts';
import { describeInBrowser } from './support/browser.ts';
import { useSuitePages } from './support/pages.ts';
import { useDemoPortal, type PortalUnderTest } from './support/portal.ts';
import { searchBox } from './support/search-page.ts';

/** How long the stylesheet is held back: the first paint cannot come before it. */
const STYLESHEET_HELD_MS = 800;

/*
 * A page's scripts load after its first paint (decision 041): the stylesheet, which the paint
 * waits for, is the only thing the browser fetches for it, and hydration starts right after.
 */
describeInBrowser('pages paint before their scripts load, in a browser', () => {
  let portal: PortalUnderTest;
  const startedPortal = useDemoPortal();
  const pages = useSuitePages(startedPortal);

  beforeAll(() => {
    portal = startedPortal();
  });

  async function pageOf(who: 'guest' | 'demo-customer'): Promise<Page> {
    if (who === 'guest') return pages.newPage();
    const config = testConfig({ SITE_URL: portal.baseUrl });
    return pages.newPage({ session: await signInAs(portal.database, who, config) });
  }

  /**
   * Opens a page with its stylesheet held back, and lists when each script was asked for
   * against when the stylesheet was let through.
   */
  async function openWithStylesheetHeld(page: Page, path: string) {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    let stylesheetReleasedAt = Number.POSITIVE_INFINITY;
    const scriptsAskedAt: number[] = [];
    await page.route('**/assets/*.css', async (route) => {
      await new Promise((done) => setTimeout(done, STYLESHEET_HELD_MS));
      stylesheetReleasedAt = Date.now();
      await route.continue();
    });
    page.on('request', (request) => {
      if (/\/assets\/[^/]+\.js$/.test(new URL(request.url()).pathname)) {
        scriptsAskedAt.push(Date.now());
      }
    });
    await page.goto(`${portal.baseUrl}${path}`);
    // Hydrated: React's props on the header's first link.
    await page.waitForFunction(() => {
      const link = document.querySelector('header a');
      return link !== null && Object.keys(link).some((key) => key.startsWith('__reactProps'));
    });
    return { page, problems, stylesheetReleasedAt, scriptsAskedAt };
  }

  it.each([
    ['a guest', '/0/', 'guest'],
    ['a guest', '/s/article/connect-a-bank-feed', 'guest'],
    ['a signed-in customer', '/0/', 'demo-customer'],
  ] as const)(
    'for %s, %s asks for no script before its stylesheet is in, then hydrates',
    async (_, path, who) => {
      const opened = await openWithStylesheetHeld(await pageOf(who), path);
      expect(opened.scriptsAskedAt.length).toBeGreaterThan(0);
      expect(Math.min(...opened.scriptsAskedAt)).toBeGreaterThanOrEqual(
        opened.stylesheetReleasedAt,
      );
      expect(opened.problems).toEqual([]);
    },
  );

  it('opens the suggestions of a search box reached and typed in before the scripts ran', async () => {
    const page = await pageOf('guest');
    let releaseScripts = () => {};
    const scriptsHeld = new Promise<void>((release) => {
      releaseScripts = release;
    });
    await page.route('**/assets/shell-*.js', async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    // The visitor acts as soon as the page is there, before it has its scripts.
    await page.goto(`${portal.baseUrl}/0/`, { waitUntil: 'domcontentloaded' });
    const box = searchBox(page);
    await box.focus();
    await page.keyboard.type('bank');
    releaseScripts();
    const options = page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option');
    await expect.poll(() => options.count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    expect(await box.inputValue()).toBe('bank');
    expect((await options.allTextContents()).join(' ').toLowerCase()).toContain('bank');
  });

  it('serves its pages with no module preload in the head the browser first reads', async () => {
    const response = await fetch(`${portal.baseUrl}/s/article/connect-a-bank-feed`);
    const html = await response.text();
    expect(html).not.toMatch(/<link rel="modulepreload"/);
    expect(html).toMatch(/<script type="module" async="">await new Promise/);
  });
});
