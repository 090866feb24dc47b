import { beforeAll, expect, it } from 'vitest';
import { PARTNER_RESOURCE_OBJECT_TYPE } from '~core/search';
import { contentForSearch } from '~server/modules/content';
import {
  createSearchService,
  searchIndexVersion,
  searchProviderFor,
  type SearchService,
  type SearchVisitor,
} from '~server/modules/search';
import { testConfig } from '~tests/support/config.ts';
import { describeEachDialect } from '~tests/support/dialects.ts';
import {
  addResource,
  editResource,
  indexResourceLibrary,
  resourcesForAdmin,
  retireResource,
} from './index.ts';

/*
 * The partner resource library is found in the site search by partners only: a guest or a
 * signed-in customer gets no result, count, suggestion or past query of it.
 */

const config = testConfig();
const HUB = `${config.prefix}_GlobalSearch`;
const NOW = new Date('2026-11-27T09:00:00Z');
const BY = { adminId: 'a-admin', at: NOW };
const PARTNER: SearchVisitor = { isGuest: false, isPartner: true, statistics: false };
const CUSTOMER: SearchVisitor = { isGuest: false, isPartner: false, statistics: false };
const GUEST: SearchVisitor = { isGuest: true, isPartner: false, statistics: false };

const FORM = {
  title: 'Quorvantly engagement letter template',
  summary: 'An engagement letter to adapt for each new client of the practice.',
  type: 'template',
  product: 'Accounting',
  minTier: 'silver',
  url: '/resource/partners/engagement-letter.docx',
};

describeEachDialect('partner resources in the site search', (database) => {
  let search: SearchService;

  const find = async (q: string, visitor: SearchVisitor) =>
    search.search(
      {
        searchHub: HUB,
        q,
        sortCriteria: 'relevancy',
        firstResult: 0,
        numberOfResults: 10,
        folding: false,
        enableDidYouMean: false,
        facets: {},
      },
      visitor,
    );
  const titles = async (q: string, visitor: SearchVisitor) =>
    (await find(q, visitor)).results.map((result) => result.title);
  const suggested = async (q: string, visitor: SearchVisitor) =>
    (await search.suggest({ searchHub: HUB, q, count: 10 }, visitor)).map((s) => s.rawValue);

  beforeAll(async () => {
    search = createSearchService({
      database: database(),
      engine: searchProviderFor(database()),
      content: contentForSearch,
      site: config,
    });
  });

  it('indexes the library a process starts with, once, and finds it for partners only', async () => {
    const { db } = database();
    await indexResourceLibrary(db);
    const version = await searchIndexVersion(db);
    await indexResourceLibrary(db);
    expect(await searchIndexVersion(db)).toBe(version);

    const partners = await find('co-branded campaign', PARTNER);
    expect(partners.results[0]).toMatchObject({
      title: 'Co-branded campaign kit',
      clickUri: expect.stringMatching(/^\/0\/partners\/resources#resource-/),
    });
    expect(partners.results[0]?.raw).toMatchObject({ objecttype: PARTNER_RESOURCE_OBJECT_TYPE });
    const contentTypes = partners.facets.find((facet) => facet.field === 'common_contenttype');
    expect(contentTypes?.values.map((value) => value.value)).toContain('Partner resource');

    for (const visitor of [GUEST, CUSTOMER]) {
      const answer = await find('co-branded campaign kit', visitor);
      expect(answer.results.map((result) => result.title)).not.toContain('Co-branded campaign kit');
      const types = answer.facets.find((facet) => facet.field === 'common_contenttype');
      expect(types?.values.map((value) => value.value) ?? []).not.toContain('Partner resource');
      expect(await suggested('co-branded camp', visitor)).not.toContain('Co-branded campaign kit');
    }
    expect(await suggested('co-branded camp', PARTNER)).toContain('Co-branded campaign kit');
  });

  it('follows the library as admins add, edit and retire a resource', async () => {
    const { db } = database();
    expect(await addResource(db, { ...FORM, requestKey: 'search-1' }, BY)).toEqual({
      ok: true,
    });
    expect(await titles('quorvantly', PARTNER)).toEqual([FORM.title]);
    expect(await titles('quorvantly', GUEST)).toEqual([]);
    expect((await find('quorvantly', CUSTOMER)).totalCount).toBe(0);

    const id = (await resourcesForAdmin(db)).find((row) => row.title === FORM.title)?.id ?? '';
    const renamed = { ...FORM, title: 'Zephrine engagement letter template' };
    expect(await editResource(db, id, renamed, BY)).toEqual({ ok: true });
    expect(await titles('zephrine', PARTNER)).toEqual([renamed.title]);
    expect(await titles('quorvantly', PARTNER)).toEqual([]);

    await retireResource(db, id, BY);
    expect(await titles('zephrine', PARTNER)).toEqual([]);
  });

  it('never offers others a query that found only partner resources', async () => {
    const { db } = database();
    await addResource(
      db,
      { ...FORM, title: 'Vantrellis referral kit', requestKey: 'search-2' },
      BY,
    );
    for (let time = 0; time < 4; time += 1) await find('vantrellis referral', PARTNER);
    // Partners are offered the resource's title; the query itself counted as finding nothing.
    expect(await suggested('vantrellis', PARTNER)).toEqual(['Vantrellis referral kit']);
    for (const visitor of [GUEST, CUSTOMER]) {
      expect(await suggested('vantrellis', visitor)).toEqual([]);
      expect(await suggested('', visitor)).not.toContain('vantrellis referral');
    }
  });
});
