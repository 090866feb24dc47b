import { beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { articleDocument } from '~tests/support/search-documents.ts';
import { upsertSearchDocuments } from './search-documents.repository.ts';
import { createSearchProvider } from './search-provider.ts';
import { SUGGESTED_HELP_COUNT, suggestedHelp } from './suggested-help.ts';

describeEachDialect('suggested help on the way to people', (database) => {
  const provider = () => createSearchProvider(database());
  const ids = (results: { uniqueId: string }[]) => results.map((result) => result.uniqueId).sort();

  beforeAll(async () => {
    await upsertSearchDocuments(database().db, [
      articleDocument('stock-count', {
        title: 'Count your stock',
        body_text: 'Count stock at the end of the year.',
      }),
      articleDocument('stock-count-template', {
        title: 'Stock count template',
        body_text: 'A stock count template for your clients.',
        objecttype: 'PartnerResource',
        common_contenttype: 'Partner resource',
      }),
      articleDocument('stock-count-course', {
        title: 'Stock count course',
        body_text: 'Learn to count stock in an online course.',
        common_contenttype: 'Online course',
      }),
      articleDocument('stock-count-plan', {
        title: 'Stock count learning plan',
        body_text: 'A plan of stock count lessons.',
        objecttype: 'LearningPlan',
      }),
      ...Array.from({ length: 8 }, (_, index) =>
        articleDocument(`stock-count-${index}`, {
          title: `Stock count question ${index}`,
          body_text: 'How do I count stock?',
        }),
      ),
    ]);
  });

  it("offers a customer neither the partners' resources nor learning items", async () => {
    const found = await suggestedHelp(provider(), 'stock count', { isPartner: false }, 20);
    expect(ids(found)).toEqual(
      ['stock-count', ...Array.from({ length: 8 }, (_, index) => `stock-count-${index}`)].sort(),
    );
  });

  it("offers a partner the partners' resources too, and still no learning items", async () => {
    const found = await suggestedHelp(provider(), 'stock count', { isPartner: true }, 20);
    expect(ids(found)).toContain('stock-count-template');
    expect(ids(found)).not.toContain('stock-count-course');
    expect(ids(found)).not.toContain('stock-count-plan');
  });

  it('offers the first five as search results with their links, and nothing for no words', async () => {
    const found = await suggestedHelp(provider(), 'stock count', { isPartner: false });
    expect(found).toHaveLength(SUGGESTED_HELP_COUNT);
    expect(found[0]).toMatchObject({ clickUri: expect.stringMatching(/^\/s\/article\//) });
    expect(found[0]?.raw).toHaveProperty('objecttype', 'Knowledge__kav');
    expect(await suggestedHelp(provider(), '   ', { isPartner: false })).toEqual([]);
  });
});
