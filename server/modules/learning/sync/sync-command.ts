import { loadConfig } from '~server/config.ts';
import { createDatabase } from '~server/db/database.ts';
import { openPageChanges } from '~server/modules/site';
import { migrateToLatest } from '~server/db/migrate.ts';
import { createProgressBar } from '~server/modules/content';
import { syncCatalogue } from '../learning.service.ts';
import { loadCatalogue } from './catalogue-source.ts';
import { formatSyncReport } from './sync-report.ts';

// `npm run learning:sync -- FILE_OR_URL`: applies a learning platform catalogue export to the
// configured database in one transaction (docs/learning-sync.md).
const USAGE = 'Usage: npm run learning:sync -- FILE_OR_URL';

const sources = process.argv.slice(2);
if (sources.length !== 1 || sources[0]?.startsWith('--')) {
  console.error(USAGE);
  process.exit(1);
}

const config = await loadConfig();
try {
  const catalogue = await loadCatalogue(sources[0] ?? '');
  const database = await createDatabase(config.databaseUrl);
  try {
    await migrateToLatest(database);
    const progress = createProgressBar(process.stdout, 'Syncing');
    const report = await syncCatalogue(database.db, catalogue, config, {
      onProgress: (done, total) => progress.update(done, total),
    });
    progress.finish();
    const out = report.ok ? process.stdout : process.stderr;
    for (const line of formatSyncReport(report)) out.write(`${line}\n`);
    if (!report.ok) process.exitCode = 1;
    // Running portals drop the guests' pages they keep, which may show the old catalogue.
    if (report.ok) await openPageChanges(database).announce();
  } finally {
    await database.close();
  }
} catch (error) {
  const reason = error instanceof Error ? error.message : String(error);
  console.error(`Learning sync failed: ${reason.replace(/\s+/g, ' ')}`);
  process.exitCode = 1;
}
