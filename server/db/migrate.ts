import { Migrator } from 'kysely';
import type { PortalDatabase } from './database.ts';
import { migrationProvider } from './migrations/index.ts';

/** Applies every pending migration and returns the names applied by this run, in order. */
export async function migrateToLatest(database: PortalDatabase): Promise<string[]> {
  const { error, results = [] } = await migratorFor(database).migrateToLatest();
  if (error !== undefined) {
    const failed = results.find((result) => result.status === 'Error');
    const what = failed ? `Migration ${failed.migrationName} failed` : 'Migrations could not start';
    throw new Error(`${what}: ${describeError(error)}`, { cause: error });
  }
  return results.map((result) => result.migrationName);
}

function migratorFor(database: PortalDatabase): Migrator {
  return new Migrator({
    db: database.db,
    provider: migrationProvider,
    // Each PostgreSQL schema keeps its own bookkeeping, so schemas sharing a database
    // (one per test file) never see each other's applied migrations.
    ...(database.dialect === 'postgres'
      ? { migrationTableSchema: database.schema ?? 'public' }
      : {}),
  });
}

// A refused connection to "localhost" surfaces as an AggregateError with an empty message.
function describeError(error: unknown): string {
  if (error instanceof AggregateError && error.message === '' && error.errors.length > 0) {
    return describeError(error.errors[0]);
  }
  return error instanceof Error ? error.message : String(error);
}

/** The migrations of this build that the database has not applied yet (none when it is current). */
export async function pendingMigrations(database: PortalDatabase): Promise<string[]> {
  const migrations = await migratorFor(database).getMigrations();
  return migrations.filter((migration) => migration.executedAt === undefined).map((m) => m.name);
}
