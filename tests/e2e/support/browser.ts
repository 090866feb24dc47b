import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
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
