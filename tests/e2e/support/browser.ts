import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
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

/** Debian's Chromium, never a downloaded one, with the network features this machine lacks off. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
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
