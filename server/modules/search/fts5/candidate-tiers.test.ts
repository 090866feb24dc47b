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

  it('gives every candidate the bm25 of the query with any of its words', async () => {
    const plan = relevancePlan(parseSearchQuery('invoice repeat'));
    const candidates = await fts5Index(database().db).rankCandidates(
      { scope: {}, notFilters: [] },
      { plan, weights: plan.groups.map(() => 1) },
    );
    const { rows } = await sql<{ unique_id: string; relevance: number }>`
      select d.unique_id, -bm25(search_fts, 10.0, 3.0, 1.0, 5.0) as relevance
      from search_fts join search_document d on d.rowid = search_fts.rowid
      where search_fts match ${ftsAnyGroup(plan)!}`.execute(database().db);
    const expected = new Map(rows.map((row) => [row.unique_id, row.relevance]));
    const uniqueIdOf = new Map(
      (
        await sql<{ rowid: number; unique_id: string }>`
          select rowid, unique_id from search_document`.execute(database().db)
      ).rows.map((row) => [row.rowid, row.unique_id]),
    );
    expect(candidates.map((candidate) => uniqueIdOf.get(Number(candidate.key)))).toEqual([
      'tiers-title',
      'tiers-title-long',
      'tiers-text',
      'tiers-one-word',
    ]);
    for (const candidate of candidates) {
      expect(candidate.relevance).toBeCloseTo(
        expected.get(uniqueIdOf.get(Number(candidate.key))!)!,
        9,
      );
    }
  });
});
