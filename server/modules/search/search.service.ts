import { randomUUID } from 'node:crypto';
import {
  DEFAULT_RELATIVE_DATE_RANGE_IDS,
  RECOMMENDATION_TABS,
  type ClickRequest,
  type RecommendationTab,
  type SearchFacetField,
  type SearchRequest,
  type SuggestionsRequest,
  type ViewRequest,
  GUIDE_OBJECT_TYPE,
  searchSettingsForHub,
  cutQuery,
  hiddenObjectTypes,
  type SearchMode,
} from '~core/search';
import { mapRegion } from '~core/regions';
import type { SearchResult } from '~core/search';
import type { SiteNames } from '~core/site';
import { systemClock, type Clock } from '~server/clock.ts';
import type { PortalDatabase } from '~server/db/database.ts';
import { foldResults } from './folding.ts';
import { recommend } from './recommendations.ts';
import {
  recordResultClick,
  recordSearch,
  recordSearchUsageEvent,
} from './search-analytics.service.ts';
import type { EngineQuery, SearchEngine, SearchHit, Suggestion } from './search-engine.ts';
import {
  dateFacetResponse,
  facetResponse,
  resultOfHit,
  type FacetResponse,
} from './search-results.ts';
import { LEARNING_SCOPE } from './search-scope-filters.ts';
import { dateRangeOf, ENGINE_FACETS, planQuery, SearchRequestError } from './search-query-plan.ts';
import type { ContentSource } from './content-source.ts';

export { INVALID_SEARCH_REQUEST, SearchRequestError } from './search-query-plan.ts';

/** Learning items have dates to come (classes, webinars) as well as past ones. */
const LEARNING_DATE_RANGE_IDS = [
  'next-1-week',
  'next-2-weeks',
  'next-1-month',
  ...DEFAULT_RELATIVE_DATE_RANGE_IDS,
];

export interface SearchResponse {
  searchUid: string;
  totalCount: number;
  results: SearchResult[];
  facets: FacetResponse[];
  queryCorrections: { correctedQuery: string }[];
  /** Set when the query was longer than MAX_QUERY_LENGTH: what was searched for instead. */
  queryCut?: { searchedFor: string };
  /** With caller-given date ranges: how many results fall in each, in their order. */
  dateRangeCounts?: number[];
}

/**
 * Date ranges a caller counts and filters on itself (the search library's date facets), in
 * place of the relative ranges: ISO-8601 bounds, both inclusive.
 */
export interface DateRangeFacet {
  spans: readonly { from: string; to: string }[];
  selected?: { from: string; to: string };
}

export interface SearchServiceOptions {
  database: PortalDatabase;
  engine: SearchEngine;
  content: ContentSource;
  site: SiteNames & { prefix: string };
  /** Dates relative facets ('past week') and the search events it records. */
  clock?: Clock;
}

export interface SearchVisitor {
  isGuest: boolean;
  /** A partner finds the partner resources too (core/search hiddenObjectTypes). */
  isPartner: boolean;
  /** The visitor agreed to statistics (spec 4: search analytics only with PERF). */
  statistics: boolean;
  /** Their pseudonym for search analytics (search-visitor.ts), only with statistics consent. */
  visitorKey?: string;
}

export interface SearchService {
  /** The mode of a hub; throws SearchRequestError for a hub the site does not have. */
  modeOf(searchHub: string): SearchMode;
  search(
    request: SearchRequest,
    visitor: SearchVisitor,
    dateRanges?: DateRangeFacet,
  ): Promise<SearchResponse>;
  suggest(
    request: SuggestionsRequest,
    visitor: Pick<SearchVisitor, 'isPartner'>,
  ): Promise<Suggestion[]>;
  /** Keeps a result click, with the visitor's statistics consent only. */
  recordClick(request: ClickRequest, visitor: Pick<SearchVisitor, 'statistics'>): Promise<void>;
  /** Keeps a page's view event (spec 7), with the visitor's statistics consent only. */
  recordView(request: ViewRequest, visitor: Pick<SearchVisitor, 'statistics'>): Promise<void>;
}

function isRecommendationTab(tab: string | undefined): tab is RecommendationTab {
  return (RECOMMENDATION_TABS as readonly (string | undefined)[]).includes(tab);
}

