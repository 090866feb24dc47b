import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Three projects: pure and server unit tests (no build needed), HTTP tests that render the
// built React Router app through fastify.inject, and browser tests against the built server,
// served from the test worker so a suite can reach its database and clock.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // A worker per core (Vitest's default leaves one core idle, half the machine on two cores).
    maxWorkers: availableParallelism(),
    reporters: ['default', './tests/support/summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'core/**/*.test.ts',
            'server/**/*.test.ts',
            'app/**/*.test.{ts,tsx}',
            'bench/**/*.test.ts',
          ],
          exclude: ['server/**/*.http.test.ts'],
          environment: 'node',
          // A worker imports the modules once for all its files instead of once per file (most
          // of the run's time): every suite opens its own database and restores what it mocks.
          isolate: false,
          globalSetup: ['tests/support/test-databases.global-setup.ts'],
          testTimeout: 20_000,
          // Starting a portal server in a hook can take longer than Vitest's 10 s while the
          // PostgreSQL suites load a 2-core machine (seen in CI); the tests' own limits stay.
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'http',
          include: ['server/**/*.http.test.ts'],
          environment: 'node',
          isolate: false,
          globalSetup: [
            'tests/support/require-build.ts',
            'tests/support/test-databases.global-setup.ts',
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['tests/support/require-build.ts'],
          // One module registry per worker, so its suites share one Chromium and one demo portal
          // (tests/e2e/support). No retries: a test that fails once is a defect to fix.
          isolate: false,
          retry: 0,
          // The portals these suites serve run as `npm start` does, React's production build too.
          env: { NODE_ENV: 'production' },
          // The longest flows (staff editing prices and discounts, then a partner's view) take
          // about 50 s on a loaded 2-core machine: a limit of 60 s failed them in CI.
          testTimeout: 120_000,
          hookTimeout: 60_000,
          // A poll waits for what the page does after a click or a load, often a lazy chunk: CI
          // machines run the browser suites up to six times slower than a quiet one, too slow for
          // Vitest's default of 1 s.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
