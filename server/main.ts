import { buildPortalServer } from './app.ts';
import { loadConfig } from './config.ts';
import { createDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { importContentOnFirstStart } from './modules/content/import/first-start.ts';
import { recordInstallation } from './modules/site/site-settings.repository.ts';
import { seedDemoData } from './demo/seed.ts';

async function main(): Promise<void> {
  const config = await loadConfig();
  const database = await createDatabase(config.databaseUrl);
  await migrateToLatest(database);
  await recordInstallation(database.db);
  if (config.signIn.builtInProvider) await seedDemoData(database, config);

  // `npm run dev` passes --dev: Vite serves the app from source with hot reload.
  const app = await buildPortalServer({ config, database, dev: process.argv.includes('--dev') });
  await importContentOnFirstStart(database.db, config, {
    info: (line) => app.log.info(line),
    error: (line) => app.log.error(line),
  });
  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: closing`);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(`${config.brand} help portal is running at ${config.siteUrl} (${database.dialect})`);
}

main().catch((error: unknown) => {
  console.error(
    `The portal could not start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
