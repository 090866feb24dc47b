import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, useBrowser } from './support/browser.ts';
import { useOwnPortal, type PortalUnderTest } from './support/portal.ts';
import { axeResultsOf } from './support/pages.ts';

const SCREENSHOTS = 'test-results/screenshots';

/** Markdown that tries every trick the sanitiser must stop; each would set window.__ran. */
const UNSAFE_ARTICLE = `---
urlName: e2e-unsafe-markup
title: Unsafe markup check
summary: An article whose body tries to run script in the browser.
products: [accounting]
audiences: [small-business]
topics: [bank-feeds]
team: Banking
created: 2025-01-01
updated: 2025-01-02
---

Intro text.

<script>window.__ran = 'script';</script>

<p onclick="window.__ran = 'onclick'" style="color: red" color="red">Styled text</p>

<img src="/missing.png" alt="Broken" onerror="window.__ran = 'onerror'">

<a href="javascript:window.__ran='link'">raw bad link</a>

<iframe src="https://www.youtube.com/embed/abc123"></iframe>

<iframe src="https://evil.example/frame"></iframe>
`;

const VIDEO_ARTICLE = `---
urlName: e2e-video-only
title: Video only check
summary: An article whose only iframe is a video.
products: [accounting]
audiences: [small-business]
topics: [bank-feeds]
team: Banking
created: 2025-01-01
updated: 2025-01-02
---

## Watch the video

<iframe src="https://www.youtube-nocookie.com/embed/abc123" title="Connecting a bank feed"></iframe>
`;

