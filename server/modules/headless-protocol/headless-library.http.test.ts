import {
  buildDidYouMean,
  buildFacet,
  buildInteractiveResult,
  buildPager,
  buildResultList,
  buildSearchBox,
} from '@coveo/headless';
import {
  buildCaseAssistEngine,
  buildCaseField,
  buildCaseInput,
  buildDocumentSuggestionList,
} from '@coveo/headless/case-assist';
import { buildRecommendationEngine, buildRecommendationList } from '@coveo/headless/recommendation';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { HeadlessConfiguration } from '~core/gateway';
import { listTopics } from '~server/modules/content';
import { findSearchQueryLog, listSearchClicks } from '~server/modules/search';
import { describeEachDialect } from '~tests/support/dialects.ts';
import {
  customerVisitor,
  GLOBAL,
  openListeningPortal,
  RECOMMENDATIONS,
  type LibraryVisitor,
  type ListeningPortal,
} from './headless-protocol.fixture.ts';
import { searched, searchEngineFor, until, withCookies } from './library-engines.fixture.ts';

/*
 * The search library itself (@coveo/headless, pinned) driven in Node against the portal: every
 * request it sends is the one a front end built on it sends, and every assertion is on what it
 * read back.
 */
describeEachDialect('the search library against the portal', (database) => {
  let portal: ListeningPortal;
  let visitor: LibraryVisitor;
  let configuration: HeadlessConfiguration;

  beforeAll(async () => {
    portal = await openListeningPortal(database());
    visitor = customerVisitor(portal.customer);
    configuration = await portal.configuration(GLOBAL, visitor);
  }, 60_000);
  afterAll(async () => {
    await portal?.app.close();
  });

  it('searches, selects a facet value, pages and logs a click', async () => {
    const engine = searchEngineFor(configuration, visitor);
    const box = buildSearchBox(engine);
    const results = buildResultList(engine, {
      options: { fieldsToInclude: ['sfurlname', 'common_contenttype'] },
    });
    const types = buildFacet(engine, { options: { field: 'common_contenttype' } });
    const pager = buildPager(engine);

    await searched(engine, () => {
      box.updateText('bank');
      box.submit();
    });
    const titles = results.state.results.map((result) => result.title);
    expect(titles).toContain('Connect a bank feed');
    expect(titles).toContain('Reconcile a bank transaction');
    const feed = results.state.results.find((result) => result.title === 'Connect a bank feed');
    expect(feed?.raw.sfurlname).toBe('connect-a-bank-feed');
    expect(feed?.titleHighlights).toEqual([{ offset: 10, length: 4 }]);
    expect(feed?.clickUri).toBe(`${portal.baseUrl}/s/article/connect-a-bank-feed`);
    const total = engine.state.search.response.totalCountFiltered;
    expect(total).toBeGreaterThanOrEqual(titles.length);

    const articles = types.state.values.find((value) => value.value === 'Article');
    expect(articles?.numberOfResults).toBeGreaterThan(0);
    const guides = types.state.values.find((value) => value.value === 'Guide');
    expect(guides, JSON.stringify(types.state.values)).toBeDefined();
    await searched(engine, () => types.toggleSelect(guides!));
    expect(types.state.values.find((value) => value.value === 'Guide')?.state).toBe('selected');
    expect(engine.state.search.response.totalCountFiltered).toBe(guides!.numberOfResults);
    expect(results.state.results.every((result) => result.raw.common_contenttype === 'Guide')).toBe(
      true,
    );
    await searched(engine, () => types.deselectAll());

    // Pages of one result: the second page is the second result of the first search.
    const onePerPage = searchEngineFor(configuration, visitor);
    const pageBox = buildSearchBox(onePerPage);
    const pageResults = buildResultList(onePerPage);
    const pages = buildPager(onePerPage);
    const { registerNumberOfResults } = await import('@coveo/headless').then((headless) =>
      headless.loadPaginationActions(onePerPage),
    );
    onePerPage.dispatch(registerNumberOfResults(1));
    await searched(onePerPage, () => {
      pageBox.updateText('bank');
      pageBox.submit();
    });
    expect(pageResults.state.results.map((result) => result.title)).toEqual([titles[0]]);
    await searched(onePerPage, () => pages.nextPage());
    expect(pages.state.currentPage).toBe(2);
    expect(pageResults.state.results.map((result) => result.title)).toEqual([titles[1]]);
    expect(pager.state.maxPage).toBeGreaterThanOrEqual(1);

    const clicked = buildInteractiveResult(engine, { options: { result: feed! } });
    clicked.select();
    const searchUid = engine.state.search.response.searchUid;
    // The click names the search the visitor last made, the one the result list shows.
    const logged = await waitFor(() => listSearchClicks(database().db, searchUid));
    expect(logged).toMatchObject([{ unique_id: feed!.uniqueId }]);
    // The search is logged with the visitor's pseudonym: a hash of the library's id for them.
    const search = await findSearchQueryLog(database().db, searchUid);
    expect(search?.visitor_key).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('takes a query suggestion and a did-you-mean correction', async () => {
    const engine = searchEngineFor(configuration, visitor);
    const box = buildSearchBox(engine, { options: { numberOfSuggestions: 5 } });
    const results = buildResultList(engine);
    const didYouMean = buildDidYouMean(engine);

    box.updateText('reconc');
    const suggestions = await until(
      () => (box.state.suggestions.length > 0 ? box.state.suggestions : undefined),
      'query suggestions',
    );
    const reconcile = suggestions.find((suggestion) =>
      suggestion.rawValue.toLowerCase().startsWith('reconcile'),
    );
    expect(reconcile, JSON.stringify(suggestions)).toBeDefined();
    await searched(engine, () => box.selectSuggestion(reconcile!.rawValue));
    expect(results.state.results.map((result) => result.title)).toContain(
      'Reconcile a bank transaction',
    );

    await searched(engine, () => {
      box.updateText('reconcle bank');
      box.submit();
    });
    expect(didYouMean.state.hasQueryCorrection).toBe(true);
    expect(didYouMean.state.queryCorrection.correctedQuery).toBe('reconcile bank');
    await searched(engine, () => didYouMean.applyCorrection());
    expect(engine.state.query?.q).toBe('reconcile bank');
    expect(results.state.results[0]?.title).toBe('Reconcile a bank transaction');
  });

  it('classifies a described problem and suggests documents (case assist)', async () => {
    const engine = buildCaseAssistEngine({
      configuration: {
        organizationId: configuration.organizationId,
        accessToken: configuration.accessToken,
        caseAssistId: 'customer',
        proxyBaseUrl: configuration.endpoints.platform,
        searchHub: GLOBAL,
        analytics: { analyticsMode: 'legacy', proxyBaseUrl: configuration.endpoints.analytics },
        preprocessRequest: withCookies(visitor),
      },
      loggerOptions: { level: 'silent' },
    });
    const subject = buildCaseInput(engine, { options: { field: 'subject' } });
    const description = buildCaseInput(engine, { options: { field: 'description' } });
    const category = buildCaseField(engine, { options: { field: 'categoryId' } });
    const documents = buildDocumentSuggestionList(engine);
    subject.update('My bank feed stopped');
    description.update('The bank feed has not imported any bank transactions since Monday.', {
      caseClassifications: true,
      documentSuggestions: true,
    });
    const predictions = await until(
      () => (category.state.suggestions.length > 0 ? category.state.suggestions : undefined),
      'a classification',
    );
    const banking = (await listTopics(database().db)).find((topic) => topic.slug === 'banking');
    expect(predictions[0]?.value).toBe(banking?.id);
    expect(predictions[0]?.confidence).toBeGreaterThan(0);
    const suggested = await until(
      () => (documents.state.documents.length > 0 ? documents.state.documents : undefined),
      'document suggestions',
    );
    expect(suggested.map((document) => document.title)).toContain('Connect a bank feed');
  });

  it('gets recommendations from the recommendations hub', async () => {
    const recommendations = await portal.configuration(RECOMMENDATIONS, visitor);
    expect(recommendations.pipeline).toBe('Recommendations');
    const engine = buildRecommendationEngine({
      configuration: {
        organizationId: recommendations.organizationId,
        accessToken: recommendations.accessToken,
        searchHub: recommendations.searchHub,
        pipeline: recommendations.pipeline,
        proxyBaseUrl: recommendations.endpoints.search,
        preprocessRequest: withCookies(visitor),
      },
      loggerOptions: { level: 'silent' },
    });
    const list = buildRecommendationList(engine, {
      options: { id: 'all_content', numberOfRecommendations: 3 },
    });
    list.refresh();
    const found = await until(
      () => (list.state.recommendations.length > 0 ? list.state.recommendations : undefined),
      'recommendations',
    );
    expect(found).toHaveLength(3);
    expect(found.every((result) => result.title !== '' && result.clickUri.startsWith('http'))).toBe(
      true,
    );
  });
});

async function waitFor<T>(read: () => Promise<T[]>): Promise<T[]> {
  for (let attempt = 0; attempt < 250; attempt += 1) {
    const rows = await read();
    if (rows.length > 0) return rows;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return [];
}
