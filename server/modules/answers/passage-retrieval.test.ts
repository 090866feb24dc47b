import { beforeAll, expect, it } from 'vitest';
import { testConfig } from '~tests/support/config.ts';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { importContent } from '~server/modules/content';
import { DEFAULT_PASSAGE_SOURCES } from './passage-sources.ts';
import { createPassageRetriever, type PassageRetriever } from './passage-retrieval.ts';

const config = testConfig();
const RESET = ['reset', 'password'];

describeEachDialect('passages drawn from the documents the search lists', (database) => {
  let retriever: PassageRetriever;
  let byName: Map<string, string>;

  beforeAll(async () => {
    const report = await importContent(database().db, 'content', config);
    expect(report.ok).toBe(true);
    retriever = createPassageRetriever(database().db, DEFAULT_PASSAGE_SOURCES);
    const rows = await database()
      .db.selectFrom('search_document')
      .select(['unique_id', 'sfurlname'])
      .where('sfurlname', 'is not', null)
      .execute();
    byName = new Map(rows.map((row) => [row.sfurlname!, row.unique_id]));
  }, 120_000);

  const retrieve = (terms: string[], searchedDocuments: Set<string>) =>
    retriever.retrieve({
      terms,
      mode: 'support',
      definitionQuestion: false,
      limit: 12,
      searchedDocuments,
    });

  it('ranks the best passages of every listed document', async () => {
    const everything = new Set(byName.values());
    const { ranked } = await retrieve(RESET, everything);
    expect(ranked[0]?.passage.name).toBe('reset-your-password');
  });

  it('leaves out a better passage whose document the search did not list', async () => {
    const others = new Set(
      [...byName.entries()].filter(([name]) => name !== 'reset-your-password').map(([, id]) => id),
    );
    const { ranked } = await retrieve(RESET, others);
    expect(ranked.length).toBeGreaterThan(0);
    expect(ranked.map((entry) => entry.passage.name)).not.toContain('reset-your-password');
    for (const entry of ranked) expect(others.has(entry.passage.document.unique_id)).toBe(true);
  });

  it('finds nothing when the search lists nothing', async () => {
    const { ranked } = await retrieve(RESET, new Set());
    expect(ranked).toEqual([]);
  });
});
