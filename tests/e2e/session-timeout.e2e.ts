import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { describeInBrowser, useBrowser } from './support/browser.ts';
import { TestClock } from '~tests/support/clock.ts';
import { useOwnPortal, type PortalUnderTest } from './support/portal.ts';

const PAGE = '/0/community';
const WARNING_TEXT =
  "For security, we suspend your session if you're inactive too long. If you don't click Continue Working within approximately 30 seconds, we log you out.";

/*
 * A 34-second idle timeout: the warning (30 seconds before the end) is due 4 seconds after the
 * last activity. Nothing waits for it: the portal's clock and the browser's both stand still,
 * and the suite moves them on together, past each deadline, however slow the machine is.
 */
describeInBrowser('the session timeout warning', () => {
  let portal: PortalUnderTest;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  const clock = new TestClock(Date.now());
  const startedPortal = useOwnPortal({ SESSION_IDLE_TIMEOUT_SECONDS: '34' }, { clock });
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
    // The browser's clock stands where the portal's does: installed just before, then paused a
    // second on, where the portal's clock is moved too.
    const at = clock.nowMs();
    await context.clock.install({ time: at });
    await context.clock.pauseAt(at + 1_000);
    clock.advance(1_000);
    page = await context.newPage();
    await page.goto(
      `${portal.baseUrl}/services/auth/sso/portal?startURL=${encodeURIComponent(PAGE)}`,
    );
    await page.getByRole('button', { name: 'Sign in as Sam Taylor' }).click();
    await page.waitForURL(`${portal.baseUrl}${PAGE}`);
    await hydrated(page);
    return page;
  }

  /** The page's scripts run, so its warning is scheduled before the suite moves time on. */
  async function hydrated(tab: Page): Promise<void> {
    // Whatever the page fetches as it starts (a revalidation that would set the timer again)
    // has come back before time moves; Playwright measures the quiet on its own clock.
    await tab.waitForLoadState('networkidle');
    // The warning's dialog carries React's props once hydrated; its timer is set by an effect
    // that React runs in message-channel tasks after that commit, which the paused clock does
    // not hold: a few rounds of them and the timer is set.
    await tab.waitForFunction(
      () => {
        const dialog = document.querySelector('dialog[role="alertdialog"]');
        return dialog !== null && Object.keys(dialog).some((key) => key.startsWith('__reactProps'));
      },
      undefined,
      { polling: 50 },
    );
    await tab.evaluate(async () => {
      for (let round = 0; round < 10; round += 1) {
        await new Promise<void>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve();
          channel.port2.postMessage(null);
        });
      }
    });
  }

  /** Time passes for the portal and for every page of the context, timers firing on the way. */
  async function timePasses(ms: number): Promise<void> {
    portal.clock.advance(ms);
    await context.clock.runFor(ms);
  }

  const warning = () => page.getByRole('alertdialog', { name: 'Still there?' });

  it("warns before the end, and 'Continue Working' keeps the session", async () => {
    await signedIn();
    await timePasses(4_500);
    const dialog = warning();
    await dialog.waitFor({ state: 'visible' });
    expect(await dialog.getByText(WARNING_TEXT).isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Log Out' }).isVisible()).toBe(true);
    const continueButton = dialog.getByRole('button', { name: 'Continue Working' });
    // Focus moves into the dialog, onto its first action.
    expect(await continueButton.evaluate((button) => button === document.activeElement)).toBe(true);
    await continueButton.click();
    await dialog.waitFor({ state: 'hidden' });

    // Escape is 'Continue Working' too: the next warning is dismissed with it.
    await timePasses(4_500);
    await dialog.waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    const status = await page.evaluate(async () => (await fetch('/services/auth/session')).json());
    expect(status.isGuest).toBe(false);
    expect(status.expiresInMs).toBeGreaterThan(25_000);
    expect(await page.getByRole('banner').getByText('Sam Taylor').isVisible()).toBe(true);
  });

  it('stays quiet while another tab keeps the session going', async () => {
    await signedIn();
    const otherTab = await context.newPage();
    await otherTab.goto(`${portal.baseUrl}${PAGE}`);
    await hydrated(otherTab);
    // Three seconds in, the other tab is active: this tab's warning (due at 4 s) must wait.
    await timePasses(3_000);
    const extended = await otherTab.evaluate(async () => {
      const token = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content;
      const response = await fetch('/services/auth/session/extend', {
        method: 'POST',
        headers: { 'x-csrf-token': token ?? '' },
      });
      return response.status;
    });
    expect(extended).toBe(200);
    // At 5.5 s this tab has asked the server, which has the session end at 37 s: no warning.
    await timePasses(2_500);
    await expect.poll(() => page.evaluate(() => document.readyState)).toBe('complete');
    expect(await warning().isVisible()).toBe(false);
    // With no more activity, the warning comes 4 seconds after the other tab's.
    await timePasses(2_000);
    await warning().waitFor({ state: 'visible' });
  });

  it('says the session has timed out when it ends, and the header shows a guest', async () => {
    await signedIn();
    await timePasses(4_500);
    await warning().waitFor({ state: 'visible' });
    await timePasses(30_000);
    await page.getByText('Your session has timed out. Try again.').waitFor({ state: 'visible' });
    await expect
      .poll(() => page.getByRole('banner').getByRole('link', { name: 'Sign in' }).isVisible())
      .toBe(true);
    expect(await page.getByRole('link', { name: 'Try again.' }).getAttribute('href')).toBe(
      `/services/auth/sso/portal?startURL=${encodeURIComponent(PAGE)}`,
    );
  });
});
