import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { ftsAnyGroup, parseSearchQuery, relevancePlan } from '~core/search';
import { describeSqlite } from '~tests/support/dialects.ts';
import { articleDocument } from '~tests/support/search-documents.ts';
import { createSearchProvider } from '../search-provider.ts';
import { fts5Index } from './fts5-provider.ts';

// Every tier ranks by bm25 over the same phrases, so a page's relevance is the same whichever
// tier brought it: the title tier matches all the groups, not any, and must not change it.
describeSqlite('search on FTS5: the relevance of each candidate tier', (database) => {
  beforeAll(async () => {
    await createSearchProvider(database()).saveDocuments(database().db, [
      articleDocument('tiers-title', {
        title: 'Repeat an invoice',
        body_text: 'Invoices repeat on a schedule you choose. Repeat them monthly.',
      }),
      articleDocument('tiers-title-long', {
        title: 'Invoice repeat settings',
        body_text: 'Choose the customer, the account and the tax rate. '.repeat(12),
      }),
      articleDocument('tiers-text', {
        title: 'Billing',
        body_text: 'Set a sales invoice to repeat every month.',
      }),
      articleDocument('tiers-one-word', {
        title: 'Invoice layouts',
        body_text: 'Invoice numbers and invoice dates.',
      }),
      ...Array.from({ length: 12 }, (_, index) =>
        articleDocument(`tiers-other-${index}`, {
          title: `Bank feed ${index}`,
          body_text: 'Connect a bank account and import its statement lines.',
        }),
      ),
    ]);
  });

  async function rankedWithRelevance(text: string) {
    const plan = relevancePlan(parseSearchQuery(text));
    const candidates = await fts5Index(database().db).rankCandidates(
      { scope: {}, notFilters: [] },
      { plan, weights: plan.groups.map(() => 1) },
    );
    const { rows } = await sql<{ rowid: number; unique_id: string; relevance: number }>`
      select d.rowid, d.unique_id, -bm25(search_fts, 10.0, 3.0, 1.0, 5.0) as relevance
      from search_fts join search_document d on d.rowid = search_fts.rowid
      where search_fts match ${ftsAnyGroup(plan)!}`.execute(database().db);
    const any = new Map(rows.map((row) => [row.rowid, row]));
    return candidates.map((candidate) => ({
      uniqueId: any.get(Number(candidate.key))?.unique_id,
      relevance: candidate.relevance,
      expected: any.get(Number(candidate.key))?.relevance,
      titleMask: candidate.titleMask,
    }));
  }

  it('gives every candidate the bm25 of the query with any of its words', async () => {
    const ranked = await rankedWithRelevance('invoice repeat');
    expect(ranked.map((page) => page.uniqueId)).toEqual([
      'tiers-title',
      'tiers-title-long',
      'tiers-text',
      'tiers-one-word',
    ]);
    for (const page of ranked) expect(page.relevance).toBeCloseTo(page.expected!, 9);
  });

  it('takes the pages with every word when no title has them all', async () => {
    const ranked = await rankedWithRelevance('invoice month');
    expect(ranked[0]?.uniqueId).toBe('tiers-text');
    expect(ranked[0]?.titleMask).toBe(0);
    expect(ranked.slice(1).map((page) => page.uniqueId)).toEqual(
      expect.arrayContaining(['tiers-one-word', 'tiers-title', 'tiers-title-long']),
    );
    expect(ranked).toHaveLength(4);
    for (const page of ranked) expect(page.relevance).toBeCloseTo(page.expected!, 9);
  });
});
