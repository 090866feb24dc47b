import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, useBrowser } from './support/browser.ts';
import { useOwnPortal, type PortalUnderTest } from './support/portal.ts';

const PAGE = '/0/community';
const WARNING_TEXT =
  "For security, we suspend your session if you're inactive too long. If you don't click Continue Working within approximately 30 seconds, we log you out.";

/*
 * A 34-second idle timeout: the warning (30 seconds before the end) comes 4 seconds after the
 * last activity, so the whole suite stays well under a minute.
 */
describeInBrowser('the session timeout warning', () => {
  let portal: PortalUnderTest;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  const startedPortal = useOwnPortal({ SESSION_IDLE_TIMEOUT_SECONDS: '34' });
  const workerBrowser = useBrowser();
  beforeAll(() => {
    portal = startedPortal();
    browser = workerBrowser();
  });
  afterEach(async () => {
    await context?.close();
  });

  async function signedIn(): Promise<Page> {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    await page.goto(
      `${portal.baseUrl}/services/auth/sso/portal?startURL=${encodeURIComponent(PAGE)}`,
    );
    await page.getByRole('button', { name: 'Sign in as Sam Taylor' }).click();
    await page.waitForURL(`${portal.baseUrl}${PAGE}`);
    return page;
  }

  it("warns before the end, and 'Continue Working' keeps the session", async () => {
    await signedIn();
    const dialog = page.getByRole('alertdialog', { name: 'Still there?' });
    await dialog.waitFor({ state: 'visible', timeout: 15_000 });
    expect(await dialog.getByText(WARNING_TEXT).isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Log Out' }).isVisible()).toBe(true);
    const continueButton = dialog.getByRole('button', { name: 'Continue Working' });
    // Focus moves into the dialog, onto its first action.
    expect(await continueButton.evaluate((button) => button === document.activeElement)).toBe(true);
    await continueButton.click();
    await dialog.waitFor({ state: 'hidden' });

    // Escape is 'Continue Working' too: the next warning is dismissed with it.
    await dialog.waitFor({ state: 'visible', timeout: 15_000 });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    const status = await page.evaluate(async () => (await fetch('/services/auth/session')).json());
    expect(status.isGuest).toBe(false);
    expect(status.expiresInMs).toBeGreaterThan(25_000);
    expect(await page.getByRole('banner').getByText('Sam Taylor').isVisible()).toBe(true);
  });

  it('stays quiet while another tab keeps the session going', async () => {
    await signedIn();
    const signedInAt = Date.now();
    const otherTab = await context.newPage();
    await otherTab.goto(`${portal.baseUrl}${PAGE}`);
    // Three seconds in, the other tab is active: this tab's warning (due at 4 s) must wait.
    await otherTab.waitForTimeout(Math.max(0, 3_000 - (Date.now() - signedInAt)));
    const extended = await otherTab.evaluate(async () => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content;
      const response = await fetch('/services/auth/session/extend', {
        method: 'POST',
        headers: { 'x-csrf-token': token ?? '' },
      });
      return response.status;
    });
    expect(extended).toBe(200);
    await page.waitForTimeout(Math.max(0, 5_500 - (Date.now() - signedInAt)));
    const dialog = page.getByRole('alertdialog', { name: 'Still there?' });
    expect(await dialog.isVisible()).toBe(false);
    // With no more activity, the warning comes about 4 seconds after the other tab's.
    await dialog.waitFor({ state: 'visible', timeout: 10_000 });
  });

  it('says the session has timed out when it ends, and the header shows a guest', async () => {
    await signedIn();
    const notice = page.getByText('Your session has timed out. Try again.');
    await notice.waitFor({ state: 'visible', timeout: 45_000 });
    await expect
      .poll(() => page.getByRole('banner').getByRole('link', { name: 'Sign in' }).isVisible())
      .toBe(true);
    expect(await page.getByRole('link', { name: 'Try again.' }).getAttribute('href')).toBe(
      `/services/auth/sso/portal?startURL=${encodeURIComponent(PAGE)}`,
    );
  });
});
