import type { Kysely } from 'kysely';
import { DASHBOARDS, percentile, type Dashboard, type InsightFilters } from '~core/insight';
import type { Database } from '~server/db/schema.ts';
import { contentGaps, insightDashboard } from '~server/modules/insight';

/*
 * Every dashboard timed as its page asks for it: p95 of RUNS requests after one warm-up, the
 * search dashboard with its content-gap list beside it; ROUNDS such p95s, in turns over the
 * dashboards so that a burst of load on the shared machine spreads over all of them.
 */

const RUNS = 20;
const ROUNDS = 3;

async function p95(run: () => Promise<unknown>): Promise<number> {
  await run();
  const times: number[] = [];
  for (let at = 0; at < RUNS; at += 1) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return percentile(times, 0.95)!;
}

/** Each dashboard's p95s in ms over these filters, one per round. */
export async function timeDashboards(
  db: Kysely<Database>,
  filters: InsightFilters,
  now: Date,
): Promise<Map<Dashboard, number[]>> {
  const settings = { staleAfterDays: 365, now };
  const times = new Map<Dashboard, number[]>(DASHBOARDS.map((dashboard) => [dashboard, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const dashboard of DASHBOARDS) {
      times
        .get(dashboard)!
        .push(
          await p95(() =>
            dashboard === 'search'
              ? Promise.all([
                  insightDashboard(db, dashboard, filters, settings),
                  contentGaps({ db, filters }),
                ])
              : insightDashboard(db, dashboard, filters, settings),
          ),
        );
    }
  }
  return times;
}
