import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import type { PortalDatabase } from '~server/db/database.ts';
import { BASIC_FIXTURE, FIXTURE_SETTINGS } from '../fixtures/fixture-folder.ts';
import { importContentOnFirstStart } from './first-start.ts';

async function clearContent(db: PortalDatabase['db']): Promise<void> {
  for (const table of [
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
  ] as const) {
    await db.deleteFrom(table).execute();
  }
}

function recorder() {
  const lines: string[] = [];
  return {
    lines,
    log: {
      info: (line: string) => lines.push(`info ${line}`),
      error: (line: string) => lines.push(`error ${line}`),
    },
  };
}

describeEachDialect('first-start content import', (database) => {
  it('says so when there is no content folder, and imports nothing', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'no-content-'));
    const { lines, log } = recorder();
    const contentDir = join(empty, 'content');
    await importContentOnFirstStart(database().db, { ...FIXTURE_SETTINGS, contentDir }, log);
    await rm(empty, { recursive: true, force: true });
    expect(lines).toEqual([
      `info No help content imported: there is no content folder at ${contentDir}`,
    ]);
  });

  it('imports the content folder into an empty database and logs the summary', async () => {
    const { lines, log } = recorder();
    await importContentOnFirstStart(
      database().db,
      { ...FIXTURE_SETTINGS, contentDir: BASIC_FIXTURE },
      log,
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^info Imported the help content of .*: media files: 2 created.*articles: 3 created/,
    );
  });

  it('imports once when two starts race on an empty database', async () => {
    await clearContent(database().db);
    const first = recorder();
    const second = recorder();
    const settings = { ...FIXTURE_SETTINGS, contentDir: BASIC_FIXTURE };
    await Promise.all([
      importContentOnFirstStart(database().db, settings, first.log),
      importContentOnFirstStart(database().db, settings, second.log),
    ]);
    expect([...first.lines, ...second.lines].every((line) => line.startsWith('info '))).toBe(true);
    const articles = await database().db.selectFrom('kb_article').select('id').execute();
    expect(articles).toHaveLength(3);
  });

  it('leaves a database that has content alone', async () => {
    const { lines, log } = recorder();
    await importContentOnFirstStart(
      database().db,
      { ...FIXTURE_SETTINGS, contentDir: '/nowhere' },
      log,
    );
    expect(lines).toEqual([]);
  });
});
