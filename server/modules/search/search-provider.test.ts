import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RANKED_CANDIDATES } from '~core/search';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { articleDocument, engineRequest } from '~tests/support/search-documents.ts';
import {
  deleteSearchDocument,
  findSearchDocument,
  upsertSearchDocument,
  upsertSearchDocuments,
} from './search-documents.repository.ts';
import type { EngineQuery, EngineResult } from './search-engine.ts';
import { createSearchProvider } from './search-provider.ts';
import { addSynonym } from './search-synonyms.service.ts';

const DOCUMENTS = [
  articleDocument('repeating-invoices', {
    title: 'Make an invoice repeat',
    body_text: 'Set an invoice to repeat every month so it is sent automatically.',
    sfaudiencec: '["Small business"]',
  }),
  articleDocument('send-invoice', {
    title: 'Send an invoice',
    body_text: 'Email an invoice to your customer from the invoice screen.',
    sfaudiencec: '["Small business","Accountant"]',
  }),
  articleDocument('release-notes', {
    title: 'Release notes',
    body_text:
      'Monthly changes. Invoices now show the month. Repeat bills fixed. Automatic backups. ' +
      'Every report is faster. Customers can pay online. Months are shown in full.',
    sfaudiencec: '["Accountant"]',
  }),
  articleDocument('vat-returns', {
    title: 'File a VAT return',
    body_text: 'Prepare the VAT return for the quarter and submit it.',
    region: 'UK',
  }),
  articleDocument('gst-returns', {
    title: 'Lodge a GST return',
    body_text: 'Prepare the GST return (the BAS) for the quarter and lodge it.',
    region: 'AU',
  }),
  articleDocument('pay-run', {
    title: 'Process a pay run',
    body_text: 'Pay your employees on their pay day.',
    region: 'AU',
  }),
  articleDocument('trial-balance', {
    title: 'Trial balance',
    body_text: 'The trial balance lists every account balance.',
  }),
  articleDocument('trial-balance-filters', {
    title: 'Trial balance: filters',
    body_text: 'Filter the trial balance by date.',
  }),
  articleDocument('unanswered-question', {
    title: 'Bank feed stopped',
    body_text: 'My bank feed stopped updating yesterday.',
    common_contenttype: 'Discussion',
    objecttype: 'FeedItem',
    sfcommentcount: 0,
  }),
  articleDocument('answered-question', {
    title: 'Bank feed stopped',
    body_text: 'My bank feed stopped updating yesterday.',
    common_contenttype: 'Discussion',
    objecttype: 'FeedItem',
    sfcommentcount: 2,
    sfbestcommentid: 'comment-1',
  }),
];

const ids = (result: EngineResult) => result.hits.map((hit) => hit.document.unique_id);