/** Guides on the page and the articles they list: an article folds under its guide. */
async function guideParents(
  database: PortalDatabase,
  content: ContentSource,
  hits: readonly SearchHit[],
): Promise<Map<string, string[]>> {
  const parents = new Map<string, string[]>();
  const guides = hits.filter((hit) => hit.document.objecttype === GUIDE_OBJECT_TYPE);
  for (const hit of guides) {
    for (const articleId of await content.guideArticleIds(database.db, hit.document.unique_id)) {
      parents.set(articleId, [...(parents.get(articleId) ?? []), hit.document.unique_id]);
    }
  }
  return parents;
}

export function createSearchService(options: SearchServiceOptions): SearchService {
  const { database, engine, content, site } = options;
  const clock = options.clock ?? systemClock;

  function modeOf(searchHub: string): SearchMode {
    const settings = searchSettingsForHub(site, searchHub);
    if (settings === undefined) {
      throw new SearchRequestError(`searchHub: '${searchHub}' is not a search hub of this site`);
    }
    return settings.mode;
  }

  async function searchContent(
    request: SearchRequest,
    mode: SearchMode,
    visitor: SearchVisitor,
    at: Date,
    dateRanges: DateRangeFacet | undefined,
  ): Promise<Omit<SearchResponse, 'searchUid'>> {
    const plan = planQuery(request, mode, visitor);
    const query: EngineQuery = {
      text: request.q,
      ...plan,
      facets: [...ENGINE_FACETS],
      sort: request.sortCriteria === 'relevancy' ? 'relevancy' : 'date',
      offset: request.firstResult,
      limit: request.numberOfResults,
      ...(request.dateFacet ? { dateRange: dateRangeOf(request.dateFacet, at) } : {}),
      ...(dateRanges?.selected
        ? { dateRange: { field: 'sfcreateddate' as const, ...dateRanges.selected } }
        : {}),
      ...(request.context?.userRegion ? { region: mapRegion(request.context.userRegion) } : {}),
      ...(request.enableDidYouMean ? {} : { correct: false }),
    };
    if (dateRanges) return searchWithDateRanges(request, query, dateRanges);
    const rangeIds =
      mode === 'learning' ? LEARNING_DATE_RANGE_IDS : [...DEFAULT_RELATIVE_DATE_RANGE_IDS];
    if (request.dateFacet && !rangeIds.includes(request.dateFacet))
      rangeIds.push(request.dateFacet);
    // Each range counts over the query without the date selection, like the other facets.
    const found = await engine.search({
      ...query,
      rangeCounts: rangeIds.map((id) => dateRangeOf(id, at)),
    });
    const results = found.hits.map(resultOfHit);
    const parents = request.folding ? await guideParents(database, content, found.hits) : new Map();
    const facets = found.facets.map((count) =>
      facetResponse(count, request.facets?.[count.field as SearchFacetField] ?? [], site.brand),
    );
    facets.push(
      dateFacetResponse(
        rangeIds.map((id, index) => ({ id, count: found.rangeTotals[index] ?? 0 })),
        request.dateFacet,
      ),
    );
    return {
      totalCount: found.total,
      results: foldResults(results, (uniqueId) => parents.get(uniqueId) ?? []),
      facets,
      queryCorrections: found.correction ? [{ correctedQuery: found.correction }] : [],
    };
  }

  /** The search with the caller's date ranges counted (each without the date selection). */
  async function searchWithDateRanges(
    request: SearchRequest,
    query: EngineQuery,
    dateRanges: DateRangeFacet,
  ): Promise<Omit<SearchResponse, 'searchUid'>> {
    const found = await engine.search({
      ...query,
      rangeCounts: dateRanges.spans.map((span) => ({ field: 'sfcreateddate' as const, ...span })),
    });
    const results = found.hits.map(resultOfHit);
    const parents = request.folding ? await guideParents(database, content, found.hits) : new Map();
    return {
      totalCount: found.total,
      results: foldResults(results, (uniqueId) => parents.get(uniqueId) ?? []),
      facets: found.facets.map((count) =>
        facetResponse(count, request.facets?.[count.field as SearchFacetField] ?? [], site.brand),
      ),
      queryCorrections: found.correction ? [{ correctedQuery: found.correction }] : [],
      dateRangeCounts: found.rangeTotals,
    };
  }

  async function search(
    typedRequest: SearchRequest,
    visitor: SearchVisitor,
    dateRanges?: DateRangeFacet,
  ): Promise<SearchResponse> {
    const mode = modeOf(typedRequest.searchHub);
    const query = cutQuery(typedRequest.q);
    const request = { ...typedRequest, q: query.text };
    const at = clock.now();
    let answer: Omit<SearchResponse, 'searchUid'>;
    if (mode === 'recommendations') {
      if (!isRecommendationTab(request.tab)) {
        throw new SearchRequestError(`tab: must be one of ${RECOMMENDATION_TABS.join(', ')}`);
      }
      const page = await recommend(request.tab, {
        database,
        engine,
        content,
        now: at,
        paging: { offset: request.firstResult, limit: request.numberOfResults },
      });
      answer = { totalCount: page.total, results: page.results, facets: [], queryCorrections: [] };
    } else {
      answer = await searchContent(request, mode, visitor, at, dateRanges);
    }
    const searchUid = randomUUID();
    if (visitor.statistics) {
      await recordSearch(database.db, {
        searchUid,
        searchHub: request.searchHub,
        ...(mode === 'recommendations' && request.tab ? { tab: request.tab } : {}),
        query: request.q,
        resultCount: answer.totalCount,
        isGuest: visitor.isGuest,
        ...(visitor.visitorKey ? { visitorKey: visitor.visitorKey } : {}),
        ...(request.context?.userRegion
          ? { userRegion: mapRegion(request.context.userRegion) }
          : {}),
        ...(request.analytics?.cause ? { cause: request.analytics.cause } : {}),
        ...(request.analytics?.metadata ? { causeMetadata: request.analytics.metadata } : {}),
        at,
      });
    }
    // Fetching more of the same results is not a new query for the suggestions to learn.
    if (mode !== 'recommendations' && request.q !== '' && request.firstResult === 0) {
      await engine.recordQuery({
        hub: request.searchHub,
        text: request.q,
        resultCount: await everyonesCount(request, mode, visitor, answer.totalCount),
      });
    }
    return {
      searchUid,
      ...answer,
      ...(query.cut ? { queryCut: { searchedFor: query.text } } : {}),
    };
  }

  /**
   * What a query finds for everyone. Past queries are suggested to every visitor of the hub
   * once they found something, so a partner's query counts only what it finds outside the
   * partners' own items: a query that found nothing but resources is never offered to others.
   */
  async function everyonesCount(
    request: SearchRequest,
    mode: SearchMode,
    visitor: SearchVisitor,
    visitorsCount: number,
  ): Promise<number> {
    if (!visitor.isPartner) return visitorsCount;
    const plan = planQuery(request, mode, { isPartner: false });
    const found = await engine.search({
      text: request.q,
      ...plan,
      facets: [],
      sort: 'relevancy',
      offset: 0,
      limit: 0,
    });
    return found.total;
  }

  async function suggest(
    request: SuggestionsRequest,
    visitor: Pick<SearchVisitor, 'isPartner'>,
  ): Promise<Suggestion[]> {
    const mode = modeOf(request.searchHub);
    return engine.suggest({
      text: cutQuery(request.q).text,
      limit: request.count,
      hub: request.searchHub,
      ...(mode === 'learning' ? { scope: LEARNING_SCOPE } : {}),
      hiddenObjectTypes: hiddenObjectTypes(visitor),
    });
  }

  async function recordClick(
    request: ClickRequest,
    visitor: Pick<SearchVisitor, 'statistics'>,
  ): Promise<void> {
    modeOf(request.searchHub);
    if (!visitor.statistics) return;
    await recordResultClick(database.db, {
      searchUid: request.searchUid,
      uniqueId: request.uniqueId,
      position: request.position,
      at: clock.now(),
    });
  }

  async function recordView(
    request: ViewRequest,
    visitor: Pick<SearchVisitor, 'statistics'>,
  ): Promise<void> {
    modeOf(request.searchHub);
    if (!visitor.statistics) return;
    await recordSearchUsageEvent(database.db, {
      kind: 'view',
      searchHub: request.searchHub,
      eventType: request.contentType,
      eventValue: request.location,
      ...(request.contentIdKey && request.contentIdValue
        ? { contentIdKey: request.contentIdKey, contentIdValue: request.contentIdValue }
        : {}),
      at: clock.now(),
    });
  }

  return { modeOf, search, suggest, recordClick, recordView };
}
