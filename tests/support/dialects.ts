import { afterAll, beforeAll, describe, inject } from 'vitest';
import type { PortalDatabase } from '~server/db/database.ts';
import {
  ensurePostgresTemplate,
  ensureSqliteTemplate,
  openPostgresClone,
  openSqliteCopy,
  type TestDatabase,
} from './database-templates.ts';
import { describeRequiring } from './required-suite.ts';
import { runsDialect } from './test-dialects.ts';
import type { ProvidedTemplates } from './test-databases.global-setup.ts';

export interface DialectSuiteOptions {
  /** Run the migrations before the tests (default). Off for tests of the migrations themselves. */
  migrate?: boolean;
}

type DialectSuite = (database: () => PortalDatabase) => void;

/**
 * Declares the suite once per dialect, each against a database of its own: a temporary
 * SQLite file always, and a database on TEST_DATABASE_URL's server when that is set. Both are
 * copies of a migrated template (database-templates.ts), or empty with `migrate: false`.
 */
export function describeEachDialect(
  title: string,
  suite: DialectSuite,
  options: DialectSuiteOptions = {},
): void {
  const migrate = options.migrate ?? true;

  if (runsDialect('sqlite')) {
    describe(`${title} [sqlite]`, () => {
      suite(
        useTestDatabase(async () => openSqliteCopy(migrate ? await sqliteTemplate() : undefined)),
      );
    });
  }

  describePostgres(title, (url) => {
    suite(
      useTestDatabase(async () =>
        openPostgresClone(url, migrate ? await postgresTemplate(url) : undefined),
      ),
    );
  });
}

/** Declares a suite of something only PostgreSQL has (its planner's estimates), on a migrated copy. */
export function describePostgresDatabase(title: string, suite: DialectSuite): void {
  if (!runsDialect('postgres')) {
    // Declared all the same, so a file of such suites lists them as skipped on SQLite alone.
    describe.skip(`${title} [postgres]`, () =>
      suite(() => {
        throw new Error('PostgreSQL is not among TEST_DIALECTS.');
      }));
    return;
  }
  describePostgres(title, (url) => {
    suite(useTestDatabase(async () => openPostgresClone(url, await postgresTemplate(url))));
  });
}

/** Declares a suite of something only SQLite has (the FTS5 search provider), on a migrated copy. */
export function describeSqlite(title: string, suite: DialectSuite): void {
  if (!runsDialect('sqlite')) return;
  describe(`${title} [sqlite]`, () => {
    suite(useTestDatabase(async () => openSqliteCopy(await sqliteTemplate())));
  });
}

/** Declares a suite that needs PostgreSQL, given the TEST_DATABASE_URL (see describeRequiring). */
export function describePostgres(title: string, suite: (url: string) => void): void {
  if (!runsDialect('postgres')) return;
  const url = process.env.TEST_DATABASE_URL;
  describeRequiring(
    `${title} [postgres]`,
    { available: Boolean(url), missing: 'TEST_DATABASE_URL is not set' },
    // Without a URL the suite is still declared, with one it never uses, so it lists as skipped.
    () => suite(url ?? 'postgres://unset'),
  );
}

/*
 * The templates come from test-databases.global-setup.ts when the project runs it; without it,
 * the first suite of each test file finds (or makes) them itself.
 */
let sqliteTemplateMade: Promise<string> | undefined;
let postgresTemplateMade: Promise<string> | undefined;

function provided(): ProvidedTemplates | undefined {
  return inject('portalTestTemplates');
}

function sqliteTemplate(): Promise<string> {
  const path = provided()?.sqlite;
  if (path !== undefined) return Promise.resolve(path);
  sqliteTemplateMade ??= ensureSqliteTemplate();
  return sqliteTemplateMade;
}

function postgresTemplate(url: string): Promise<string> {
  const postgres = provided()?.postgres;
  if (postgres?.url === url) return Promise.resolve(postgres.template);
  postgresTemplateMade ??= ensurePostgresTemplate(url);
  return postgresTemplateMade;
}

function useTestDatabase(open: () => Promise<TestDatabase>): () => PortalDatabase {
  let current: TestDatabase | undefined;
  beforeAll(async () => {
    current = await open();
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
