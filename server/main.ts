import { buildPortalServer } from './app.ts';
import { loadConfig } from './config.ts';
import { createDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { importCommunityOnFirstStart } from '~server/modules/community';
import { importContentOnFirstStart } from '~server/modules/content';
import { importLearningOnFirstStart } from '~server/modules/learning';
import { recordInstallation } from '~server/modules/site';
import { seedDemoData } from './demo/seed.ts';
import { startMailSender, type MailSender } from '~server/modules/mail';

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

async function main(): Promise<void> {
  const role = processRole(process.argv);
  const config = await loadConfig();
  const database = await createDatabase(config.databaseUrl);
  await migrateToLatest(database);
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
  await recordInstallation(database.db);
  if (config.signIn.builtInProvider) await seedDemoData(database, config);

  // `npm run dev` passes --dev: Vite serves the app from source with hot reload.
  const app = await buildPortalServer({ config, database, dev: process.argv.includes('--dev') });
  await importContentOnFirstStart(database.db, config, {
    info: (line) => app.log.info(line),
    error: (line) => app.log.error(line),
  });
  await importLearningOnFirstStart(database.db, config, {
    info: (line) => app.log.info(line),
    error: (line) => app.log.error(line),
  });
  await importCommunityOnFirstStart(database.db, config, {
    info: (line) => app.log.info(line),
    error: (line) => app.log.error(line),
  });
  const sender: MailSender | undefined =
    role === 'all'
      ? startMailSender(database.db, config, {
          info: (line) => app.log.info(line),
          error: (line) => app.log.error(line),
        })
      : undefined;
  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: closing`);
    await sender?.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  onSignals(shutdown);

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`${config.brand} help portal is running at ${config.siteUrl} (${database.dialect})`);
}

main().catch((error: unknown) => {
  console.error(
    `The portal could not start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
