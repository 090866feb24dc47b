import type { FastifyInstance } from 'fastify';
import type { Insertable } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { remoteMethodRequest } from '~core/gateway';
import type { SearchResult } from '~core/search';
import { testConfig } from '~tests/support/config.ts';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { signInAs, type SignedInSession } from '~tests/support/sessions.ts';
import { buildPortalServer } from '~server/app.ts';
import { recordAnalyticsEvents } from '~server/modules/analytics';
import { BASIC_FIXTURE, FIXTURE_SETTINGS } from '~server/modules/content/content.fixture.ts';
import { importContent } from '~server/modules/content';
import { searchTokenKey, signSearchToken } from '~server/modules/search-token';
import { listSearchClicks, findSearchQueryLog } from './search-analytics.repository.ts';
import { zeroResultQueries } from './search-analytics.service.ts';
import { upsertSearchDocument } from './search-documents.repository.ts';
import type { SearchDocumentTable } from './search-documents.tables.ts';
import { CLICK_PATH, SEARCH_PATH, SEARCH_RATE_LIMITS, SUGGESTIONS_PATH } from './search.routes.ts';

const config = testConfig();
const GLOBAL = 'LL_GlobalSearch';
const LEARNING = 'LL_LearningSearch';
const RECOMMENDATIONS = 'recommendations';
const tokenKey = searchTokenKey(config.sessionSecret);
const DAY_MS = 24 * 60 * 60 * 1000;

function daysAgo(days: number): string {
  return new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);
}

function document(
  id: string,
  fields: Partial<Insertable<SearchDocumentTable>>,
): Insertable<SearchDocumentTable> {
  return {
    unique_id: id,
    origin: 'search-test',
    title: id,
    excerpt: '',
    body_text: '',
    click_uri: `https://learn.example/${id}`,
    objecttype: 'Knowledge',
    objecttypelabel: 'Article',
    common_contenttype: 'Article',
    syssource: 'Help content',
    source: 'Help content',
    collection: 'default',
    documenttype: 'Knowledge',
    language: 'en',
    permanentid: id,
    sfcoreproductc: '[]',
    sfaudiencec: '[]',
    topic_ids: '[]',
    sfcreateddate: '2024-01-01',
    updated_at: '2024-01-01T00:00:00.000Z',
    ...fields,
  };
}

const COURSE_ID = 'a0Xcourse000000001';
const WEBINAR_ID = 'a0Xwebinar00000001';
const NEWS_ID = 'ka0recentnews00001';
const DISCUSSION_ID = '0D5discussion00001';

