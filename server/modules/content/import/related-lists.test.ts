import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The help content the portal ships with: an article's closing "Related" list names other
// articles, and a reader follows them, so each entry is a link to an article that exists.
const ARTICLES = 'content/articles';

function articleFiles(): string[] {
  return readdirSync(ARTICLES, { recursive: true })
    .map(String)
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(ARTICLES, name));
}

function relatedEntries(markdown: string): string[] {
  const list = /^## Related\n\n((?:- .*\n?)+)/m.exec(markdown)?.[1] ?? '';
  return list
    .split('\n')
    .filter((line) => line.startsWith('- '))
    .map((line) => line.slice(2).trim());
}

describe('the shipped articles’ Related lists', () => {
  const files = articleFiles();
  const urlNames = new Set(
    files.map((file) => /^urlName:\s*(\S+)/m.exec(readFileSync(file, 'utf8'))?.[1]),
  );

  it('link every entry to an article of the folder', () => {
    const unlinked: string[] = [];
    let entries = 0;
    for (const file of files) {
      for (const entry of relatedEntries(readFileSync(file, 'utf8'))) {
        entries += 1;
        const link = /^\[[^\]]+\]\(\/s\/article\/([a-z0-9-]+)\)$/.exec(entry);
        if (!link || !urlNames.has(link[1])) unlinked.push(`${file}: ${entry}`);
      }
    }
    expect(unlinked).toEqual([]);
    expect(entries).toBeGreaterThan(100);
  });
});
