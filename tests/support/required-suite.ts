import { describe, it } from 'vitest';

/**
 * Declares a suite that needs something outside the project (a database server, a browser).
 * Without it the suite is listed as skipped, or fails when REQUIRE_ALL_SUITES=1: CI sets that,
 * so a missing dependency fails the run instead of quietly skipping the suite.
 */
export function describeRequiring(
  title: string,
  requirement: { available: boolean; missing: string },
  suite: () => void,
): void {
  if (requirement.available) {
    describe(title, suite);
  } else if (process.env.REQUIRE_ALL_SUITES === '1') {
    describe(title, () => {
      it('has what it needs', () => {
        throw new Error(`REQUIRE_ALL_SUITES=1 but ${requirement.missing}`);
      });
    });
  } else {
    describe.skip(`${title} (skipped: ${requirement.missing})`, suite);
  }
}
