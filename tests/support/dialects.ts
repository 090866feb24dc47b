import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe } from 'vitest';
import { createDatabase, type PortalDatabase } from '~server/db/database.ts';
import { migrateToLatest } from '~server/db/migrate.ts';
import { describeRequiring } from './required-suite.ts';

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

/** Declares a suite that needs PostgreSQL, given the TEST_DATABASE_URL (see describeRequiring). */
export function describePostgres(title: string, suite: (url: string) => void): void {
  const url = process.env.TEST_DATABASE_URL;
  describeRequiring(
    `${title} [postgres]`,
    { available: Boolean(url), missing: 'TEST_DATABASE_URL is not set' },
    // Without a URL the suite is still declared, with one it never uses, so it lists as skipped.
    () => suite(url ?? 'postgres://unset'),
  );
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
