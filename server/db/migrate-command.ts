import { loadConfig } from '../config.ts';
import { createDatabase } from './database.ts';
import { migrateToLatest } from './migrate.ts';

// `npm run db:migrate`: brings the configured database up to date and reports what it did.
const config = await loadConfig();

try {
  const database = await createDatabase(config.databaseUrl);
  try {
    const applied = await migrateToLatest(database);
    for (const name of applied) {
      process.stdout.write(`Applied migration ${name}\n`);
    }
    const count = `${applied.length} migration${applied.length === 1 ? '' : 's'} applied`;
    process.stdout.write(`Database is up to date (${database.dialect}, ${count})\n`);
  } finally {
    await database.close();
  }
} catch (error) {
  // Operators need the reason, not a stack trace; keep it to the one line.
  const reason = error instanceof Error ? error.message : String(error);
  console.error(`Database migration failed: ${reason.replace(/\s+/g, ' ')}`);
  process.exitCode = 1;
}
