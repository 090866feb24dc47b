import { rmSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { PortalConfig } from '~server/config.ts';
import { createDatabase, type PortalDatabase } from '~server/db/database.ts';
import { migrateToLatest } from '~server/db/migrate.ts';
import { startServingPortal, type ServingPortal } from '~server/portal.ts';
import type { Clock } from '~server/clock.ts';
import { ShiftedClock } from '~tests/support/clock.ts';
import {
  ensurePostgresTemplate,
  openPostgresClone,
  type TestDatabase,
} from '~tests/support/database-templates.ts';
import { testConfig } from '~tests/support/config.ts';
import { freePort, portalUnderTestEnv } from '~tests/support/portal-process.ts';

/** A portal served from this test process, so a suite can reach its database and its clock. */
export interface PortalUnderTest {
  baseUrl: string;
  config: PortalConfig;
  database: PortalDatabase;
  /** The portal's DATA_DIR: the local mail outbox lands under it. */
  dataDir: string;
  /** The portal's clock: real time unless the suite brought its own, moved on past deadlines. */
  clock: MovableClock;
}

/** Settings over the defaults, as environment variables; a function when they take preparing. */
export type PortalSettings = Record<string, string>;

/** A clock a suite moves on by hand: `ShiftedClock` (the default) or a `TestClock`. */
export type MovableClock = Clock & { advance(ms: number): unknown };

interface StartedPortal extends PortalUnderTest {
  stop(): Promise<void>;
}

/** Folders to remove when the worker ends, whatever state its suites left them in. */
const dataDirs = new Set<string>();
process.once('exit', () => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * Starts the portal as `npm start` would (production mode, built-in sign-in on), on a free port
 * and a database of its own: a SQLite file in a new DATA_DIR unless `settings` name another.
 */
async function startPortalUnderTest(
  settings: PortalSettings,
  clock: MovableClock = new ShiftedClock(),
): Promise<StartedPortal> {
  // Workers pick free ports side by side: one may take a port between another's pick and listen.
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await startOnFreePort(settings, clock);
    } catch (error) {
      const taken = (error as { code?: string }).code === 'EADDRINUSE';
      if (!taken || attempt === 3) throw error;
    }
  }
}

async function startOnFreePort(
  settings: PortalSettings,
  clock: MovableClock,
): Promise<StartedPortal> {
  const dataDir = await mkdtemp(join(tmpdir(), 'portal-e2e-'));
  dataDirs.add(dataDir);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const clone = await postgresClone(settings);
  const config = testConfig({
    ...portalUnderTestEnv(port, dataDir),
    LOG_LEVEL: 'error',
    ...(clone?.url ? { DATABASE_URL: clone.url } : {}),
    ...settings,
  });
  const database = clone?.database ?? (await createDatabase(config.databaseUrl));
  const closeDatabase = () => (clone ? clone.release() : database.close());
  let serving: ServingPortal;
  try {
    await migrateToLatest(database);
    serving = await startServingPortal({ config, database, clock, runsJobs: true });
  } catch (error) {
    await closeDatabase();
    throw error;
  }
  return {
    baseUrl,
    config,
    database,
    dataDir,
    clock,
    async stop() {
      await serving.stop();
      await closeDatabase();
      rmSync(dataDir, { recursive: true, force: true });
      dataDirs.delete(dataDir);
    },
  };
}

/**
 * With E2E_POSTGRES_URL (the browser suites' PostgreSQL phase of `npm test`), a portal whose
 * settings name no database gets a database of its own on that server, cloned from the migrated
 * template as the PostgreSQL suites' are, and dropped when it stops.
 */
async function postgresClone(settings: PortalSettings): Promise<TestDatabase | undefined> {
  const server = process.env.E2E_POSTGRES_URL;
  if (!server || settings.DATABASE_URL) return undefined;
  return openPostgresClone(server, await ensurePostgresTemplate(server));
}

function portalHandle(current: () => PortalUnderTest | undefined): () => PortalUnderTest {
  return () => {
    const portal = current();
    if (!portal) throw new Error('The portal is only there inside tests and hooks');
    return portal;
  };
}

let demoPortal: Promise<StartedPortal> | undefined;

/**
 * The demo portal this worker shares between the suites that only read: started by the first
 * suite that asks, and left running for the next (the browser project keeps one module
 * registry per worker). A suite that writes, or needs other settings, uses `useOwnPortal`.
 */
export function useDemoPortal(): () => PortalUnderTest {
  let portal: PortalUnderTest | undefined;
  beforeAll(async () => {
    demoPortal ??= startPortalUnderTest({});
    portal = await demoPortal;
  });
  return portalHandle(() => portal);
}

/**
 * A portal of the suite's own, on a fresh database, stopped after the suite. Settings that take
 * preparing (a content folder to write first) come from a function run before the start; a
 * suite that must decide every moment itself brings a clock that stands still (`TestClock`).
 */
export function useOwnPortal(
  settings: PortalSettings | (() => Promise<PortalSettings>) = {},
  options: { clock?: MovableClock } = {},
): () => PortalUnderTest {
  let portal: StartedPortal | undefined;
  beforeAll(async () => {
    portal = await startPortalUnderTest(
      typeof settings === 'function' ? await settings() : settings,
      options.clock,
    );
  });
  afterAll(async () => {
    await portal?.stop();
  });
  return portalHandle(() => portal);
}