describeInBrowser('the knowledge base in a browser', () => {
  let portal: PortalUnderTest;
  let browser: Browser;
  let context: BrowserContext | undefined;
  let contentParent: string;
  const problems: string[] = [];

  // The real help content, plus two articles that test the sanitiser in the browser.
  const startedPortal = useOwnPortal(async () => {
    contentParent = await mkdtemp(join(tmpdir(), 'kb-e2e-'));
    const contentDir = join(contentParent, 'content');
    await cp('content', contentDir, { recursive: true });
    const checks = join(contentDir, 'articles', 'e2e-checks');
    await mkdir(checks, { recursive: true });
    await writeFile(join(checks, 'e2e-unsafe-markup.md'), UNSAFE_ARTICLE);
    await writeFile(join(checks, 'e2e-video-only.md'), VIDEO_ARTICLE);
    return { CONTENT_DIR: contentDir };
  });
  const workerBrowser = useBrowser();
  beforeAll(async () => {
    portal = startedPortal();
    browser = workerBrowser();
    await mkdir(SCREENSHOTS, { recursive: true });
  });
  afterAll(async () => {
    await context?.close();
    await rm(contentParent, { recursive: true, force: true });
  });

  async function open(path: string, width = 1280): Promise<Page> {
    await context?.close();
    context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('dialog', (dialog) => {
      problems.push(`dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });
    const response = await page.goto(`${portal.baseUrl}${path}`);
    expect(response?.status(), `${path} status`).toBe(200);
    return page;
  }

  /** A link's path on a page, found by a CSS selector: how the test finds record ids. */
  async function hrefOf(page: Page, selector: string): Promise<string> {
    const href = await page.locator(selector).first().getAttribute('href');
    expect(href, selector).toBeTruthy();
    return href ?? '';
  }

  it('renders unsafe Markdown with no script, handler, javascript: link, style or iframe, and runs none', async () => {
    problems.length = 0;
    const page = await open('/s/article/e2e-unsafe-markup');
    await page.waitForLoadState('networkidle');
    const found = await page.evaluate(() => {
      const main = document.querySelector('main');
      const richText = main?.querySelectorAll('article p, article a, article img') ?? [];
      return {
        ran: (window as unknown as { __ran?: string }).__ran ?? null,
        scripts: main?.querySelectorAll('script:not([type="application/ld+json"])').length ?? -1,
        handlers: [...(main?.querySelectorAll('*') ?? [])].filter((element) =>
          element.getAttributeNames().some((name) => name.startsWith('on')),
        ).length,
        javascriptLinks: main?.querySelectorAll('a[href^="javascript" i]').length ?? -1,
        styled: [...richText].filter((element) => element.hasAttribute('style')).length,
        colored: main?.querySelectorAll('[color]').length ?? -1,
        iframes: document.querySelectorAll('iframe').length,
        styledText: main?.textContent?.includes('Styled text') ?? false,
      };
    });
    expect(found).toEqual({
      ran: null,
      scripts: 0,
      handlers: 0,
      javascriptLinks: 0,
      styled: 0,
      colored: 0,
      iframes: 0,
      styledText: true,
    });
    await page.locator('main p', { hasText: 'Styled text' }).click();
    await page.getByText('raw bad link').click();
    expect(await page.evaluate(() => (window as unknown as { __ran?: string }).__ran ?? null)).toBe(
      null,
    );
    expect(problems).toEqual([]);
  });

  it('keeps a video iframe that is the only iframe', async () => {
    const page = await open('/s/article/e2e-video-only');
    const frames = page.locator('main iframe');
    expect(await frames.count()).toBe(1);
    expect(await frames.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/abc123');
    expect(await frames.getAttribute('title')).toBe('Connecting a bank feed');
  });

  it('shows an article with its side navigation, marks it viewed, and prints without chrome', async () => {
    problems.length = 0;
    const page = await open('/s/article/connect-a-bank-feed');
    expect(await page.title()).toBe('Connect a bank feed – Ledgerleaf');
    expect(await page.locator('h1').textContent()).toBe('Connect a bank feed');
    const sideNav = page.getByRole('navigation', { name: 'On this page' });
    await sideNav.getByRole('link', { name: 'Connect the feed' }).click();
    await page.waitForFunction(() => window.location.hash === '#connect-the-feed');
    const top = await page
      .locator('#connect-the-feed')
      .evaluate((heading) => Math.round(heading.getBoundingClientRect().top));
    expect(top).toBe(64);
    await page.waitForFunction(() => sessionStorage.getItem('articleViewed') === 'true');

    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('body > div > header').isVisible()).toBe(false);
    expect(await page.locator('body > div > footer').isVisible()).toBe(false);
    expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).isVisible()).toBe(false);
    expect(await page.getByText('Was this helpful?').first().isVisible()).toBe(false);
    expect(await page.locator('h1').isVisible()).toBe(true);
    expect(problems).toEqual([]);
  });

  it("stores 'Was this helpful?' without leaving the page", async () => {
    const page = await open('/s/article/connect-a-bank-feed');
    const url = page.url();
    await page.waitForFunction(() => sessionStorage.getItem('articleViewed') === 'true');
    // A full page load would lose this marker: the answer must go without one.
    await page.evaluate(() => Object.assign(window, { __samePage: true }));
    await page.getByRole('radio', { name: 'Yes' }).check();
    await page.getByLabel('Tell us more (optional)').fill('The steps were clear.');
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await page.getByRole('status').getByText('Thanks for your feedback.').waitFor();
    expect(page.url()).toBe(url);
    expect(await page.evaluate(() => (window as { __samePage?: boolean }).__samePage)).toBe(true);
  });

  it('answers an unknown article with the 404 page and a search box', async () => {
    await context?.close();
    context = await browser.newContext();
    const page = await context.newPage();
    const response = await page.goto(`${portal.baseUrl}/s/article/no-such-article-here`);
    expect(response?.status()).toBe(404);
    expect(await page.getByRole('main').getByRole('search').count()).toBe(1);
    expect(await page.getByRole('search', { name: 'Site search' }).count()).toBe(1);
  });

  it("sorts a topic's articles by keyboard, in place, focus kept on Sort", async () => {
    const catalogue = await open('/s/topiccatalog');
    const page = await open(await hrefOf(catalogue, 'main h2 a[href^="/s/topic/"]'));
    const titles = () =>
      page.getByRole('region', { name: 'Articles' }).getByRole('link').allTextContents();
    const byTitle = await titles();
    expect(byTitle.length).toBeGreaterThan(2);
    await page.getByLabel('Sort articles').focus();
    await page.keyboard.press('End');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\?sort=title-desc$/);
    await expect.poll(titles).toEqual([...byTitle].reverse());
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Sort');
    expect(await page.getByLabel('Sort articles').inputValue()).toBe('title-desc');
  });

  it('has no serious or critical axe violations on each page type, at 375 and 1280 px', async () => {
    const catalogue = await open('/s/topiccatalog');
    const topicPath = await hrefOf(catalogue, 'main h2 a[href^="/s/topic/"]');
    const landing = await open('/0/getting-started');
    const guidePath = await hrefOf(landing, 'main a[href^="/0/guide/"]');
    const glossary = await open('/0/glossary');
    const entryPath = await hrefOf(glossary, 'main a[href^="/0/glossary/"]');

    const pages: Array<[string, string]> = [
      ['article', '/s/article/connect-a-bank-feed'],
      ['guide', guidePath],
      ['topic', topicPath],
      ['topic-catalogue', '/s/topiccatalog'],
      ['glossary', '/0/glossary'],
      ['glossary-entry', entryPath],
      ['getting-started', '/0/getting-started'],
      ['open-banking', '/s/open-banking'],
    ];
    const violations: string[] = [];
    for (const [name, path] of pages) {
      for (const width of [375, 1280]) {
        const page = await open(path, width);
        await page.screenshot({ path: `${SCREENSHOTS}/kb-${name}-${width}.png`, fullPage: true });
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth > window.innerWidth,
        );
        expect(overflow, `${name} at ${width}px scrolls sideways`).toBe(false);
        const results = await axeResultsOf(page);
        for (const violation of results.violations) {
          if (violation.impact === 'serious' || violation.impact === 'critical') {
            violations.push(
              `${name} ${width}px ${violation.impact} ${violation.id}: ${violation.help}`,
            );
          }
        }
      }
    }
    expect(violations).toEqual([]);
  }, 240_000);
});
