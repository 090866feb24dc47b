import { expect, it } from 'vitest';
import { runFaultRun } from '~tests/support/fault-run.ts';
import { postgresBinaries } from '~tests/support/postgres-cluster.ts';
import { describeRequiring } from '~tests/support/required-suite.ts';

/*
 * The fault run of docs/reliability.md, shortened for CI: 20 s and 10 connections instead of
 * 60 s and 100, with the same faults (two PostgreSQL restarts, one web process killed).
 */
describeRequiring(
  'a short fault run: two web processes and a worker through restarts and a kill',
  {
    available: postgresBinaries() !== undefined,
    missing: 'no PostgreSQL binaries (initdb, pg_ctl) under /usr/lib/postgresql or POSTGRES_BIN',
  },
  () => {
    it('keeps every process up, answers, recovers, and loses and repeats nothing', async () => {
      const report = await runFaultRun({ seconds: 20, connections: 10 });
      expect(report.unexpectedExits).toEqual([]);
      expect(report.outages).toHaveLength(2);
      expect(report.serverErrorsOutsideOutages).toBe(0);
      for (const ms of report.recoveryMs) expect(ms).toBeLessThanOrEqual(5000);
      expect(report.writesAcknowledged).toBeGreaterThan(0);
      expect(report.writesLost).toBe(0);
      expect(report.mailsQueued).toBeGreaterThan(0);
      expect(report.mailsSentTwice).toBe(0);
      expect(report.mailsMissing).toBe(0);
      // Outside the outages the portal answered: most requests were pages, not 503s.
      expect(report.byStatus['200'] ?? 0).toBeGreaterThan(report.requests / 2);
    }, 180_000);
  },
);
