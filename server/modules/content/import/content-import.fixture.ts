import type { Kysely } from 'kysely';
import type { Database } from '~server/db/schema.ts';
import { FIXTURE_SETTINGS } from '../fixtures/fixture-folder.ts';
import { importContent } from './content-import.ts';

/* What the content import's tests share: two import times, and a way to start from nothing. */

export const FIRST = new Date('2026-09-01T10:00:00.000Z');
export const LATER = new Date('2026-09-02T10:00:00.000Z');

export const CONTENT_TABLES = [
  'kb_article_feedback',
  'kb_guide_article',
  'kb_guide_section',
  'kb_guide_topic',
  'kb_article_topic',
  'kb_landing_page',
  'kb_marketplace_app',
  'kb_glossary_entry',
  'kb_guide',
  'kb_article',
  'kb_topic',
  'kb_media',
  'kb_catalogue_label',
  'search_document',
] as const;

export async function clearContent(db: Kysely<Database>): Promise<void> {
  for (const table of CONTENT_TABLES) await db.deleteFrom(table).execute();
}

export function importFolder(
  db: Kysely<Database>,
  dir: string,
  options: Partial<Parameters<typeof importContent>[2]> = {},
) {
  return importContent(db, dir, { ...FIXTURE_SETTINGS, now: FIRST, ...options });
}
