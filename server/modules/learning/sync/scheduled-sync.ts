import type { Kysely } from 'kysely';
import type { Database } from '~server/db/schema.ts';
import { syncCatalogue, type LearningSettings } from '../learning.service.ts';
import { loadCatalogue } from './catalogue-source.ts';
import { formatSyncReport } from './sync-report.ts';

/**
 * One run of the periodic catalogue sync (LEARNING_SYNC_URL): a catalogue with problems applies
 * nothing and fails the run, so the job list shows why and the job is tried again.
 */
export async function syncCatalogueFrom(
  db: Kysely<Database>,
  source: string,
  settings: LearningSettings,
): Promise<string> {
  const report = await syncCatalogue(db, await loadCatalogue(source), settings);
  const lines = formatSyncReport(report);
  if (!report.ok) throw new Error(lines.join(' '));
  return lines.join(' ');
}
