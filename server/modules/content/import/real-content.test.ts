import { existsSync, readdirSync } from 'node:fs';
import { expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { FIXTURE_SETTINGS } from '../fixtures/fixture-folder.ts';
import { importContent } from './content-import.ts';

// The help content the portal ships with, imported as every installation does on first start.
const CONTENT_DIR = 'content';
const hasArticles =
  existsSync(`${CONTENT_DIR}/articles`) &&
  readdirSync(`${CONTENT_DIR}/articles`, { recursive: true }).some((name) =>
    String(name).endsWith('.md'),
  );

describeEachDialect('the shipped content folder', (database) => {
  it.skipIf(!hasArticles)('is valid, and importing it twice gives the same counts', async () => {
    const first = await importContent(database().db, CONTENT_DIR, FIXTURE_SETTINGS);
    expect(first.issues).toEqual([]);
    const second = await importContent(database().db, CONTENT_DIR, FIXTURE_SETTINGS);

    for (const [kind, count] of Object.entries(second.counts)) {
      const before = first.counts[kind as keyof typeof first.counts];
      expect({ kind, ...count }).toEqual({
        kind,
        created: 0,
        updated: 0,
        unchanged: before.created + before.updated + before.unchanged,
        removed: 0,
        kept: 0,
      });
    }
    expect(first.counts.articles.created).toBeGreaterThan(0);
  });
});
