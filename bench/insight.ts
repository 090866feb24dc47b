// The insight rollup and dashboards at volume (docs/insight.md, "Measured"). Seeds one day of
// search events (EVENTS, default 1M; a fifth find nothing, three in ten of the others get a
// click; about three per visitor) into a scratch database, times the rollup of that day, then
// copies the day's aggregates to DAYS days (default 30), as if each were as busy, and times
// every dashboard over those days (p95 of 20 requests after a warm-up). The days' months are
// summed as the rollup sums them, so a range of a year reads its whole months' rows.
// Usage: npm run bench:insight -- sqlite [events] [days]
//        TEST_DATABASE_URL=postgres://... npm run bench:insight -- postgres [events] [days]
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { addDays, DASHBOARDS, monthOf, percentile } from '~core/insight';
import { createDatabase } from '~server/db/database.ts';
import { migrateToLatest } from '~server/db/migrate.ts';
import { contentGaps, insightDashboard, rollUpDay, rollUpMonth } from '~server/modules/insight';

const DAY = '2026-11-25';
const RUNS = 20;
const [dialect = 'sqlite', eventsArg, daysArg] = process.argv.slice(2);
const EVENTS = Number(eventsArg ?? 1_000_000);
const COPIES = Number(daysArg ?? 30);
/** About three searches per visitor pseudonym. */
const VISITORS = Math.max(1, Math.floor(EVENTS / 3));
const LOG_COLUMNS =
  'id, search_uid, search_hub, tab, query_text, result_count, is_guest, user_region, cause, searched_at, visitor_key';

async function open() {
  if (dialect === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('Set TEST_DATABASE_URL to a PostgreSQL server.');
    const schema = `bench_${randomBytes(6).toString('hex')}`;
    return { database: await createDatabase(url, { schema }), cleanup: async () => {}, schema };
  }
  const folder = await mkdtemp(join(tmpdir(), 'insight-bench-'));
  return {
    database: await createDatabase(`sqlite:${join(folder, 'bench.db')}`),
    cleanup: () => rm(folder, { recursive: true, force: true }),
    schema: undefined,
  };
}

async function main() {
  const { database, cleanup, schema } = await open();
  const { db } = database;
  try {
    await migrateToLatest(database);
    let started = Date.now();
    if (database.dialect === 'postgres') {
      await sql`insert into search_query_log (${sql.raw(LOG_COLUMNS)})
        select 'q' || g, 'u' || g, 'DEMO_GlobalSearch', null, 'query ' || (g % 5000),
          case when g % 5 = 0 then 0 else 10 end, 1, (array['AU','NZ','UK','US','CA'])[1 + g % 5],
          null, to_char(${DAY}::timestamp + (g % 86400) * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS".000Z"'),
          'v' || (g % ${VISITORS}::int)
        from generate_series(1, ${EVENTS}::int) g`.execute(db);
      await sql`insert into search_click
        select 'c' || g, 'u' || g, 'doc', g % 10,
          to_char(${DAY}::timestamp + (g % 86400) * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS".000Z"')
        from generate_series(1, ${EVENTS}::int) g where g % 5 <> 0 and g % 10 < 3`.execute(db);
      await sql`analyze`.execute(db);
    } else {
      await sql`with recursive g(n) as (select 1 union all select n + 1 from g where n < ${EVENTS})
        insert into search_query_log (${sql.raw(LOG_COLUMNS)})
        select 'q' || n, 'u' || n, 'DEMO_GlobalSearch', null, 'query ' || (n % 5000),
          case when n % 5 = 0 then 0 else 10 end, 1,
          case n % 5 when 0 then 'AU' when 1 then 'NZ' when 2 then 'UK' when 3 then 'US' else 'CA' end,
          null, strftime('%Y-%m-%dT%H:%M:%S.000Z', ${DAY}, '+' || (n % 86400) || ' seconds'),
          'v' || (n % ${VISITORS})
        from g`.execute(db);
      await sql`with recursive g(n) as (select 1 union all select n + 1 from g where n < ${EVENTS})
        insert into search_click
        select 'c' || n, 'u' || n, 'doc', n % 10,
          strftime('%Y-%m-%dT%H:%M:%S.000Z', ${DAY}, '+' || (n % 86400) || ' seconds')
        from g where n % 5 <> 0 and n % 10 < 3`.execute(db);
      await sql`analyze`.execute(db);
    }
    console.log(`${dialect}: ${EVENTS} search events seeded in ${Date.now() - started} ms`);
    started = Date.now();
    const rows = await rollUpDay(db, DAY, new Date());
    console.log(`rollup of the day: ${Date.now() - started} ms, ${rows} aggregate rows`);
    // COPIES more days like this one: the day's aggregates copied to the days before it.
    started = Date.now();
    for (let back = 1; back < COPIES; back += 1) {
      const day = addDays(DAY, -back);
      await sql`insert into insight_daily (figure, day, region, product, hub, item, count, amount)
        select figure, ${day}, region, product, hub, item, count, amount
        from insight_daily where day = ${DAY}`.execute(db);
    }
    const months = new Set(
      Array.from({ length: COPIES }, (_, back) => monthOf(addDays(DAY, -back))),
    );
    for (const month of months) {
      await db.transaction().execute((tx) => rollUpMonth(tx, month, new Date()));
    }
    await sql`analyze`.execute(db);
    console.log(
      `aggregates of ${COPIES} such days and their ${months.size} months (${COPIES * EVENTS} events' worth) written in ${Date.now() - started} ms`,
    );
    const filters = { from: addDays(DAY, 1 - COPIES), to: DAY };
    const measure = async (name: string, run: () => Promise<unknown>) => {
      await run();
      const times: number[] = [];
      for (let at = 0; at < RUNS; at += 1) {
        const start = performance.now();
        await run();
        times.push(performance.now() - start);
      }
      console.log(`${name}: p95 ${percentile(times, 0.95)!.toFixed(1)} ms over ${COPIES} days`);
    };
    for (const dashboard of DASHBOARDS) {
      await measure(dashboard, () =>
        dashboard === 'search'
          ? Promise.all([insightDashboard(db, dashboard, filters), contentGaps({ db, filters })])
          : insightDashboard(db, dashboard, filters),
      );
    }
  } finally {
    if (schema) await sql`drop schema ${sql.id(schema)} cascade`.execute(db);
    await database.close();
    await cleanup();
  }
}

await main();
