import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { routerEntries, ROUTE_TABLE } from '~core/routes';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { openKnowledgePages } from './knowledge-pages.fixture.ts';

/* Every page a guest can open has a meta description (issue: the search page had none). */

function descriptionOf(html: string): string | undefined {
  return /<meta name="description" content="([^"]*)"/.exec(html)?.[1];
}

describeEachDialect('page descriptions', (database) => {
  let app: FastifyInstance;
  let release: () => Promise<void>;
  let articleUrl: string;

  beforeAll(async () => {
    ({ app, release } = await openKnowledgePages(database()));
    articleUrl = '/s/article/connect-a-bank-feed';
  });
  afterAll(async () => {
    await app?.close();
    await release?.();
  });

  it('gives every page a guest can open a description of its own words, the search pages included', async () => {
    const paths = [
      ...routerEntries(ROUTE_TABLE)
        .map((entry) => entry.pattern)
        .filter((pattern) => !pattern.includes(':') && !pattern.includes('*')),
      articleUrl,
    ];
    const described: string[] = [];
    for (const path of paths) {
      const response = await app.inject({ method: 'GET', url: path });
      if (response.statusCode !== 200) continue;
      const description = descriptionOf(response.body);
      expect(description, path).toBeDefined();
      expect(description?.length ?? 0, path).toBeGreaterThan(20);
      described.push(path);
    }
    expect(described).toContain('/0/search');
    expect(described).toContain(articleUrl);
    expect(described.length).toBeGreaterThan(20);
  });

  it('describes the search pages, the legacy global search among them, as searches of the help site and of learning', async () => {
    for (const [path, words] of [
      ['/0/search', /^Search .*help articles/],
      // The legacy global search is the same page.
      ['/s/global-search', /^Search .*help articles/],
      ['/0/learning-search', /^Search .*learning/],
    ] as const) {
      const response = await app.inject({ method: 'GET', url: path });
      expect(response.statusCode, path).toBe(200);
      expect(descriptionOf(response.body), path).toMatch(words);
    }
  });
});
