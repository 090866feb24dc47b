import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { articleDocument, engineRequest } from '~tests/support/search-documents.ts';
import { deleteSearchDocument, upsertSearchDocument } from './search-documents.repository.ts';
import type { EngineQuery, EngineResult } from './search-engine.ts';
import { ENGINE_DOCUMENTS } from './search-engine.fixture.ts';
import { searchProviderFor } from './search-provider.ts';

const ids = (result: EngineResult) => result.hits.map((hit) => hit.document.unique_id);

describeEachDialect('search engine', (database) => {
  const engine = () => searchProviderFor(database());
  const search = (text: string, extra: Partial<EngineQuery> = {}) =>
    engine().search(engineRequest(text, extra));

  beforeAll(async () => {
    for (const document of ENGINE_DOCUMENTS) await upsertSearchDocument(database().db, document);
  });

  it('matches every form of an English word (stemming)', async () => {
    for (const word of ['reconcile', 'reconciling', 'reconciliation']) {
      const found = ids(await search(word, { scope: { commonContentTypes: ['Article'] } }));
      expect(found.sort(), word).toEqual(
        ['reconcile-bank', 'reconciliation-report', 'undo-reconciliation'].sort(),
      );
    }
  });

  it('ranks the document whose title is the query first', async () => {
    expect(ids(await search('Undo a reconciliation'))[0]).toBe('undo-reconciliation');
    expect(ids(await search('bank reconciliation report'))[0]).toBe('reconciliation-report');
    expect(ids(await search('Cash accounting'))[0]).toBe('cash-accounting');
  });

  it('ranks a title match above a body match', async () => {
    const found = ids(await search('payroll employees'));
    expect(found).toEqual(['pay-employees']);
    const bank = ids(await search('bank'));
    expect(bank.indexOf('pay-employees')).toBe(bank.length - 1);
  });

  it('needs the words of a "phrase" next to each other', async () => {
    expect(ids(await search('"statement line"'))).toEqual(['reconcile-bank']);
    expect(ids(await search('"line statement"'))).toEqual([]);
  });

  it('matches the beginning of a word with prefix*', async () => {
    expect(ids(await search('employ*'))).toEqual(['pay-employees']);
    expect(ids(await search('employ '))).toEqual([]);
  });

  it('leaves out documents with a -negated word or phrase', async () => {
    const found = ids(await search('reconciliation -undo'));
    expect(found).toContain('reconciliation-report');
    expect(found).not.toContain('undo-reconciliation');
    expect(ids(await search('bank -"statement line"'))).not.toContain('reconcile-bank');
    const onlyNegated = ids(await search('-reconciliation'));
    expect(onlyNegated.sort()).toEqual(['cash-accounting', 'pay-employees']);
  });

  it('keeps documents with one of the values of each facet filter', async () => {
    const result = await search('bank', {
      filters: [{ field: 'sfaudiencec', values: ['Accountant', 'Nobody'] }],
    });
    expect(ids(result).sort()).toEqual(['reconciliation-report']);
    const both = await search('', {
      filters: [
        { field: 'sfcoreproductc', values: ['Ledgerleaf Practice'] },
        { field: 'sftopicfirstlevelc', values: ['Banking'] },
      ],
    });
    expect(ids(both).sort()).toEqual(['reconciliation-report', 'undo-reconciliation']);
  });

  it('counts facet values over the results, ignoring the facet’s own filter', async () => {
    const result = await search('reconciliation', {
      scope: { commonContentTypes: ['Article'] },
      filters: [{ field: 'sfaudiencec', values: ['Accountant'] }],
      facets: ['sfaudiencec', 'sfcoreproductc', 'common_contenttype'],
    });
    expect(result.total).toBe(2);
    const facet = (field: string) => result.facets.find((entry) => entry.field === field)?.values;
    expect(facet('sfaudiencec')).toEqual([
      { value: 'Accountant', count: 2 },
      { value: 'Small business', count: 1 },
    ]);
    expect(facet('sfcoreproductc')).toEqual([
      { value: 'Ledgerleaf Practice', count: 2 },
      { value: 'Ledgerleaf Accounting', count: 1 },
    ]);
    expect(facet('common_contenttype')).toEqual([{ value: 'Article', count: 2 }]);
  });

  it('drops documents matching a "field NOT value" clause', async () => {
    const found = ids(
      await search('reconciliation', {
        notFilters: [
          { field: 'sfurlname', value: 'undo-reconciliation' },
          { field: 'sfaudiencec', value: 'Small business' },
        ],
      }),
    );
    expect(found.sort()).toEqual(['learn-reconciling', 'reconciliation-report']);
  });

  it('searches only the scope of the hub', async () => {
    expect(
      ids(await search('reconciliation', { scope: { objecttypes: ['LearningItem'] } })),
    ).toEqual(['learn-reconciling']);
    const mixed = await search('', {
      scope: { objecttypes: ['Glossary'], commonContentTypes: ['Online course'] },
    });
    expect(ids(mixed).sort()).toEqual(['cash-accounting', 'learn-reconciling']);
  });

  it('keeps documents inside a date range', async () => {
    const found = ids(
      await search('', {
        dateRange: { field: 'sfcreateddate', from: '2026-02-01', to: '2026-03-31' },
      }),
    );
    expect(found.sort()).toEqual(['reconcile-bank', 'reconciliation-report']);
  });

  it('sorts by date, newest first, and pages through results', async () => {
    const all = ids(await search('', { sort: 'date' }));
    expect(all).toEqual([
      'learn-reconciling',
      'undo-reconciliation',
      'reconcile-bank',
      'reconciliation-report',
      'pay-employees',
      'cash-accounting',
    ]);
    const page = await search('', { sort: 'date', offset: 2, limit: 2 });
    expect(page.total).toBe(6);
    expect(ids(page)).toEqual(['reconcile-bank', 'reconciliation-report']);
  });

  it('gives a small boost to documents of the visitor’s region', async () => {
    const plain = await search('bank reconciliation', {
      scope: { commonContentTypes: ['Article'] },
    });
    const inUk = await search('bank reconciliation', {
      scope: { commonContentTypes: ['Article'] },
      region: 'UK',
    });
    const score = (result: EngineResult, id: string) =>
      result.hits.find((hit) => hit.document.unique_id === id)!.score;
    expect(score(inUk, 'reconciliation-report')).toBeGreaterThan(
      score(plain, 'reconciliation-report'),
    );
    expect(score(inUk, 'reconcile-bank')).toBeCloseTo(score(plain, 'reconcile-bank'));
  });

  it('marks matched words in titles and excerpts at the right offsets', async () => {
    const result = await search('reconciling statement');
    expect(result.hits.length).toBeGreaterThan(0);
    let marked = 0;
    for (const hit of result.hits) {
      for (const range of hit.titleHighlights) {
        const word = hit.document.title
          .slice(range.offset, range.offset + range.length)
          .toLowerCase();
        expect(word).toMatch(/^(reconcil|statement)/);
        marked += 1;
      }
      for (const range of hit.excerptHighlights) {
        const word = hit.excerpt.slice(range.offset, range.offset + range.length).toLowerCase();
        expect(word).toMatch(/^(reconcil|statement)/);
        marked += 1;
      }
    }
    expect(marked).toBeGreaterThan(2);
    const bank = result.hits.find((hit) => hit.document.unique_id === 'reconcile-bank')!;
    expect(bank.excerpt).toContain('Reconciling keeps your books accurate');
  });

  it('corrects a misspelt word and says what it searched for instead', async () => {
    const result = await search('bank reconsiliation');
    expect(result.correction).toBe('bank reconciliation');
    expect(ids(result)).toContain('reconciliation-report');
    expect(result.total).toBeGreaterThanOrEqual(2);
    const nothingClose = await search('zzzqqxy');
    expect(nothingClose.correction).toBeUndefined();
    expect(nothingClose.total).toBe(0);
  });

  it('still finds reconciliation articles for the misspelling reconcilation', async () => {
    const found = ids(
      await search('reconcilation', { scope: { commonContentTypes: ['Article'] } }),
    );
    expect(found).toContain('reconciliation-report');
    expect(found).toContain('undo-reconciliation');
  });

  it('takes any typed text without failing, query syntax included', async () => {
    for (const text of [
      'title: bank',
      'bank OR payroll NEAR(x)',
      '"unclosed phrase',
      '((( ) ^ * - -- " "" \\ \' ;drop table x',
      'AND NOT',
      '*',
      'ünïcödé café',
      'x'.repeat(500),
    ]) {
      const result = await search(text, { facets: ['sfaudiencec'] });
      expect(result.total, text).toBeGreaterThanOrEqual(0);
      await engine().suggest({ text });
    }
    expect(ids(await search('bank: (statement)')).length).toBeGreaterThan(0);
  });

  it('ranks a new discussion above an old one that matches as well', async () => {
    const db = database().db;
    const discussion = (id: string, created: string) =>
      articleDocument(id, {
        title: 'Overdraft fees question',
        body_text: 'How are overdraft fees recorded?',
        common_contenttype: 'Discussion',
        objecttype: 'FeedItem',
        sfcreateddate: created,
      });
    await upsertSearchDocument(db, discussion('old-discussion', '2020-01-01'));
    await upsertSearchDocument(db, discussion('new-discussion', new Date().toISOString()));
    try {
      expect(ids(await search('overdraft fees'))).toEqual(['new-discussion', 'old-discussion']);
    } finally {
      await deleteSearchDocument(db, 'old-discussion');
      await deleteSearchDocument(db, 'new-discussion');
    }
  });

  it('suggests titles and past successful queries, highlighting what was not typed', async () => {
    for (const [hub, text, resultCount] of [
      ['LL_GlobalSearch', 'reconcile payroll', 3],
      ['LL_GlobalSearch', 'reconcile nothing', 0],
      ['LL_LearningSearch', 'reconcile course', 2],
    ] as const) {
      await engine().recordQuery({ hub, text, resultCount });
    }
    const suggestions = await engine().suggest({ text: 'reco', hub: 'LL_GlobalSearch' });
    expect(suggestions[0]).toEqual({
      rawValue: 'reconcile payroll',
      highlightedValue: 'reco<b>ncile payroll</b>',
    });
    const values = suggestions.map((suggestion) => suggestion.rawValue);
    expect(values).toContain('Reconcile your bank account');
    expect(values).not.toContain('reconcile nothing');
    expect(values).not.toContain('reconcile course');
    expect(suggestions.length).toBeLessThanOrEqual(5);
    const bank = await engine().suggest({ text: 'bank rec', limit: 1 });
    expect(bank).toEqual([
      {
        rawValue: 'Bank reconciliation report',
        highlightedValue: 'Bank rec<b>onciliation report</b>',
      },
    ]);
    const learning = await engine().suggest({
      text: 'cour',
      scope: { objecttypes: ['LearningItem'] },
    });
    expect(learning.map((suggestion) => suggestion.rawValue)).toEqual([
      'Course: reconciling like a pro',
    ]);
    expect(await engine().suggest({ text: '  ' })).toEqual([]);
  });

  it("suggests, before anything is typed, the hub's queries that many searched and found results", async () => {
    const record = async (
      text: string,
      times: number,
      resultCount: number,
      hub = 'LL_GlobalSearch',
    ) => {
      for (let run = 0; run < times; run += 1) {
        await engine().recordQuery({ hub, text, resultCount });
      }
    };
    await record('lodge a bas statement', 4, 2);
    await record('single touch payroll', 3, 5);
    // One visitor's query is never shown to everyone, nor a query that finds nothing.
    await record('invoice 10042 for jane citizen', 2, 1);
    await record('qqzz popular nothing', 5, 0);
    await record('learning only popular', 6, 1, 'LL_LearningSearch');

    const popular = await engine().suggest({ text: '', hub: 'LL_GlobalSearch' });
    expect(popular.map((suggestion) => suggestion.rawValue)).toEqual([
      'lodge a bas statement',
      'single touch payroll',
    ]);
    expect(popular[0]?.highlightedValue).toBe('<b>lodge a bas statement</b>');
    expect(await engine().suggest({ text: ' ', hub: 'LL_GlobalSearch', limit: 1 })).toHaveLength(1);
  });

  describe('as documents change', () => {
    it('finds a new document, follows its edits and forgets it once deleted', async () => {
      const db = database().db;
      // The same engine throughout, so remembered results must follow the changes too.
      expect(engine()).toBe(engine());
      const draft = articleDocument('vat-returns', {
        title: 'File a VAT return',
        body_text: 'Submit quarterly.',
      });
      await upsertSearchDocument(db, draft);
      expect(ids(await search('quarterly'))).toEqual(['vat-returns']);
      expect((await search('quartrly')).correction).toBe('quarterly');
      expect(
        ids(await search('', { filters: [{ field: 'sfaudiencec', values: ['Partner'] }] })),
      ).toEqual([]);
      await upsertSearchDocument(db, {
        ...draft,
        body_text: 'Submit every month.',
        sfaudiencec: '["Partner"]',
      });
      expect(ids(await search('quarterly'))).toEqual([]);
      expect((await search('quartrly')).correction).toBeUndefined();
      expect((await search('mnth')).correction).toBe('month');
      expect(
        ids(await search('', { filters: [{ field: 'sfaudiencec', values: ['Partner'] }] })),
      ).toEqual(['vat-returns']);
      expect(ids(await search('month'))).toEqual(['vat-returns']);
      await deleteSearchDocument(db, 'vat-returns');
      expect(ids(await search('month'))).toEqual([]);
      expect((await search('mnth')).correction).toBeUndefined();
      expect(await engine().suggest({ text: 'File a V' })).toEqual([]);
    });
  });
});

// More matches than the index scores for one search (RANKING_CANDIDATES): the candidates are
// the documents with the words in their title, then the newest (docs/performance.md).
