import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeInBrowser, useBrowser } from './support/browser.ts';
import { useOwnPortal, type PortalUnderTest } from './support/portal.ts';
import { axeResultsOf } from './support/pages.ts';

/** The demo accounts of the built-in provider this suite signs in as. */
const ASKER = 'Mia Chen';
const ANSWERER = 'Priya Raman';

describeInBrowser('the community’s full lists and focus after posting, in a browser', () => {
  let portal: PortalUnderTest;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const problems: string[] = [];

  const startedPortal = useOwnPortal({
    // The suite signs in as several people many times within a minute.
    SIGN_IN_RATE_LIMIT: '200',
  });
  const workerBrowser = useBrowser();
  beforeAll(async () => {
    portal = startedPortal();
    browser = workerBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  async function newPage(options: { javaScript?: boolean } = {}): Promise<Page> {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      javaScriptEnabled: options.javaScript ?? true,
    });
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    return page;
  }

  /** Signs in with the built-in provider from the sign-in start, landing on `startUrl`. */
  async function signIn(page: Page, name: string, startUrl: string): Promise<void> {
    await page.goto(
      `${portal.baseUrl}/services/auth/sso/portal?startURL=${encodeURIComponent(startUrl)}`,
    );
    await page.getByRole('button', { name: `Sign in as ${name}` }).click();
    await page.waitForURL((url) => url.pathname === startUrl.split(/[?#]/)[0]);
  }

  /** The titles of the discussions a list page shows, in order. */
  async function listedTitles(page: Page): Promise<string[]> {
    return page.locator('main ul[aria-label] h2 a').allTextContents();
  }

  /** The focused element: its id and accessible label. */
  async function focused(page: Page): Promise<{ id: string; label: string | null }> {
    return page.evaluate(() => ({
      id: document.activeElement?.id ?? '',
      label: document.activeElement?.getAttribute('aria-label') ?? null,
    }));
  }

  /** What the page's polite live region says. */
  async function announced(page: Page): Promise<string> {
    return (await page.locator('p[role="status"]').first().textContent()) ?? '';
  }

  describe("'View all' on the community's short lists", () => {
    it('opens all recent discussions, a page at a time', async () => {
      const page = await newPage();
      await page.goto(`${portal.baseUrl}/0/community`);
      const shown = await page.locator('main section ul[class] h3 a').count();
      expect(shown).toBe(5);
      await page.getByRole('link', { name: 'View all recent discussions' }).click();
      await page.waitForURL(`${portal.baseUrl}/0/community/discussions`);
      await page.getByRole('heading', { level: 1, name: 'Recent discussions' }).waitFor();
      const first = await listedTitles(page);
      expect(first).toHaveLength(20);
      const pages = page.getByRole('navigation', { name: 'Pages of recent discussions' });
      await pages.getByRole('link', { name: 'Page 2' }).click();
      await page.waitForURL(`${portal.baseUrl}/0/community/discussions?page=2`);
      await pages.getByRole('link', { name: 'Previous page' }).waitFor();
      expect(await pages.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe(
        'page',
      );
      const second = await listedTitles(page);
      expect(second.length).toBeGreaterThan(0);
      expect(second.filter((title) => first.includes(title))).toEqual([]);
    });

    it('works without JavaScript, from a tab to its second page', async () => {
      const page = await newPage({ javaScript: false });
      await page.goto(`${portal.baseUrl}/0/community?tab=popular`);
      await page.getByRole('link', { name: 'View all popular discussions' }).click();
      await page.getByRole('heading', { level: 1, name: 'Popular discussions' }).waitFor();
      await page
        .getByRole('navigation', { name: 'Pages of popular discussions' })
        .getByRole('link', { name: 'Page 2' })
        .click();
      await page.waitForURL(`${portal.baseUrl}/0/community/discussions?tab=popular&page=2`);
      expect((await listedTitles(page)).length).toBeGreaterThan(0);
    });
  });

  it('has no serious or critical axe violations on the full lists', async () => {
    const page = await newPage();
    for (const path of [
      '/0/community/discussions?tab=unanswered',
      '/0/community/discussions?page=2',
    ]) {
      expect((await page.goto(`${portal.baseUrl}${path}`))?.status(), path).toBe(200);
      const axe = await axeResultsOf(page);
      const serious = axe.violations
        .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
        .map((violation) => violation.id);
      expect(serious, path).toEqual([]);
    }
  });

  describe('focus after posting', () => {
    let discussionPath = '';

    it('lands on a new question and announces it', async () => {
      const page = await newPage();
      await signIn(page, ASKER, '/s/start-a-discussion');
      await page.getByLabel('Title').fill('Bank rule ignores the amount condition');
      await page.getByLabel('Details').fill('My rule matches payments of any amount. Why?');
      await page.getByRole('button', { name: 'Post your question' }).click();
      await page.waitForURL(/\/s\/question\/[A-Za-z0-9]{18}$/);
      discussionPath = new URL(page.url()).pathname;
      const id = discussionPath.split('/').pop() ?? '';
      await expect.poll(() => focused(page)).toEqual({ id: `post-${id}`, label: 'Question' });
      await expect.poll(() => announced(page)).toBe('Your question was posted.');
    });

    it('lands a keyboard user on their new answer, and on past it with Tab', async () => {
      const page = await newPage();
      await signIn(page, ANSWERER, discussionPath);
      const text = 'Open the rule and set the amount condition to "equals", not "any".';
      await page.getByLabel('Answer', { exact: true }).fill(text);
      // From the answer field, Tab reaches the button and Enter sends the form.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(
        'Post your answer',
      );
      await page.keyboard.press('Enter');
      const answer = page.getByRole('listitem', { name: `Answer by ${ANSWERER}` });
      await answer.getByRole('paragraph').filter({ hasText: text }).waitFor();
      const answerId = (await answer.getAttribute('id')) ?? '';
      expect(answerId).toMatch(/^post-/);
      await expect
        .poll(() => focused(page))
        .toEqual({
          id: answerId,
          label: `Answer by ${ANSWERER}`,
        });
      await expect.poll(() => announced(page)).toBe('Your answer was posted.');
      // The next Tab goes on from the new answer, to its first control.
      await page.keyboard.press('Tab');
      expect(
        await page.evaluate(
          (id) => document.getElementById(id)?.contains(document.activeElement) ?? false,
          answerId,
        ),
      ).toBe(true);
    });

    it('lands on a new comment and announces it', async () => {
      const page = await newPage();
      await signIn(page, ANSWERER, discussionPath);
      const question = page.getByRole('region', { name: 'Question' });
      await question.getByText('Add a comment').click();
      await question.getByLabel('Comment', { exact: true }).fill('Which bank feed is it?');
      await question.getByRole('button', { name: 'Post comment' }).click();
      const comment = question.getByRole('listitem').filter({ hasText: 'Which bank feed is it?' });
      await comment.waitFor();
      const commentId = (await comment.getAttribute('id')) ?? '';
      expect(commentId).toMatch(/^post-/);
      await expect.poll(async () => (await focused(page)).id).toBe(commentId);
      await expect.poll(() => announced(page)).toBe('Your comment was posted.');
    });

    it('moves no focus and announces nothing when the post is refused', async () => {
      const page = await newPage();
      await signIn(page, ANSWERER, discussionPath);
      const field = page.getByLabel('Answer', { exact: true });
      // Past the browser's own check, so the server refuses it.
      await field.evaluate((element) => element.removeAttribute('data-banned-word-check'));
      await field.fill('You bastard of a bank rule.');
      await field.blur();
      const [response] = await Promise.all([
        page.waitForResponse((candidate) => candidate.request().method() === 'POST'),
        page.getByRole('button', { name: 'Post your answer' }).click(),
      ]);
      expect(response.status()).toBe(400);
      await page.getByRole('alert').first().waitFor();
      expect((await focused(page)).id).not.toMatch(/^post-/);
      expect(await announced(page)).toBe('');
      expect(problems).toEqual([]);
    });
  });
});
