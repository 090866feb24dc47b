import { beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { articleDocument, engineRequest } from '~tests/support/search-documents.ts';
import { upsertSearchDocument } from './search-documents.repository.ts';
import type { EngineResult } from './search-engine.ts';
import { createSearchProvider } from './search-provider.ts';

const ids = (result: EngineResult) => result.hits.map((hit) => hit.document.unique_id);

describeEachDialect('search provider: headings', (database) => {
  const BODY = 'Back up your data. Keep a copy of the file before you close.';

  beforeAll(async () => {
    await upsertSearchDocument(
      database().db,
      articleDocument('close-year', {
        title: 'Close the year',
        body_text: BODY,
        headings: 'Back up your data',
      }),
    );
    await upsertSearchDocument(
      database().db,
      articleDocument('close-month', { title: 'Close the month', body_text: BODY }),
    );
  });

  it('ranks the page with the words in a heading above one with them in its body only', async () => {
    const found = ids(await createSearchProvider(database()).search(engineRequest('back up data')));
    expect(found).toEqual(['close-year', 'close-month']);
  });

  it('ranks by a heading written later, as the index follows the update', async () => {
    await upsertSearchDocument(
      database().db,
      articleDocument('close-month', {
        title: 'Close the month',
        body_text: BODY,
        headings: 'Back up your data\nKeep a copy of the file',
      }),
    );
    const found = ids(
      await createSearchProvider(database()).search(engineRequest('copy of the file')),
    );
    expect(found[0]).toBe('close-month');
  });
});
