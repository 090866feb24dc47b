import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { describe, it } from 'vitest';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Declares a browser suite. Without Chromium it is skipped, unless REQUIRE_ALL_SUITES=1 (CI),
 * where a missing browser fails the run rather than quietly passing it.
 */
export function describeInBrowser(title: string, suite: () => void): void {
  if (existsSync(CHROMIUM)) {
    describe(`${title} [chromium]`, suite);
  } else if (process.env.REQUIRE_ALL_SUITES === '1') {
    describe(`${title} [chromium]`, () => {
      it('needs Chromium', () => {
        throw new Error(
          `REQUIRE_ALL_SUITES=1 but ${CHROMIUM} is missing: install Debian's chromium`,
        );
      });
    });
  } else {
    describe.skip(`${title} [chromium] (skipped: ${CHROMIUM} is missing)`, suite);
  }
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
