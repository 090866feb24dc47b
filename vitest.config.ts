import { defineConfig } from 'vitest/config';

// Three projects: pure and server unit tests (no build needed), HTTP tests that render the
// built React Router app through fastify.inject, and browser tests against the built server.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    reporters: ['default', './tests/support/summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['core/**/*.test.ts', 'server/**/*.test.ts', 'app/**/*.test.{ts,tsx}'],
          exclude: ['server/**/*.http.test.ts'],
          environment: 'node',
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'http',
          include: ['server/**/*.http.test.ts'],
          environment: 'node',
          globalSetup: ['tests/support/require-build.ts'],
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['tests/support/require-build.ts'],
          fileParallelism: false,
          // On CI's two loaded cores a browser step can miss its timing once; a second run still
          // fails a test whose behaviour is broken, and the summary reports the retry.
          retry: process.env.CI ? 1 : 0,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
