import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createDatabase, type PortalDatabase } from '../../server/db/database.ts';
import { migrateToLatest } from '../../server/db/migrate.ts';

export interface DialectSuiteOptions {
  /** Run the migrations before the tests (default). Off for tests of the migrations themselves. */
  migrate?: boolean;
}

type DialectSuite = (database: () => PortalDatabase) => void;

interface TestDatabase {
  database: PortalDatabase;
  /** Closes the database and removes everything the test created. */
  release(): Promise<void>;
}

/**
 * Declares the suite once per dialect, each against a database of its own: a temporary
 * SQLite file always, and a fresh schema in TEST_DATABASE_URL when that is set.
 */
export function describeEachDialect(
  title: string,
  suite: DialectSuite,
  options: DialectSuiteOptions = {},
): void {
  const migrate = options.migrate ?? true;

  describe(`${title} [sqlite]`, () => {
    suite(useTestDatabase(openSqlite, migrate));
  });

  describePostgres(title, (url) => {
    suite(useTestDatabase(() => openPostgres(url), migrate));
  });
}

/**
 * Declares a suite that needs PostgreSQL, given the TEST_DATABASE_URL. Without that URL the
 * suite is skipped, or fails when REQUIRE_ALL_SUITES=1: CI sets it so that a missing
 * database fails the run instead of quietly skipping half the suites.
 */
export function describePostgres(title: string, suite: (url: string) => void): void {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    describe(`${title} [postgres]`, () => suite(url));
  } else if (process.env.REQUIRE_ALL_SUITES === '1') {
    describe(`${title} [postgres]`, () => {
      it('needs TEST_DATABASE_URL', () => {
        throw new Error(
          'REQUIRE_ALL_SUITES=1 but TEST_DATABASE_URL is not set: the PostgreSQL suite cannot run',
        );
      });
    });
  } else {
    // The suite is still declared, with a URL it never uses, so its tests are listed as skipped.
    describe.skip(`${title} [postgres] (skipped: TEST_DATABASE_URL is not set)`, () =>
      suite('postgres://unset'));
  }
}

function useTestDatabase(
  open: () => Promise<TestDatabase>,
  migrate: boolean,
): () => PortalDatabase {
  let current: TestDatabase | undefined;
  beforeAll(async () => {
    current = await open();
    if (migrate) await migrateToLatest(current.database);
  });
  afterAll(async () => {
    await current?.release();
  });
  return () => {
    if (current === undefined) {
      throw new Error('The test database is only available inside tests and hooks');
    }
    return current.database;
  };
}

async function openSqlite(): Promise<TestDatabase> {
  const directory = await mkdtemp(join(tmpdir(), 'portal-test-'));
  const removeDirectory = () => rm(directory, { recursive: true, force: true });
  try {
    const database = await createDatabase(`sqlite:${join(directory, 'portal.db')}`);
    return {
      database,
      async release() {
        try {
          await database.close();
        } finally {
          await removeDirectory();
        }
      },
    };
  } catch (error) {
    await removeDirectory();
    throw error;
  }
}

async function openPostgres(url: string): Promise<TestDatabase> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const database = await createDatabase(url, { schema });
  return {
    database,
    async release() {
      try {
        await database.db.schema.dropSchema(schema).ifExists().cascade().execute();
      } finally {
        await database.close();
      }
    },
  };
}
