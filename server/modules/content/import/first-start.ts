import { existsSync } from 'node:fs';
import type { Kysely } from 'kysely';
import type { PortalConfig } from '~server/config.ts';
import type { Database } from '~server/db/schema.ts';
import { hasContent } from '../content.service.ts';
import { importContent } from './content-import.ts';
import { formatImportReport } from './import-report.ts';

export interface FirstStartLog {
  info(line: string): void;
  error(line: string): void;
}

/**
 * Every installation starts with the help content of its content folder: when the database
 * holds no content yet, the folder is imported and the summary logged. A folder that does not
 * validate is logged and skipped, so the portal still starts.
 */
export async function importContentOnFirstStart(
  db: Kysely<Database>,
  config: Pick<PortalConfig, 'contentDir' | 'brand' | 'product' | 'appsHost'>,
  log: FirstStartLog,
): Promise<void> {
  if (await hasContent(db)) return;
  if (!existsSync(config.contentDir)) {
    log.info(`No help content imported: there is no content folder at ${config.contentDir}`);
    return;
  }
  let report;
  try {
    report = await importContent(db, config.contentDir, config);
  } catch (error) {
    // Several processes starting together on one database: one of them imports, and the
    // others find its content once their own attempt has failed.
    if (await hasContent(db)) {
      log.info('The help content was imported by another process starting at the same time');
      return;
    }
    throw error;
  }
  const lines = formatImportReport(report);
  if (report.ok) {
    log.info(`Imported the help content of ${config.contentDir}: ${lines.slice(0, -1).join('; ')}`);
  } else {
    for (const line of lines) log.error(line);
  }
}
