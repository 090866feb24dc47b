import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { PortalConfig } from '~server/config.ts';
import type { Database } from '~server/db/schema.ts';
import type { FirstStartLog } from '~server/modules/content';
import { hasLearningCatalogue, syncCatalogue } from './learning.service.ts';
import { loadCatalogue } from './sync/catalogue-source.ts';
import { formatSyncReport } from './sync/sync-report.ts';

/** The demo catalogue's place in the content folder. */
export function demoCataloguePath(contentDir: string): string {
  return join(contentDir, 'learning', 'catalogue.json');
}

/**
 * Like the help content, an installation with no learning catalogue yet starts with the one in
 * its content folder. A catalogue that does not validate is logged and skipped.
 */
export async function importLearningOnFirstStart(
  db: Kysely<Database>,
  config: Pick<PortalConfig, 'contentDir' | 'learningBaseUrl'>,
  log: FirstStartLog,
): Promise<void> {
  if (await hasLearningCatalogue(db)) return;
  const path = demoCataloguePath(config.contentDir);
  if (!existsSync(path)) return;
  let report;
  try {
    report = await syncCatalogue(db, await loadCatalogue(path), config);
  } catch (error) {
    // Another process starting on the same database imported it first.
    if (await hasLearningCatalogue(db)) return;
    throw error;
  }
  const lines = formatSyncReport(report);
  if (report.ok) log.info(`Imported the learning catalogue ${path}: ${lines.join(' ')}`);
  else for (const line of lines) log.error(`${path}: ${line}`);
}
