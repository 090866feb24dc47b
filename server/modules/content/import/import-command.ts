import { loadConfig } from '~server/config.ts';
import { createDatabase } from '~server/db/database.ts';
import { openPageChanges } from '~server/modules/site';
import { migrateToLatest } from '~server/db/migrate.ts';
import { importContent } from './content-import.ts';
import { formatImportReport } from './import-report.ts';
import { createProgressBar } from './progress-bar.ts';

// `npm run content:import -- DIR [--dry-run] [--prune]`: validates a content folder and
// loads it into the configured database (docs/content-import.md).
const USAGE = 'Usage: npm run content:import -- DIR [--dry-run] [--prune]';

const args = process.argv.slice(2);
const flags = new Set(args.filter((arg) => arg.startsWith('--')));
const folders = args.filter((arg) => !arg.startsWith('--'));
const unknown = [...flags].filter((flag) => flag !== '--dry-run' && flag !== '--prune');

if (folders.length !== 1 || unknown.length > 0) {
  console.error(unknown.length > 0 ? `Unknown option ${unknown.join(', ')}. ${USAGE}` : USAGE);
  process.exit(1);
}

const config = await loadConfig();
try {
  const database = await createDatabase(config.databaseUrl);
  try {
    await migrateToLatest(database);
    const progress = createProgressBar(process.stdout, 'Importing');
    const report = await importContent(database.db, folders[0] ?? '', {
      brand: config.brand,
      product: config.product,
      appsHost: config.appsHost,
      dryRun: flags.has('--dry-run'),
      prune: flags.has('--prune'),
      onProgress: (done, total) => progress.update(done, total),
    });
    progress.finish();
    const out = report.ok ? process.stdout : process.stderr;
    for (const line of formatImportReport(report)) out.write(`${line}\n`);
    if (!report.ok) process.exitCode = 1;
    // Running portals drop the guests' pages they keep, which may show the old content.
    if (report.ok && !flags.has('--dry-run')) await openPageChanges(database).announce();
  } finally {
    await database.close();
  }
} catch (error) {
  const reason = error instanceof Error ? error.message : String(error);
  console.error(`Content import failed: ${reason.replace(/\s+/g, ' ')}`);
  process.exitCode = 1;
}
