import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, launchChromium } from './support/browser.ts';
import { startPortal, type RunningPortal } from '../support/portal-process.ts';
import { axeResultsOf } from './support/pages.ts';

/** An article of the demo content, imported at first start. */
const ARTICLE = '/s/article/connect-a-bank-feed';

describeInBrowser('signing in and out with the built-in provider', () => {
  let portal: RunningPortal;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });
  afterEach(async () => {
    await context?.close();
  });

  async function open(): Promise<Page> {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    return page;
  }

  it('takes a guest from a page to the provider and back, signed in, then out again', async () => {
    const path = `${ARTICLE}?language=en_US`;
    await open();
    // Every load on the way succeeds: the console names any that failed (the provider's page
    // once left its icon to a /favicon.ico the portal does not have).
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(`${page.url()}: ${message.text()}`);
    });
    await page.goto(`${portal.baseUrl}${path}`);
    await page.getByRole('link', { name: 'Sign in' }).click();

    await page.waitForURL(/\/services\/auth\/demo-sign-in\//);
    expect(await page.title()).toBe('Sign in – Ledgerleaf demo');
    const axe = await axeResultsOf(page);
    expect(
      axe.violations.filter((violation) =>
        ['serious', 'critical'].includes(violation.impact ?? ''),
      ),
    ).toEqual([]);
    await page.getByRole('button', { name: 'Sign in as Priya Raman' }).click();

    await page.waitForURL(`${portal.baseUrl}${path}`);
    await page.getByRole('heading', { level: 1, name: 'Connect a bank feed' }).waitFor();
    const banner = page.getByRole('banner');
    await expect.poll(() => banner.getByText('Priya Raman').isVisible()).toBe(true);
    expect(await banner.getByRole('link', { name: 'Sign in' }).count()).toBe(0);
    // The page has read the visitor's data before they log out: a click within its first
    // milliseconds ends the session while those reads are on their way, and the server answers
    // them, rightly, as it answers anyone not signed in (403), which the console reports.
    await page.waitForLoadState('networkidle');

    await banner.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${portal.baseUrl}/0/`);
    await expect
      .poll(() => page.getByRole('banner').getByRole('link', { name: 'Sign in' }).isVisible())
      .toBe(true);
    expect(await page.getByRole('banner').getByText('Priya Raman').count()).toBe(0);
    expect(portal.errors()).not.toMatch(/error/i);
    expect(consoleErrors).toEqual([]);
  });

  it.each(['https://evil.example/', '//evil.example'])(
    'lands on home when the startURL is %s',
    async (startUrl) => {
      await open();
      await page.goto(
        `${portal.baseUrl}/services/auth/sso/portal?startURL=${encodeURIComponent(startUrl)}`,
      );
      await page.getByRole('button', { name: 'Sign in as Mia Chen' }).click();
      await page.waitForURL(`${portal.baseUrl}/0/`);
      await expect
        .poll(() => page.getByRole('banner').getByText('Mia Chen').isVisible())
        .toBe(true);
    },
  );
});
