import { beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { engineRequest } from '~tests/support/search-documents.ts';
import { upsertSearchDocument } from './search-documents.repository.ts';
import type { EngineQuery } from './search-engine.ts';
import { ENGINE_DOCUMENTS } from './search-engine.fixture.ts';
import { searchProviderFor } from './search-provider.ts';

describeEachDialect('search engine: date ranges counted', (database) => {
  const search = (text: string, extra: Partial<EngineQuery> = {}) =>
    searchProviderFor(database()).search(engineRequest(text, extra));

  beforeAll(async () => {
    for (const document of ENGINE_DOCUMENTS) await upsertSearchDocument(database().db, document);
  });

  it('counts date ranges in the same search, each as if it were the one chosen', async () => {
    const ranges = [
      { field: 'sfcreateddate' as const, from: '2026-02-01', to: '2026-03-31' },
      { field: 'sfcreateddate' as const, from: '2026-04-01' },
      { field: 'sfcreateddate' as const, to: '2025-12-31' },
    ];
    for (const [text, extra] of [
      ['reconciliation', {}],
      ['', { filters: [{ field: 'sfaudiencec' as const, values: ['Accountant'] }] }],
      ['bank', { dateRange: ranges[1] }],
    ] satisfies [string, Partial<EngineQuery>][]) {
      const counted = await search(text, { ...extra, rangeCounts: ranges });
      const each = await Promise.all(
        ranges.map(async (range) => (await search(text, { ...extra, dateRange: range })).total),
      );
      expect(counted.rangeTotals, text).toEqual(each);
    }
    expect((await search('reconciliation', { rangeCounts: ranges })).rangeTotals).toEqual([
      2, 2, 0,
    ]);
    expect((await search('reconciliation')).rangeTotals).toEqual([]);
  });
});