describeEachDialect('search API over HTTP', (database) => {
  let app: FastifyInstance;
  let customer: SignedInSession;
  let ids: Record<string, string>;

  beforeAll(async () => {
    const db = database().db;
    const report = await importContent(db, BASIC_FIXTURE, FIXTURE_SETTINGS);
    expect(report.ok).toBe(true);
    await upsertSearchDocument(
      db,
      document(COURSE_ID, {
        title: 'Reconciliation essentials course',
        excerpt: 'Learn to reconcile your bank transactions.',
        body_text: 'A self-paced course on how to reconcile bank transactions.',
        common_contenttype: 'Online course',
        objecttype: 'LearningItem',
        sfcreateddate: daysAgo(20),
      }),
    );
    await upsertSearchDocument(
      db,
      document(WEBINAR_ID, {
        title: 'Payroll year end webinar',
        excerpt: 'Live session on payroll year end.',
        common_contenttype: 'Live webinar',
        objecttype: 'LearningItem',
        sfcreateddate: new Date(Date.now() + 5 * DAY_MS).toISOString().slice(0, 10),
      }),
    );
    await upsertSearchDocument(
      db,
      document(NEWS_ID, {
        title: 'New bank statement import',
        excerpt: 'Statements now import faster.',
        body_text: 'Bank statements import faster than before.',
        sfcreateddate: daysAgo(2),
        updated_at: new Date().toISOString(),
      }),
    );
    await upsertSearchDocument(
      db,
      document(DISCUSSION_ID, {
        title: 'Why does my bank feed stop?',
        objecttype: 'FeedItem',
        objecttypelabel: 'Discussion',
        common_contenttype: 'Discussion',
        click_uri: `/s/question/${DISCUSSION_ID}`,
        sfcreateddate: daysAgo(1),
      }),
    );
    const rows = await db
      .selectFrom('search_document')
      .select(['unique_id', 'sfurlname', 'title'])
      .execute();
    ids = Object.fromEntries(rows.map((row) => [row.sfurlname ?? row.title, row.unique_id]));
    app = await buildPortalServer({ config, database: database() });
    customer = await signInAs(database(), 'search-customer');
  });
  afterAll(async () => {
    await app.close();
  });

  function token(searchHub: string, now = new Date()): string {
    return signSearchToken(tokenKey, { searchHub, userId: customer.user.id }, now).token;
  }

  function post(
    path: string,
    body: unknown,
    options: { token?: string | null; csrf?: boolean; headers?: Record<string, string> } = {},
  ) {
    const hub =
      typeof body === 'object' && body !== null && 'searchHub' in body
        ? String((body as { searchHub: unknown }).searchHub)
        : GLOBAL;
    const bearer = options.token === undefined ? token(hub) : options.token;
    return app.inject({
      method: 'POST',
      url: path,
      headers: {
        'content-type': 'application/json',
        cookie: customer.cookie,
        ...(options.csrf === false ? {} : { 'x-csrf-token': customer.csrfToken }),
        ...(bearer === null ? {} : { authorization: `Bearer ${bearer}` }),
        ...options.headers,
      },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  }

  interface Answer {
    searchUid: string;
    totalCount: number;
    results: SearchResult[];
    facets: {
      field: string;
      label: string;
      values: { value: string; label: string; numberOfResults: number; state: string }[];
    }[];
    queryCorrections: { correctedQuery: string }[];
  }

  async function search(body: Record<string, unknown>): Promise<Answer> {
    const response = await post(SEARCH_PATH, { searchHub: GLOBAL, ...body });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  const uniqueIds = (answer: Answer) => answer.results.map((result) => result.uniqueId);
  const facet = (answer: Answer, field: string) =>
    answer.facets.find((candidate) => candidate.field === field);

  describe('the search token', () => {
    it('is required', async () => {
      const response = await post(SEARCH_PATH, { searchHub: GLOBAL, q: 'bank' }, { token: null });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ errorCode: 'INVALID_SEARCH_TOKEN' });
    });

    it('is refused once expired', async () => {
      const stale = token(GLOBAL, new Date(Date.now() - 16 * 60 * 1000));
      const response = await post(SEARCH_PATH, { searchHub: GLOBAL, q: 'bank' }, { token: stale });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        message: 'The search token has expired; ask for a new search configuration.',
        errorCode: 'INVALID_SEARCH_TOKEN',
      });
    });

    it('is refused for another hub, or when tampered with', async () => {
      for (const bad of [token(LEARNING), `${token(GLOBAL)}x`, 'not-a-token']) {
        for (const path of [SEARCH_PATH, SUGGESTIONS_PATH]) {
          const response = await post(path, { searchHub: GLOBAL, q: 'bank' }, { token: bad });
          expect(response.statusCode).toBe(401);
          expect(response.json()).toMatchObject({ errorCode: 'INVALID_SEARCH_TOKEN' });
        }
      }
      const click = await post(
        CLICK_PATH,
        { searchHub: GLOBAL, searchUid: 'x', uniqueId: 'y', position: 0 },
        { token: token(LEARNING) },
      );
      expect(click.statusCode).toBe(401);
    });

    it('from getHeadlessConfiguration opens the search of its hub', async () => {
      const request = remoteMethodRequest(config.prefix, 'getHeadlessConfiguration', {
        searchHub: LEARNING,
      });
      const configuration = await app.inject({
        method: request.method,
        url: request.url,
        payload: request.body,
        headers: {
          cookie: customer.cookie,
          'x-csrf-token': customer.csrfToken,
          'content-type': 'application/json',
        },
      });
      expect(configuration.statusCode).toBe(200);
      const { accessToken } = JSON.parse(configuration.json() as string) as { accessToken: string };
      const learning = await post(
        SEARCH_PATH,
        { searchHub: LEARNING, q: 'course' },
        { token: accessToken },
      );
      expect(learning.statusCode).toBe(200);
      const global = await post(
        SEARCH_PATH,
        { searchHub: GLOBAL, q: 'course' },
        { token: accessToken },
      );
      expect(global.statusCode).toBe(401);
    });
  });

  it('refuses a request without the CSRF token (403)', async () => {
    const response = await post(SEARCH_PATH, { searchHub: GLOBAL, q: 'bank' }, { csrf: false });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ errorCode: 'CSRF_REJECTED' });
  });

  describe('malformed requests get 400 naming the field', () => {
    it.each([
      ['bad JSON', '{"searchHub":', 'The body must be valid JSON'],
      ['an array', '[]', 'The body must be a JSON object'],
      ['a number as the query', { q: 5 }, 'q:'],
      ['negative paging', { firstResult: -1 }, 'firstResult:'],
      ['a fractional page size', { numberOfResults: 2.5 }, 'numberOfResults:'],
      ['too many results', { numberOfResults: 101 }, 'numberOfResults:'],
      [
        'an unknown facet field',
        { facets: { title: ['x'] } },
        'facets.title: is not a facet field',
      ],
      [
        'facet values that are not a list',
        { facets: { sfcoreproductc: 'x' } },
        'facets.sfcoreproductc:',
      ],
      ['an unknown sort', { sortCriteria: 'title' }, 'sortCriteria:'],
      ['an unknown date range', { dateFacet: 'past-fortnight' }, 'dateFacet:'],
      [
        'an advanced query on an unknown field',
        { aq: 'title NOT x' },
        "aq: 'title NOT value' is not supported",
      ],
      [
        'an advanced query it cannot read',
        { aq: 'sfurlname NOT "open' },
        'aq: a quoted value is not closed',
      ],
      ['an unknown hub', { searchHub: 'XX_Search' }, "searchHub: 'XX_Search' is not a search hub"],
      ['a recommendation without a tab', { searchHub: RECOMMENDATIONS }, 'tab: must be one of'],
      [
        'an unknown recommendation tab',
        { searchHub: RECOMMENDATIONS, tab: 'hot' },
        'tab: must be one of',
      ],
    ])('%s', async (_name, body, message) => {
      const payload = typeof body === 'string' ? body : { searchHub: GLOBAL, q: 'bank', ...body };
      const response = await post(SEARCH_PATH, payload);
      expect(response.statusCode).toBe(400);
      const answer = response.json();
      expect(answer.errorCode).toBe('INVALID_SEARCH_REQUEST');
      expect(answer.message).toContain(message);
    });

    it('for suggestions and clicks too', async () => {
      const suggestions = await post(SUGGESTIONS_PATH, { searchHub: GLOBAL, q: 'ba', count: 0 });
      expect(suggestions.statusCode).toBe(400);
      expect(suggestions.json().message).toContain('count:');
      const click = await post(CLICK_PATH, {
        searchHub: GLOBAL,
        searchUid: 'u',
        uniqueId: 'x',
        position: -1,
      });
      expect(click.statusCode).toBe(400);
      expect(click.json().message).toContain('position:');
    });
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

  describe('recommendations', () => {
    beforeEach(async () => {
      await database().db.deleteFrom('analytics_event').execute();
    });

    function recommend(tab: string, extra: Record<string, unknown> = {}) {
      return search({ searchHub: RECOMMENDATIONS, tab, numberOfResults: 3, ...extra });
    }

    it('all_content: the most viewed support content of the last 30 days, then the newest', async () => {
      const view = (contentId: string, occurredAt: string) => ({
        name: 'content viewed' as const,
        fields: { contentType: 'Articles', contentName: 'x', contentId },
        occurredAt,
        pagePath: '/s/article/x',
      });
      const recently = new Date(Date.now() - DAY_MS).toISOString();
      const longAgo = new Date(Date.now() - 40 * DAY_MS).toISOString();
      await recordAnalyticsEvents(database().db, {
        events: [
          view(ids['run-a-pay-run'] ?? '', recently),
          view(ids['run-a-pay-run'] ?? '', recently),
          view(ids['reconcile-a-bank-transaction'] ?? '', recently),
          view(ids['connect-a-bank-feed'] ?? '', longAgo),
          view(ids['connect-a-bank-feed'] ?? '', longAgo),
          view(ids['connect-a-bank-feed'] ?? '', longAgo),
          view(COURSE_ID, recently),
          view(COURSE_ID, recently),
          view(COURSE_ID, recently),
        ],
        viewer: { isGuest: true, user: null, sessionId: null },
        consent: { essential: true, preferences: false, statistics: true, marketing: false },
      });
      const trending = await recommend('all_content');
      expect(uniqueIds(trending)).toHaveLength(3);
      expect(uniqueIds(trending).slice(0, 2)).toEqual([
        ids['run-a-pay-run'],
        ids['reconcile-a-bank-transaction'],
      ]);
      // Then the newest content, topics and learning left out.
      const newest = await search({
        q: '',
        sortCriteria: 'date',
        aq: 'objecttype NOT Topic',
        folding: false,
        numberOfResults: 100,
      });
      const rest = uniqueIds(newest).filter((id) => !uniqueIds(trending).slice(0, 2).includes(id));
      expect(uniqueIds(trending)[2]).toBe(rest[0]);
      const more = await recommend('all_content', { firstResult: 3, numberOfResults: 100 });
      expect(uniqueIds(more)).toEqual(rest.slice(1));
      expect(more.totalCount).toBe(trending.totalCount);
      expect(trending.totalCount).toBe(newest.totalCount);
    });

    it('all_content without views: the newest support content', async () => {
      const trending = await recommend('all_content', { numberOfResults: 100 });
      const newest = await search({
        q: '',
        sortCriteria: 'date',
        aq: 'objecttype NOT Topic',
        folding: false,
        numberOfResults: 100,
      });
      expect(uniqueIds(trending)).toEqual(uniqueIds(newest));
      expect(uniqueIds(trending)).toContain(NEWS_ID);
      expect(uniqueIds(trending)).not.toContain(WEBINAR_ID);
    });

    it('all_learning, recent_discussions and topics', async () => {
      expect(uniqueIds(await recommend('all_learning'))).toEqual([WEBINAR_ID, COURSE_ID]);
      expect(uniqueIds(await recommend('recent_discussions'))).toEqual([DISCUSSION_ID]);
      const topics = await recommend('topics');
      expect(topics.results.map((result) => result.title)).toEqual(['Banking', 'Payroll']);
      expect(topics.results.every((result) => result.raw?.objecttype === 'Topic')).toBe(true);
      expect(topics.facets).toEqual([]);
    });
  });

  describe('analytics', () => {
    it('logs every search and every click, and reports queries that found nothing', async () => {
      const answer = await search({
        q: 'bank feed',
        context: { userRegion: 'AU' },
        analytics: { cause: 'searchboxSubmit' },
      });
      const logged = await findSearchQueryLog(database().db, answer.searchUid);
      expect(logged).toMatchObject({
        search_hub: GLOBAL,
        query_text: 'bank feed',
        result_count: answer.totalCount,
        is_guest: 0,
        user_region: 'AU',
        cause: 'searchboxSubmit',
      });
      const click = await post(CLICK_PATH, {
        searchHub: GLOBAL,
        searchUid: answer.searchUid,
        uniqueId: answer.results[0]?.uniqueId,
        position: 0,
      });
      expect(click.statusCode).toBe(204);
      expect(await listSearchClicks(database().db, answer.searchUid)).toMatchObject([
        { unique_id: answer.results[0]?.uniqueId, position: 0 },
      ]);

      const british = await search({ q: 'bank', context: { userRegion: 'gb' } });
      expect(await findSearchQueryLog(database().db, british.searchUid)).toMatchObject({
        user_region: 'UK',
      });

      const nothing = await search({ q: 'qqzzxxyy' });
      expect(nothing.totalCount).toBe(0);
      const zero = await zeroResultQueries(database().db, { since: new Date(Date.now() - DAY_MS) });
      expect(zero).toContainEqual(
        expect.objectContaining({ searchHub: GLOBAL, query: 'qqzzxxyy', searches: 1 }),
      );
      expect(zero.map((entry) => entry.query)).not.toContain('bank feed');
    });

    it('serves guests and logs their searches as a guest', async () => {
      const page = await app.inject({ method: 'GET', url: '/0/' });
      const cookie = ([] as string[])
        .concat(page.headers['set-cookie'] ?? [])
        .find((value) => value.startsWith(`${config.prefix}_csrf=`))
        ?.split(';', 1)[0];
      const csrf = /<meta name="csrf-token" content="([^"]+)"/.exec(page.body)?.[1];
      if (!cookie || !csrf) throw new Error('the page handed out no CSRF token');
      const guestToken = signSearchToken(tokenKey, { searchHub: GLOBAL, userId: null }).token;
      const response = await app.inject({
        method: 'POST',
        url: SEARCH_PATH,
        headers: {
          'content-type': 'application/json',
          cookie,
          'x-csrf-token': csrf,
          authorization: `Bearer ${guestToken}`,
        },
        payload: JSON.stringify({ searchHub: GLOBAL, q: 'payroll' }),
      });
      expect(response.statusCode).toBe(200);
      const logged = await findSearchQueryLog(database().db, response.json().searchUid);
      expect(logged).toMatchObject({ is_guest: 1, query_text: 'payroll', user_region: null });
    });

    it('suggests past successful queries and titles, highlighted', async () => {
      await search({ q: 'payslips' });
      const response = await post(SUGGESTIONS_PATH, { searchHub: GLOBAL, q: 'paysl' });
      expect(response.statusCode).toBe(200);
      const { suggestions } = response.json() as {
        suggestions: { rawValue: string; highlightedValue: string }[];
      };
      expect(suggestions.map((suggestion) => suggestion.rawValue)).toContain('payslips');
      expect(suggestions.length).toBeLessThanOrEqual(5);
    });
  });
  it('limits requests per session (429 RATE_LIMITED)', async () => {
    const busy = await signInAs(database(), 'search-busy');
    const click = () =>
      app.inject({
        method: 'POST',
        url: CLICK_PATH,
        headers: {
          'content-type': 'application/json',
          cookie: busy.cookie,
          'x-csrf-token': busy.csrfToken,
          authorization: `Bearer ${token(GLOBAL)}`,
        },
        payload: JSON.stringify({
          searchHub: GLOBAL,
          searchUid: 'busy',
          uniqueId: 'x',
          position: 0,
        }),
      });
    for (let sent = 0; sent < SEARCH_RATE_LIMITS.click.max; sent++) {
      expect((await click()).statusCode).toBe(204);
    }
    const refused = await click();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errorCode).toBe('RATE_LIMITED');
    // Another session is not held back.
    const other = await post(CLICK_PATH, {
      searchHub: GLOBAL,
      searchUid: 'calm',
      uniqueId: 'x',
      position: 0,
    });
    expect(other.statusCode).toBe(204);
  });
});
