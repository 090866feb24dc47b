import { beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { articleDocument, engineRequest } from '~tests/support/search-documents.ts';
import { createSearchProvider } from './search-provider.ts';

// Candidates come in tiers (every word in the title, every word, any word); a page's coverage
// of the words must be its own, whichever tier brought it.
describeEachDialect('search: coverage of the words across candidate tiers', (database) => {
  beforeAll(async () => {
    await createSearchProvider(database()).saveDocuments(database().db, [
      articleDocument('coverage-one-word', {
        title: 'Invoice layouts',
        body_text: 'Invoice numbers, invoice dates and invoice totals on every invoice. '.repeat(8),
      }),
      articleDocument('coverage-every-word', {
        title: 'Billing settings',
        body_text:
          'Set a sales invoice to repeat on a schedule. ' +
          'Choose the customer, the account, the tax rate and the due date. '.repeat(6),
      }),
      articleDocument('coverage-title', {
        title: 'Repeat an invoice',
        body_text: 'Choose how often.',
      }),
      // Pages with neither word, so both words tell (bm25 weighs a word in most pages at nil).
      ...Array.from({ length: 20 }, (_, index) =>
        articleDocument(`coverage-other-${index}`, {
          title: `Bank feed ${index}`,
          body_text: 'Connect a bank account and import its statement lines.',
        }),
      ),
    ]);
  });

  it('ranks pages with every word above a page with one word many times', async () => {
    const { hits } = await createSearchProvider(database()).search(engineRequest('invoice repeat'));
    expect(hits.map((hit) => hit.document.unique_id)).toEqual([
      'coverage-title',
      'coverage-every-word',
      'coverage-one-word',
    ]);
  });
});
