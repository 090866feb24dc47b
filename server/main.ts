import { loadConfig } from './config.ts';
import { createDatabase, type PortalDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { startMailSender } from '~server/modules/mail';
import { startServingPortal } from './portal.ts';
import { databaseStartError } from './startup-errors.ts';

/**
 * `--role=web` serves pages only; `--role=worker` only sends the mail outbox (docs/mail.md);
 * without a role (the embedded default) one process does both, so `npm start` delivers mail.
 */
function processRole(argv: readonly string[]): 'all' | 'web' | 'worker' {
  const role = argv.find((arg) => arg.startsWith('--role='))?.slice('--role='.length) ?? 'all';
  if (role === 'all' || role === 'web' || role === 'worker') return role;
  throw new Error(`--role must be web or worker, got "${role}"`);
}

function onSignals(close: (signal: string) => Promise<void>): void {
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
}

/** The database, migrated; a database that cannot be used stops the start with one clear line. */
async function openMigratedDatabase(databaseUrl: string): Promise<PortalDatabase> {
  let database: PortalDatabase | undefined;
  try {
    database = await createDatabase(databaseUrl);
    await migrateToLatest(database);
    return database;
  } catch (error) {
    await database?.close().catch(() => undefined);
    const line = databaseStartError(error, databaseUrl);
    throw line === undefined ? error : new Error(line, { cause: error });
  }
}

async function main(): Promise<void> {
  const role = processRole(process.argv);
  const config = await loadConfig();
  const database = await openMigratedDatabase(config.databaseUrl);
  if (role === 'worker') {
    const sender = startMailSender(database.db, config, {
      info: (line) => process.stdout.write(`${line}\n`),
      error: (line) => console.error(line),
    });
    onSignals(async () => {
      await sender.stop();
      await database.close();
      process.exit(0);
    });
    return;
  }
  // `npm run dev` passes --dev: Vite serves the app from source with hot reload.
  const portal = await startServingPortal({
    config,
    database,
    dev: process.argv.includes('--dev'),
    sendsMail: role === 'all',
  });
  onSignals(async (signal) => {
    portal.app.log.info(`${signal}: closing`);
    await portal.stop();
    await database.close();
    process.exit(0);
  });
}

main().catch((error: unknown) => {
  console.error(
    `The portal could not start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
