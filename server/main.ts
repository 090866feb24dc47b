import { setFlagsFromString } from 'node:v8';
import { loadConfig, type PortalConfig } from './config.ts';
import { createDatabase, type PortalDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { databaseStartError } from './startup-errors.ts';
import { isDatabaseUnavailable } from './db/unavailable.ts';
import { openPageChanges } from '~server/modules/site';

/**
 * `--role=web` serves pages only; `--role=worker` only runs the background jobs (mail, the
 * periodic jobs; docs/deployment.md); without a role (the embedded default) one process does
 * both, so `npm start` delivers mail.
 */
function processRole(argv: readonly string[]): 'all' | 'web' | 'worker' {
  const role = argv.find((arg) => arg.startsWith('--role='))?.slice('--role='.length) ?? 'all';
  if (role === 'all' || role === 'web' || role === 'worker') return role;
  throw new Error(`--role must be web or worker, got "${role}"`);
}

/** A stop that takes longer than this (a request or job that hangs) ends the process anyway. */
const SHUTDOWN_LIMIT_MS = 30_000;

/**
 * Graceful shutdown: on SIGTERM or SIGINT the process stops taking requests and jobs, finishes
 * the ones in hand, closes the database and exits; a second signal or the limit ends it at once.
 */
function onSignals(stop: (signal: string) => Promise<void>): void {
  let stopping = false;
  const handle = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    setTimeout(() => {
      console.error(`${signal}: still stopping after ${SHUTDOWN_LIMIT_MS / 1000} s; exiting`);
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    stop(signal).then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`${signal}: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => handle('SIGINT'));
  process.on('SIGTERM', () => handle('SIGTERM'));
}

/**
 * How far V8 lets the heap grow past what the last full collection kept. Its own choice (up to
 * four times under a high allocation rate) let the 200 requests in flight of the load run grow
 * the process from 220 to 590 MB and keep it; at 10% it ends at 350 MB at the same throughput,
 * 260 MB with the renders' abort timer cleared too (docs/performance.md). A
 * `--heap-growing-percent` given to node wins.
 */
const HEAP_GROWING_PERCENT = 10;

function boundHeapGrowth(): void {
  if (process.execArgv.some((flag) => flag.startsWith('--heap-growing-percent'))) return;
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs a start step; one that fails because the database is not up yet, or went away during
 * the start (a restart), is tried again until DATABASE_WAIT_SECONDS have passed. A database
 * that cannot be used stops the start with one clear line.
 */
async function patiently<T>(config: PortalConfig, step: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + config.databaseWaitSeconds * 1000;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await step();
    } catch (error) {
      const line = databaseStartError(error, config.databaseUrl);
      if (isDatabaseUnavailable(error) && Date.now() < deadline) {
        if (attempt === 1) console.error(`${line ?? String(error)}; waiting for it`);
        await sleep(1000);
        continue;
      }
      throw line === undefined ? error : new Error(line, { cause: error });
    }
  }
}

/** The database, migrated. */
async function openMigratedDatabase(databaseUrl: string): Promise<PortalDatabase> {
  let database: PortalDatabase | undefined;
  try {
    database = await createDatabase(databaseUrl);
    await migrateToLatest(database);
    return database;
  } catch (error) {
    await database?.close().catch(() => undefined);
    throw error;
  }
}

async function main(): Promise<void> {
  boundHeapGrowth();
  const role = processRole(process.argv);
  const config = await loadConfig();
  // The settings' NODE_ENV says how the portal itself is set up (the embedded default's demo
  // sign-in), and has been read. React and the other libraries that read it run their production
  // builds whenever the built portal runs: React's development build renders at half the speed.
  // They are loaded only now, since they read it once, as they load.
  const dev = process.argv.includes('--dev');
  if (!dev) process.env.NODE_ENV = 'production';
  const { startServingPortal } = await import('./portal.ts');
  const { runBackgroundJobs } = await import('./worker.ts');
  const database = await patiently(config, () => openMigratedDatabase(config.databaseUrl));
  if (role === 'worker') {
    const pageChanges = openPageChanges(database, console.error);
    const jobs = await patiently(config, () =>
      runBackgroundJobs(
        config,
        database,
        {
          info: (line) => process.stdout.write(`${line}\n`),
          error: (line) => console.error(line),
        },
        undefined,
        () => void pageChanges.announce(),
      ),
    );
    onSignals(async (signal) => {
      process.stdout.write(`${signal}: finishing the running job\n`);
      await jobs.stop();
      await pageChanges.close();
      await database.close();
    });
    return;
  }
  // `npm run dev` passes --dev: Vite serves the app from source with hot reload.
  const portal = await patiently(config, () =>
    startServingPortal({
      config,
      database,
      dev,
      runsJobs: role === 'all',
    }),
  );
  onSignals(async (signal) => {
    portal.app.log.info(
      `${signal}: draining for ${config.shutdownDrainSeconds} s, then finishing the requests in flight`,
    );
    await portal.drain(config.shutdownDrainSeconds * 1000);
    await portal.stop();
    await database.close();
  });
}

main().catch((error: unknown) => {
  console.error(
    `The portal could not start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
