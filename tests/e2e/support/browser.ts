import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { beforeAll } from 'vitest';
import { describeRequiring } from '~tests/support/required-suite.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Declares a browser suite, which needs Debian's Chromium (see describeRequiring). */
export function describeInBrowser(title: string, suite: () => void): void {
  describeRequiring(
    `${title} [chromium]`,
    {
      available: existsSync(CHROMIUM),
      missing: `${CHROMIUM} is missing: install Debian's chromium`,
    },
    suite,
  );
}

/**
 * Debian's Chromium, never a downloaded one, with the network features this machine lacks off.
 * Its pages wait for hydration after each load (`hydratedAfterLoads`).
 */
export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...options) => {
    const context = await newContext(...options);
    context.on('page', hydratedAfterLoads);
    return context;
  };
  const newPage = browser.newPage.bind(browser);
  browser.newPage = async (...options) => hydratedAfterLoads(await newPage(...options));
  return browser;
}

/**
 * A page's scripts load after its first paint (decision 041), so its load event can come before
 * React has hydrated it. A test acts as a visitor who waits for the page to be ready: after a
 * load (goto, reload, a wait for a new address), the page's methods also wait until React has
 * taken over its document, where the document is one of the portal's. A test that means to act
 * before then says so with `waitUntil: 'commit'` or `'domcontentloaded'`
 * (tests/e2e/first-paint.e2e.ts).
 */
function hydratedAfterLoads(page: Page): Page {
  const afterLoad =
    <A extends unknown[], R>(load: (...args: A) => Promise<R>, options: (args: A) => unknown) =>
    async (...args: A): Promise<R> => {
      const result = await load(...args);
      const waitUntil = (options(args) as { waitUntil?: string } | undefined)?.waitUntil;
      if (waitUntil !== 'commit' && waitUntil !== 'domcontentloaded') await hydrated(page);
      return result;
    };
  page.goto = afterLoad(page.goto.bind(page), (args) => args[1]);
  page.reload = afterLoad(page.reload.bind(page), (args) => args[0]);
  page.waitForURL = afterLoad(page.waitForURL.bind(page), (args) => args[1]);
  page.goBack = afterLoad(page.goBack.bind(page), (args) => args[0]);
  return page;
}

async function hydrated(page: Page): Promise<void> {
  try {
    await page.waitForFunction(
      () =>
        !('__reactRouterContext' in window) ||
        Object.keys(document.documentElement).some((key) => key.startsWith('__reactFiber')),
      undefined,
      // Polled on a timer, not animation frames, which a test's paused clock holds.
      { polling: 50, timeout: 10_000 },
    );
  } catch (error) {
    // The page went on to another address, or was closed, before it hydrated: nothing to wait for.
    if (page.isClosed() || /context was destroyed|navigat/i.test(String(error))) return;
    throw error;
  }
}

let workerBrowser: Promise<Browser> | undefined;

/**
 * This worker's Chromium, launched by the first suite that asks and shared by the rest: each
 * suite opens contexts of its own in it and closes them, never the browser.
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    workerBrowser ??= launchChromium();
    browser = await workerBrowser;
  });
  return () => {
    if (!browser) throw new Error('The browser is only there inside tests and hooks');
    return browser;
  };
}
