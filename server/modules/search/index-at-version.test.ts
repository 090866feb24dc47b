import { beforeEach, expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { articleDocument, engineRequest } from '~tests/support/search-documents.ts';
import { createSearchProvider } from './search-provider.ts';

// Two providers on one database stand for two web processes: what one keeps, the other's
// writes must leave behind.
describeEachDialect('search: what a provider keeps until the next write', (database) => {
  beforeEach(async () => {
    await createSearchProvider(database()).removeDocuments(database().db, [
      'statement-lines',
      'reconcile-account',
    ]);
  });

  it('marks a page as it reads after another process edits it', async () => {
    const reading = createSearchProvider(database());
    const writing = createSearchProvider(database());
    await writing.saveDocuments(database().db, [
      articleDocument('statement-lines', {
        title: 'Statement lines',
        body_text: 'Match the bank statement lines one by one.',
      }),
    ]);
    const before = await reading.search(engineRequest('statement'));
    expect(before.hits[0]?.excerpt).toContain('Match the bank statement lines');
    // The same search again is answered from what the provider kept.
    expect((await reading.search(engineRequest('statement'))).hits[0]?.excerpt).toBe(
      before.hits[0]?.excerpt,
    );

    await writing.saveDocuments(database().db, [
      articleDocument('statement-lines', {
        title: 'Statement lines, matched',
        body_text: 'Each statement line is matched to a payment.',
      }),
    ]);
    const [after] = (await reading.search(engineRequest('statement'))).hits;
    expect(after?.excerpt).toContain('Each statement line is matched');
    expect(after?.excerptHighlights.length).toBeGreaterThan(0);
    expect(after?.titleHighlights).toEqual([{ offset: 0, length: 'Statement'.length }]);
  });

  it('corrects to a word another process has just written', async () => {
    const reading = createSearchProvider(database());
    const writing = createSearchProvider(database());
    expect((await reading.search(engineRequest('recnocile '))).correction).toBeUndefined();
    await writing.saveDocuments(database().db, [
      articleDocument('reconcile-account', {
        title: 'Reconcile an account',
        body_text: 'Reconcile each account every month.',
      }),
    ]);
    const corrected = await reading.search(engineRequest('recnocile '));
    expect(corrected.correction).toBe('reconcile');
    expect(corrected.hits.map((hit) => hit.document.unique_id)).toEqual(['reconcile-account']);
  });
});
