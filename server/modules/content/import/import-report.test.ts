import { describe, expect, it } from 'vitest';
import type { ImportReport } from './content-import.ts';
import { formatImportReport } from './import-report.ts';

function counts(overrides: Partial<ImportReport['counts']> = {}): ImportReport['counts'] {
  const none = { created: 0, updated: 0, unchanged: 0, removed: 0, kept: 0 };
  return {
    media: none,
    topics: none,
    articles: none,
    guides: none,
    glossary: none,
    apps: none,
    pages: none,
    ...overrides,
  };
}

describe('import report', () => {
  it('names every problem with its file and field, then says nothing was imported', () => {
    const lines = formatImportReport({
      ok: false,
      dryRun: false,
      counts: counts(),
      issues: [
        { path: 'content/articles/a.md', field: 'summary', reason: 'must be text' },
        {
          path: 'content/articles/a.md',
          field: 'topics.0',
          reason: '"x" is not a topic slug of topics.yaml',
        },
        { path: 'content/guides/g.md', field: '(front matter)', reason: 'is not valid YAML: bad' },
      ],
    });
    expect(lines).toEqual([
      'content/articles/a.md: summary must be text',
      'content/articles/a.md: topics.0 "x" is not a topic slug of topics.yaml',
      'content/guides/g.md: (front matter) is not valid YAML: bad',
      '3 problems in 2 files: nothing was imported.',
    ]);
  });

  it('sums up each kind of item', () => {
    const lines = formatImportReport({
      ok: true,
      dryRun: false,
      issues: [],
      counts: counts({
        articles: { created: 2, updated: 1, unchanged: 7, removed: 0, kept: 1 },
        guides: { created: 0, updated: 0, unchanged: 3, removed: 2, kept: 0 },
      }),
    });
    expect(lines).toContain(
      'articles: 2 created, 1 updated, 7 unchanged, 1 not in the folder (kept; --prune removes them)',
    );
    expect(lines).toContain('guides: 0 created, 0 updated, 3 unchanged, 2 removed');
    expect(lines).toContain('media files: 0 created, 0 updated, 0 unchanged');
    expect(lines.at(-1)).toBe('Content imported.');
  });

  it('says a dry run wrote nothing', () => {
    const lines = formatImportReport({ ok: true, dryRun: true, issues: [], counts: counts() });
    expect(lines.at(-1)).toBe('Dry run: the content is valid; nothing was written.');
  });
});
