import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import {
  COURSE_ID,
  DISCUSSION_ID,
  facet,
  LEARNING,
  NEWS_ID,
  openSearchApi,
  uniqueIds,
  WEBINAR_ID,
  type SearchApi,
} from './search-api.fixture.ts';

describeEachDialect('search API over HTTP', (database) => {
  let app: FastifyInstance;
  let ids: Record<string, string>;
  let search: SearchApi['search'];

  beforeAll(async () => {
    ({ app, ids, search } = await openSearchApi(database()));
  });
  afterAll(async () => {
    await app.close();
  });

  describe('support and learning hubs', () => {
    it('finds an article by its exact title first, with the raw fields of spec 3', async () => {
      const answer = await search({ q: 'Reconcile a bank transaction' });
      const first = answer.results[0];
      expect(first?.title).toBe('Reconcile a bank transaction');
      expect(first?.clickUri).toBe('/s/article/reconcile-a-bank-transaction');
      expect(first?.raw).toMatchObject({
        sfurlname: 'reconcile-a-bank-transaction',
        sfkbid: ids['reconcile-a-bank-transaction'],
        sfcoreproductc: ['Ledgerleaf Accounting'],
        sfaudiencec: ['small businesses'],
        objecttype: 'Knowledge',
      });
      expect(typeof first?.raw?.urihash).toBe('string');
      expect(first?.raw).not.toHaveProperty('body_text');
      expect(answer.searchUid).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('answers mphaslisting as text and lists as arrays for apps', async () => {
      const answer = await search({
        q: '',
        facets: { common_contenttype: ['Apps'] },
        numberOfResults: 10,
      });
      expect(answer.results.length).toBeGreaterThan(0);
      for (const result of answer.results) {
        expect(['true', 'false']).toContain(result.raw?.mphaslisting);
        expect(Array.isArray(result.raw?.mpfunctions)).toBe(true);
      }
    });

    it('keeps learning items out of the support hub and only them in the learning hub', async () => {
      const support = await search({ q: 'reconcile', folding: false });
      expect(uniqueIds(support)).not.toContain(COURSE_ID);
      expect(support.totalCount).toBeGreaterThan(0);
      const learning = await search({ searchHub: LEARNING, q: 'reconcile' });
      expect(uniqueIds(learning)).toEqual([COURSE_ID]);
      expect(learning.totalCount).toBe(1);
      const everything = await search({ searchHub: LEARNING, q: '', numberOfResults: 100 });
      expect(uniqueIds(everything).sort()).toEqual([COURSE_ID, WEBINAR_ID].sort());
    });

    it('counts facet values, and a selection narrows the results', async () => {
      const all = await search({ q: '', numberOfResults: 100, folding: false });
      const types = facet(all, 'common_contenttype');
      expect(types?.label).toBe('Content type');
      const total = types?.values.reduce((sum, value) => sum + value.numberOfResults, 0);
      expect(total).toBe(all.totalCount);
      expect(types?.values.map((value) => value.value)).not.toContain('Online course');
      const apps = types?.values.find((value) => value.value === 'Apps');
      expect(apps?.label).toBe('Apps');

      const products = facet(all, 'sfcoreproductc');
      expect(products?.label).toBe('Product');
      const payroll = products?.values.find((value) => value.value === 'Ledgerleaf Payroll');
      expect(payroll?.numberOfResults).toBeGreaterThan(0);
      const narrowed = await search({
        q: '',
        numberOfResults: 100,
        folding: false,
        facets: { sfcoreproductc: ['Ledgerleaf Payroll'] },
      });
      expect(narrowed.totalCount).toBe(payroll?.numberOfResults);
      expect(uniqueIds(narrowed)).toContain(ids['run-a-pay-run']);
      for (const result of narrowed.results) {
        expect(result.raw?.sfcoreproductc).toContain('Ledgerleaf Payroll');
      }
      const selected = facet(narrowed, 'sfcoreproductc')?.values.find(
        (value) => value.value === 'Ledgerleaf Payroll',
      );
      expect(selected?.state).toBe('selected');
      const audience = facet(all, 'sfaudiencec')?.values.find(
        (value) => value.value === 'small businesses',
      );
      expect(audience?.label).toBe('For small businesses');
    });

    it('offers relative date ranges with labels, and a range narrows by date', async () => {
      const all = await search({ q: '', numberOfResults: 100, folding: false });
      const dates = facet(all, 'date');
      expect(dates?.values.map((value) => [value.value, value.label])).toEqual([
        ['past-1-day', 'Past day'],
        ['past-1-week', 'Past week'],
        ['past-1-month', 'Past month'],
        ['past-1-quarter', 'Past quarter'],
        ['past-1-year', 'Past year'],
      ]);
      const week = dates?.values.find((value) => value.value === 'past-1-week');
      const recent = await search({
        q: '',
        dateFacet: 'past-1-week',
        numberOfResults: 100,
        folding: false,
      });
      expect(uniqueIds(recent).sort()).toEqual([NEWS_ID, DISCUSSION_ID].sort());
      expect(recent.totalCount).toBe(week?.numberOfResults);
      expect(facet(recent, 'date')?.values.find((value) => value.state === 'selected')?.value).toBe(
        'past-1-week',
      );
      const custom = await search({ q: '', dateFacet: 'past-3-days', folding: false });
      expect(facet(custom, 'date')?.values.at(-1)).toMatchObject({
        value: 'past-3-days',
        label: 'Past 3 days',
        state: 'selected',
      });
      const learning = await search({ searchHub: LEARNING, q: '', dateFacet: 'next-1-week' });
      expect(uniqueIds(learning)).toEqual([WEBINAR_ID]);
    });

    it("excludes the current article with aq 'sfurlname NOT {urlName}'", async () => {
      const before = await search({ q: 'bank feed', folding: false });
      expect(uniqueIds(before)).toContain(ids['connect-a-bank-feed']);
      const after = await search({
        q: 'bank feed',
        folding: false,
        aq: 'sfurlname NOT connect-a-bank-feed',
      });
      expect(uniqueIds(after)).not.toContain(ids['connect-a-bank-feed']);
      expect(after.totalCount).toBe(before.totalCount - 1);
      const only = await search({
        q: '',
        folding: false,
        aq: 'common_contenttype==Apps',
        numberOfResults: 100,
      });
      expect(only.results.every((result) => result.raw?.common_contenttype === 'Apps')).toBe(true);
    });

    it('pages through the results with firstResult and numberOfResults', async () => {
      const all = await search({
        q: '',
        numberOfResults: 100,
        folding: false,
        sortCriteria: 'date descending',
      });
      expect(all.totalCount).toBe(all.results.length);
      const first = await search({
        q: '',
        numberOfResults: 3,
        folding: false,
        sortCriteria: 'date descending',
      });
      const second = await search({
        q: '',
        firstResult: 3,
        numberOfResults: 3,
        folding: false,
        sortCriteria: 'date descending',
      });
      expect(first.totalCount).toBe(all.totalCount);
      expect(second.totalCount).toBe(all.totalCount);
      expect([...uniqueIds(first), ...uniqueIds(second)]).toEqual(uniqueIds(all).slice(0, 6));
      const defaults = await search({ q: '', folding: false });
      expect(defaults.results).toHaveLength(Math.min(10, all.totalCount));
    });

    it("folds a guide's articles ranked below the guide under it, and keeps better ones on top", async () => {
      const flat = await search({ q: 'bank', folding: false, numberOfResults: 100 });
      const guideId = ids['Set up banking'] ?? '';
      const order = uniqueIds(flat);
      const guideArticles = [
        ids['reconcile-a-bank-transaction'] ?? '',
        ids['connect-a-bank-feed'] ?? '',
      ];
      expect(order).toEqual(expect.arrayContaining([guideId, ...guideArticles]));
      const below = guideArticles
        .filter((id) => order.indexOf(id) > order.indexOf(guideId))
        .sort((a, b) => order.indexOf(a) - order.indexOf(b));
      const above = guideArticles.filter((id) => order.indexOf(id) < order.indexOf(guideId));
      expect(below.length).toBeGreaterThan(0);
      const folded = await search({ q: 'bank', numberOfResults: 100 });
      const guide = folded.results.find((result) => result.uniqueId === guideId);
      const children = (guide?.childResults ?? []).map((child) => child.uniqueId);
      expect(children).toEqual(below);
      expect(guide?.totalNumberOfChildResults).toBe(children.length);
      for (const id of below) expect(uniqueIds(folded)).not.toContain(id);
      for (const id of above) expect(uniqueIds(folded)).toContain(id);
      expect(uniqueIds(folded).length + children.length).toBe(flat.results.length);
    });
  });
});