describeEachDialect('search provider of the database', (database) => {
  const provider = () => createSearchProvider(database());
  const search = (text: string, extra: Partial<EngineQuery> = {}) =>
    provider().search(engineRequest(text, extra));

  beforeAll(async () => {
    for (const document of DOCUMENTS) await upsertSearchDocument(database().db, document);
  });

  describe('words', () => {
    it('finds pages matching only some words of a question, all-words pages first', async () => {
      const found = ids(await search('how do I make an invoice repeat automatically every month'));
      expect(found[0]).toBe('repeating-invoices');
      expect(found).toContain('send-invoice');
    });

    it('never fails on stop words, and searches them when there is nothing else', async () => {
      expect(ids(await search('how do i send the invoice'))[0]).toBe('send-invoice');
      // PostgreSQL's stemmed vectors leave stop words out: it looks for them in the titles.
      expect(ids(await search('a'))).toEqual(expect.arrayContaining(['vat-returns', 'pay-run']));
      await expect(search('how to')).resolves.toBeDefined();
    });

    it('keeps a long page repeating the words below the page about them', async () => {
      const found = ids(await search('repeat invoice every month'));
      expect(found.indexOf('repeating-invoices')).toBeLessThan(found.indexOf('release-notes'));
    });

    it('ranks the page whose title is just the query above pages whose titles add to it', async () => {
      expect(ids(await search('trial balance')).slice(0, 2)).toEqual([
        'trial-balance',
        'trial-balance-filters',
      ]);
    });

    it('matches the last word, while typed, as the beginning of longer words', async () => {
      expect(ids(await search('bal'))[0]).toBe('trial-balance');
      expect(ids(await search('bal '))).toEqual([]);
    });
  });

  describe('synonyms', () => {
    it('finds VAT pages for GST and GST pages for sales tax', async () => {
      expect(ids(await search('gst return'))).toEqual(
        expect.arrayContaining(['gst-returns', 'vat-returns']),
      );
      expect(ids(await search('sales tax return'))).toEqual(
        expect.arrayContaining(['gst-returns', 'vat-returns']),
      );
    });

    it('puts the visitor’s region first and other regions last where content is regional', async () => {
      expect(ids(await search('gst return', { region: 'UK' }))[0]).toBe('vat-returns');
      expect(ids(await search('gst return', { region: 'AU' }))[0]).toBe('gst-returns');
    });

    it('applies a regional synonym only for visitors of that region', async () => {
      expect(ids(await search('payroll', { region: 'AU' }))).toEqual(['pay-run']);
      expect(ids(await search('payroll', { region: 'US' }))).toEqual([]);
    });

    it('applies a synonym staff stored from the next search of the same provider', async () => {
      const shared = provider();
      const zorbix = () => shared.search(engineRequest('zorbix'));
      expect(ids(await zorbix())).toEqual([]);
      const added = await addSynonym(database().db, 'zorbix, trial balance', {
        userId: 'staff',
        at: new Date(),
      });
      expect(added).toEqual({ ok: true, terms: ['zorbix', 'trial balance'], added: true });
      expect(ids(await zorbix())).toContain('trial-balance');
      await database().db.deleteFrom('search_synonym').execute();
    });
  });

  describe('a synonym list of its own', () => {
    const listed = () =>
      createSearchProvider(database(), {
        searchSynonyms: [{ terms: ['zorbix', 'pay run'], regions: ['AU'] }],
      });

    it('applies its rules, for the regions they name', async () => {
      expect(ids(await listed().search(engineRequest('zorbix', { region: 'AU' })))).toEqual([
        'pay-run',
      ]);
      expect(ids(await listed().search(engineRequest('zorbix', { region: 'UK' })))).toEqual([]);
    });

    it('replaces the built-in rules', async () => {
      expect(ids(await search('sales tax'))).toEqual(
        expect.arrayContaining(['gst-returns', 'vat-returns']),
      );
      expect(ids(await listed().search(engineRequest('sales tax')))).toEqual([]);
    });
  });

  describe('misspellings', () => {
    it('searches the corrected words and says so', async () => {
      const result = await search('recieve invocie');
      expect(result.correction).toBe('recieve invoice');
      expect(ids(result)).toContain('send-invoice');
    });

    it('does not correct a last word that begins words of the index', async () => {
      const result = await search('trial balan');
      expect(result.correction).toBeUndefined();
      expect(ids(result)[0]).toBe('trial-balance');
    });
  });

  describe('signals', () => {
    it('ranks a discussion with a best answer above the same one unanswered', async () => {
      expect(ids(await search('bank feed stopped'))).toEqual([
        'answered-question',
        'unanswered-question',
      ]);
    });
  });

  describe('facets and paging', () => {
    it('counts facets over the same pages the list pages through', async () => {
      const result = await search('invoice', { facets: ['sfaudiencec'] });
      const audiences = result.facets[0]!.values;
      expect(audiences).toEqual([
        { value: 'Accountant', count: 2 },
        { value: 'Small business', count: 2 },
      ]);
      const filtered = await search('invoice', {
        filters: [{ field: 'sfaudiencec', values: ['Accountant'] }],
        facets: ['sfaudiencec'],
      });
      expect(filtered.total).toBe(2);
      expect(ids(filtered).sort()).toEqual(['release-notes', 'send-invoice']);
      // Its own filter does not narrow a facet's counts.
      expect(filtered.facets[0]!.values).toEqual(audiences);
    });

    it('pages without repeating or skipping a result', async () => {
      const all = ids(await search('invoice bank return', { limit: 100 }));
      const paged: string[] = [];
      for (let offset = 0; offset < all.length; offset += 2) {
        paged.push(...ids(await search('invoice bank return', { offset, limit: 2 })));
      }
      expect(paged).toEqual(all);
    });
  });

  describe('candidates', () => {
    // More pages match than are ranked: the results are the best RANKED_CANDIDATES of them.
    const many = Array.from({ length: RANKED_CANDIDATES + 40 }, (_, index) =>
      articleDocument(`ledger-${index}`, {
        title: index === 7 ? 'Ledger export' : `Note ${index}`,
        body_text: `A ledger note ${'with filler words '.repeat(index % 9)}number ${index}.`,
        sfaudiencec: index % 3 === 0 ? '["Accountant"]' : '["Small business"]',
      }),
    );

    beforeAll(async () => {
      for (const document of many) await upsertSearchDocument(database().db, document);
    });

    afterAll(async () => {
      for (const document of many) await deleteSearchDocument(database().db, document.unique_id);
    });

    it('ranks the best pages among more matches than it ranks, title matches first', async () => {
      const result = await search('ledger export', { limit: 5 });
      expect(result.total).toBe(RANKED_CANDIDATES);
      expect(ids(result)[0]).toBe('ledger-7');
    });

    it('counts facets over the ranked pages, as many as choosing a value shows', async () => {
      const result = await search('ledger', { facets: ['sfaudiencec'], limit: 0 });
      const counts = result.facets[0]!.values;
      expect(counts.reduce((sum, { count }) => sum + count, 0)).toBe(RANKED_CANDIDATES);
      for (const { value, count } of counts) {
        const chosen = await search('ledger', {
          filters: [{ field: 'sfaudiencec', values: [value] }],
          limit: 0,
        });
        expect(chosen.total).toBe(count);
      }
    });

    it('pages through the ranked pages without repeating or skipping one', async () => {
      const seen = new Set<string>();
      for (let offset = 0; offset < RANKED_CANDIDATES; offset += 100) {
        for (const id of ids(await search('ledger', { offset, limit: 100 }))) seen.add(id);
      }
      expect(seen.size).toBe(RANKED_CANDIDATES);
    });
  });

  describe('hidden pages', () => {
    // More pages the visitor may not see rank above the visible ones than a tier ranks before
    // checking them (postgres-search.repository rankedFirst).
    const hidden = Array.from({ length: 2 * RANKED_CANDIDATES + 50 }, (_, index) =>
      articleDocument(`vault-${index}`, {
        title: `Vault ledger ${index}`,
        body_text: 'The vault ledger.',
        objecttype: 'PartnerResource',
      }),
    );
    const visible = ['a', 'b', 'c'].map((name) =>
      articleDocument(`visible-vault-${name}`, {
        title: `Year-end notes ${name}`,
        body_text: 'Once a year the vault is opened and every paper in it is checked.',
      }),
    );

    beforeAll(async () => {
      await upsertSearchDocuments(database().db, [...hidden, ...visible]);
    });

    afterAll(async () => {
      for (const document of [...hidden, ...visible]) {
        await deleteSearchDocument(database().db, document.unique_id);
      }
    });

    it('finds the visible pages below more hidden ones than it ranks first', async () => {
      const result = await search('vault', {
        notFilters: [{ field: 'objecttype', value: 'PartnerResource' }],
      });
      expect(result.total).toBe(3);
      expect(ids(result).sort()).toEqual(visible.map((page) => page.unique_id));
    });
  });

  describe('safety', () => {
    it('reads the engine’s syntax as typed text', async () => {
      for (const text of ['"', 'NEAR(a b)', '*', 'title:', 'a & b | c !', '"trial', 'OR AND NOT']) {
        await expect(search(text)).resolves.toBeDefined();
      }
      expect(ids(await search('title: trial balance'))[0]).toBe('trial-balance');
      // The longest query the API takes, of the shortest words: many more groups than ranked.
      const longest = Array.from({ length: 166 }, (_, index) => `w${index}`).join(' ');
      await expect(search(`${longest} trial`)).resolves.toBeDefined();
    });
  });

  describe('writes', () => {
    it('finds a new page at the next search and forgets a removed one, without a rebuild', async () => {
      const searching = provider();
      expect(ids(await searching.search(engineRequest('reconcile')))).toEqual([]);
      await searching.saveDocuments(database().db, [
        articleDocument('reconcile', { title: 'Reconcile an account' }),
      ]);
      expect(ids(await searching.search(engineRequest('reconcile')))).toEqual(['reconcile']);
      await deleteSearchDocument(database().db, 'reconcile');
      expect(ids(await searching.search(engineRequest('reconcile')))).toEqual([]);
      expect((await searching.statistics()).documents).toBe(DOCUMENTS.length);
    });

    it('writes a batch: new pages, a replaced one whose unnamed fields stay, the later of two', async () => {
      const searching = provider();
      const db = database().db;
      await searching.saveDocuments(db, [
        articleDocument('batch-a', {
          title: 'Lodge a payroll filing',
          headings: 'Before you lodge',
        }),
      ]);
      // Left out, or given as undefined: either way the stored headings stay.
      const withoutHeadings = articleDocument('batch-a', {
        title: 'Lodge a single touch payroll filing',
        headings: undefined,
      });
      const many = Array.from({ length: 1_200 }, (_, index) =>
        articleDocument(`batch-${index}`, { title: `Lodgement note ${index}` }),
      );
      await searching.saveDocuments(db, [
        withoutHeadings,
        ...many,
        articleDocument('batch-7', { title: 'Lodgement checklist, first draft' }),
        articleDocument('batch-7', { title: 'Lodgement checklist' }),
      ]);
      const replaced = await findSearchDocument(db, 'batch-a');
      expect(replaced?.title).toBe('Lodge a single touch payroll filing');
      expect(replaced?.headings).toBe('Before you lodge');
      expect((await findSearchDocument(db, 'batch-7'))?.title).toBe('Lodgement checklist');
      expect((await findSearchDocument(db, 'batch-1199'))?.title).toBe('Lodgement note 1199');
      expect(ids(await searching.search(engineRequest('single touch')))).toEqual(['batch-a']);
      await searching.removeDocuments(db, ['batch-a', ...many.map((page) => page.unique_id)]);
      expect((await searching.statistics()).documents).toBe(DOCUMENTS.length);
    });
  });
});
