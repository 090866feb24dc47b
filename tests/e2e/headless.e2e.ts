import type * as SearchLibraryModule from '@coveo/headless';
import type * as CaseAssistModule from '@coveo/headless/case-assist';
import type * as RecommendationModule from '@coveo/headless/recommendation';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { remoteMethodRequest } from '~core/gateway';
import { retrainCaseClassifiers } from '~server/modules/cases';
import { listTopics } from '~server/modules/content';
import { listSearchClicks } from '~server/modules/search';
import { describeInBrowser } from './support/browser.ts';
import { useSuitePages } from './support/pages.ts';
import { useOwnPortal, type PortalUnderTest } from './support/portal.ts';

/*
 * The search library as a front end moved to the portal loads it: the browser files from the
 * portal's own paths, engines built with getHeadlessConfiguration's answer, every request to
 * the portal. It runs on PostgreSQL too, in the browser suites' PostgreSQL phase.
 */
type SearchLibrary = typeof SearchLibraryModule;
type CaseAssistLibrary = typeof CaseAssistModule;
type RecommendationLibrary = typeof RecommendationModule;

const STATISTICS = encodeURIComponent('{"statistics":true,"ver":1}');

describeInBrowser('the search library in a browser', () => {
  let portal: PortalUnderTest;
  const startedPortal = useOwnPortal();
  const pages = useSuitePages(startedPortal);
  beforeAll(async () => {
    portal = startedPortal();
    // The customer categories learn from the help articles filed under each topic.
    await retrainCaseClassifiers(portal.database.db, new Date());
  });

  /** A guest's page of the portal with the library's script loaded, under PERF consent. */
  async function pageWith(script: string): Promise<Page> {
    const page = await pages.newPage();
    await page
      .context()
      .addCookies([{ name: 'CookieConsent', value: STATISTICS, url: portal.baseUrl }]);
    await page.goto(`${portal.baseUrl}/s/contact-support`);
    await page.addScriptTag({ url: script });
    return page;
  }

  function configurationUrl(searchHub: string): string {
    return remoteMethodRequest(portal.config.prefix, 'getHeadlessConfiguration', { searchHub }).url;
  }

  it('searches, selects a facet value, pages, takes a suggestion and a correction, logs a click', async () => {
    const page = await pageWith('/headless.js');
    const shown = await page.evaluate(
      async (url) => {
        const { CoveoHeadless: headless } = window as unknown as { CoveoHeadless: SearchLibrary };
        const configuration = JSON.parse(await (await fetch(url)).json());
        const engine = headless.buildSearchEngine({
          configuration: {
            organizationId: configuration.organizationId,
            accessToken: configuration.accessToken,
            search: {
              searchHub: configuration.searchHub,
              pipeline: configuration.pipeline,
              proxyBaseUrl: configuration.endpoints.search,
            },
            analytics: {
              anonymous: true,
              analyticsMode: 'legacy',
              proxyBaseUrl: configuration.endpoints.analytics,
            },
          },
        });
        const settled = () =>
          new Promise<void>((resolve) => {
            const stop = engine.subscribe(() => {
              if (!engine.state.search.isLoading) {
                stop();
                resolve();
              }
            });
          });
        const box = headless.buildSearchBox(engine, { options: { numberOfSuggestions: 5 } });
        const list = headless.buildResultList(engine, {
          options: { fieldsToInclude: ['common_contenttype'] },
        });
        const facet = headless.buildFacet(engine, { options: { field: 'common_contenttype' } });
        const pager = headless.buildPager(engine);
        const didYouMean = headless.buildDidYouMean(engine);
        const show = () => ({
          titles: list.state.results.map((result: { title: string }) => result.title),
          total: engine.state.search.response.totalCountFiltered,
        });
        const run = async (action: () => void) => {
          action();
          await new Promise((resolve) => setTimeout(resolve, 0));
          if (engine.state.search.isLoading) await settled();
          return show();
        };
        const first = await run(() => {
          box.updateText('bank');
          box.submit();
        });
        const value = facet.state.values.find(
          (candidate: { numberOfResults: number }) => candidate.numberOfResults > 0,
        );
        const selected = await run(() => facet.toggleSelect(value!));
        const types = list.state.results.map((result) => String(result.raw.common_contenttype));
        await run(() => facet.deselectAll());
        const second = await run(() => pager.nextPage());
        box.updateText('reconc');
        for (
          let wait = 0;
          wait < 100 && !/^reconc/i.test(box.state.suggestions[0]?.rawValue ?? '');
          wait += 1
        ) {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        const suggestion = box.state.suggestions[0]?.rawValue ?? '';
        const suggested = await run(() => box.selectSuggestion(suggestion));
        const misspelt = await run(() => {
          box.updateText('reconcle bank');
          box.submit();
        });
        const correction = didYouMean.state.queryCorrection.correctedQuery;
        const corrected = await run(() => didYouMean.applyCorrection());
        const clicked = list.state.results[0]!;
        headless.buildInteractiveResult(engine, { options: { result: clicked } }).select();
        return {
          first,
          facet: { value: value!.value, count: value!.numberOfResults, selected, types },
          second,
          suggestion,
          suggested,
          misspelt,
          correction,
          corrected,
          clicked: {
            uniqueId: clicked.uniqueId,
            searchUid: engine.state.search.response.searchUid,
          },
        };
      },
      configurationUrl(`${portal.config.prefix}_GlobalSearch`),
    );

    expect(shown.first.titles.length).toBe(10);
    expect(shown.first.titles.join(' ').toLowerCase()).toContain('bank');
    expect(shown.facet.selected.total).toBe(shown.facet.count);
    expect(new Set(shown.facet.types)).toEqual(new Set([shown.facet.value]));
    expect(shown.second.titles).toHaveLength(Math.min(10, shown.first.total - 10));
    expect(shown.second.titles.some((title: string) => shown.first.titles.includes(title))).toBe(
      false,
    );
    expect(shown.suggestion.toLowerCase()).toMatch(/^reconc/);
    expect(shown.suggested.total).toBeGreaterThan(0);
    expect(shown.correction).toBe('reconcile bank');
    expect(shown.corrected.titles.length).toBeGreaterThan(0);
    await expect
      .poll(async () => listSearchClicks(portal.database.db, shown.clicked.searchUid), {
        timeout: 10_000,
      })
      .toMatchObject([{ unique_id: shown.clicked.uniqueId }]);
  });

  it('classifies a described problem and suggests documents (case assist)', async () => {
    const page = await pageWith('/case-assist/headless.js');
    const found = await page.evaluate(
      async (url) => {
        const { CoveoHeadlessCaseAssist: headless } = window as unknown as {
          CoveoHeadlessCaseAssist: CaseAssistLibrary;
        };
        const configuration = JSON.parse(await (await fetch(url)).json());
        const engine = headless.buildCaseAssistEngine({
          configuration: {
            organizationId: configuration.organizationId,
            accessToken: configuration.accessToken,
            caseAssistId: 'customer',
            searchHub: configuration.searchHub,
            proxyBaseUrl: configuration.endpoints.platform,
            analytics: { analyticsMode: 'legacy', proxyBaseUrl: configuration.endpoints.analytics },
          },
        });
        const subject = headless.buildCaseInput(engine, { options: { field: 'subject' } });
        const description = headless.buildCaseInput(engine, { options: { field: 'description' } });
        const category = headless.buildCaseField(engine, { options: { field: 'categoryId' } });
        const documents = headless.buildDocumentSuggestionList(engine);
        subject.update('My bank feed stopped importing transactions');
        description.update('The bank feed has not brought in any bank transactions since Monday.', {
          caseClassifications: true,
          documentSuggestions: true,
        });
        for (let wait = 0; wait < 100; wait += 1) {
          if (category.state.suggestions.length > 0 && documents.state.documents.length > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        return {
          categories: category.state.suggestions.map(
            (suggestion: { value: string }) => suggestion.value,
          ),
          documents: documents.state.documents.map((document: { title: string }) => document.title),
        };
      },
      configurationUrl(`${portal.config.prefix}_GlobalSearch`),
    );
    expect(found.categories.length).toBeGreaterThan(0);
    const topics = await listTopics(portal.database.db);
    expect(topics.map((topic) => topic.id)).toContain(found.categories[0]);
    expect(found.documents.length).toBeGreaterThan(0);
    expect(found.documents.join(' ').toLowerCase()).toContain('bank');
  });

  it('gets recommendations', async () => {
    const page = await pageWith('/recommendation/headless.js');
    const titles = await page.evaluate(async (url) => {
      const { CoveoHeadlessRecommendation: headless } = window as unknown as {
        CoveoHeadlessRecommendation: RecommendationLibrary;
      };
      const configuration = JSON.parse(await (await fetch(url)).json());
      const engine = headless.buildRecommendationEngine({
        configuration: {
          organizationId: configuration.organizationId,
          accessToken: configuration.accessToken,
          searchHub: configuration.searchHub,
          pipeline: configuration.pipeline,
          proxyBaseUrl: configuration.endpoints.search,
        },
      });
      const list = headless.buildRecommendationList(engine, {
        options: { id: 'all_learning', numberOfRecommendations: 3 },
      });
      list.refresh();
      for (let wait = 0; wait < 100 && list.state.recommendations.length === 0; wait += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return list.state.recommendations.map((result: { title: string }) => result.title);
    }, configurationUrl('recommendations'));
    expect(titles).toHaveLength(3);
    expect(titles.every((title: string) => title.trim() !== '')).toBe(true);
  });
});
