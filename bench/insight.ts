// The insight rollup and dashboards at volume (docs/insight.md, "Measured"). Writes DAYS
// distinct days (default 10) of EVENTS events each (default 1M) of every kind the rollup
// reads, in the shares of bench/insight/day-visits.ts, into a scratch database; rolls each day
// up with rollUpDay right after writing it, as the job would, timing it; sums the months with
// rollUpMonth; then times every dashboard over the whole range, without filters and for one
// region (p95 of 20 requests after a warm-up). Raw events are kept: the retention
// (INSIGHT_RETENTION_DAYS, 90 by default) deletes none within the days written, and the
// answers, cases, community and partner dashboards read raw rows beside the aggregates.
// INSIGHT_BENCH_KEEP=1 keeps the scratch schema or file, and says where, to look into after;
// INSIGHT_BENCH_REUSE=<that schema or file> times the dashboards again over it, writing nothing.
// Usage: npm run bench:insight -- sqlite [events-per-day] [days]
//        TEST_DATABASE_URL=postgres://... npm run bench:insight -- postgres [events-per-day] [days]
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { addDays, dayBounds, monthOf, percentile, type InsightFilters } from '~core/insight';
import { createDatabase, type PortalDatabase } from '~server/db/database.ts';
import { migrateToLatest } from '~server/db/migrate.ts';
import type { Database } from '~server/db/schema.ts';
import { rollUpDay, rollUpMonth } from '~server/modules/insight';
import { timeDashboards } from './insight/dashboard-timing.ts';
import { seedVisits, type Day } from './insight/day-visits.ts';
import { seedWork } from './insight/day-work.ts';
import type { Dialect } from './insight/dialect-sql.ts';
import { seedFixtures } from './insight/fixtures.ts';

/** The first day written: the days run over a month's end, so two months are summed. */
const FIRST_DAY = '2026-10-27';
const REGION = 'UK';
const [dialectArg = 'sqlite', eventsArg, daysArg] = process.argv.slice(2);
const dialect: Dialect = dialectArg === 'postgres' ? 'postgres' : 'sqlite';
const EVENTS = Number(eventsArg ?? 1_000_000);
const DAYS = Number(daysArg ?? 10);
const KEEP = process.env.INSIGHT_BENCH_KEEP === '1';
const REUSE = process.env.INSIGHT_BENCH_REUSE;

async function open() {
  if (dialect === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('Set TEST_DATABASE_URL to a PostgreSQL server.');
    if (REUSE) {
      const database = await createDatabase(url, { schema: REUSE });
      return { database, cleanup: async () => {}, schema: undefined };
    }
    const schema = `bench_${randomBytes(6).toString('hex')}`;
    if (KEEP) console.log(`kept in schema ${schema}`);
    return {
      database: await createDatabase(url, { schema }),
      cleanup: async () => {},
      schema: KEEP ? undefined : schema,
    };
  }
  if (REUSE) {
    const database = await createDatabase(`sqlite:${REUSE}`);
    return { database, cleanup: async () => {}, schema: undefined };
  }
  const folder = await mkdtemp(join(tmpdir(), 'insight-bench-'));
  if (KEEP) console.log(`kept in ${join(folder, 'bench.db')}`);
  return {
    database: await createDatabase(`sqlite:${join(folder, 'bench.db')}`),
    cleanup: () => (KEEP ? Promise.resolve() : rm(folder, { recursive: true, force: true })),
    schema: undefined,
  };
}

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

/** Writes and rolls up the days one after another; returns each day's events per kind. */
async function writeAndRollUp(db: Kysely<Database>) {
  const perDay: Record<string, number>[] = [];
  console.log('| day | events written | written in (s) | rollup (s) | aggregate rows |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (let index = 0; index < DAYS; index += 1) {
    const day: Day = { dialect, day: addDays(FIRST_DAY, index), index, events: EVENTS };
    let started = performance.now();
    const kinds = { ...(await seedVisits(db, day)), ...(await seedWork(db, day)) };
    // The statistics autovacuum (or SQLite's optimize) keeps up to date as tables grow.
    await sql`analyze`.execute(db);
    const written = seconds(started);
    started = performance.now();
    const rows = await rollUpDay(db, day.day, new Date());
    const events = Object.values(kinds).reduce((all, one) => all + one, 0);
    console.log(
      `| ${day.day} | ${events.toLocaleString('en')} | ${written} | ${seconds(started)} | ${rows} |`,
    );
    perDay.push(kinds);
  }
  return perDay;
}

function printKinds(perDay: readonly Record<string, number>[]) {
  console.log('\n| kind (table) | events on the first day | on all days |');
  console.log('| --- | ---: | ---: |');
  for (const kind of Object.keys(perDay[0]!)) {
    const all = perDay.reduce((sum, day) => sum + (day[kind] ?? 0), 0);
    console.log(
      `| ${kind} | ${perDay[0]![kind]!.toLocaleString('en')} | ${all.toLocaleString('en')} |`,
    );
  }
}

/** The fixtures, the days written and rolled up, and their months summed. */
async function writeAll(database: PortalDatabase) {
  const { db } = database;
  await migrateToLatest(database);
  await seedFixtures(db, dialect, FIRST_DAY);
  console.log(`${dialect}: ${DAYS} days of ${EVENTS.toLocaleString('en')} events\n`);
  const perDay = await writeAndRollUp(db);
  printKinds(perDay);
  const months = [...new Set(perDay.map((_, index) => monthOf(addDays(FIRST_DAY, index))))];
  for (const month of months) {
    const started = performance.now();
    await db.transaction().execute((tx) => rollUpMonth(tx, month, new Date()));
    console.log(`\nrollUpMonth ${month}: ${seconds(started)} s`);
  }
  await sql`analyze`.execute(db);
}

async function main() {
  const { database, cleanup, schema } = await open();
  const { db } = database;
  try {
    if (!REUSE) await writeAll(database);
    const lastDay = addDays(FIRST_DAY, DAYS - 1);
    const now = new Date(Date.parse(dayBounds(lastDay).end) + 3_600_000);
    const whole: InsightFilters = { from: FIRST_DAY, to: lastDay };
    const unfiltered = await timeDashboards(db, whole, now);
    const regional = await timeDashboards(db, { ...whole, region: REGION }, now);
    const shown = (times: readonly number[]) =>
      `${percentile(times, 0.5)!.toFixed(0)} (${times.map((time) => time.toFixed(0)).join(', ')})`;
    console.log(`\n| p95 over ${DAYS} days (ms): median (rounds) | all | region ${REGION} |`);
    console.log('| --- | ---: | ---: |');
    for (const [dashboard, times] of unfiltered) {
      console.log(`| ${dashboard} | ${shown(times)} | ${shown(regional.get(dashboard)!)} |`);
    }
  } finally {
    if (schema) await sql`drop schema ${sql.id(schema)} cascade`.execute(db);
    await database.close();
    await cleanup();
  }
}

await main();
