import type { RecommendationTab, SearchResult } from '~core/search';
import {
  DISCUSSION_CONTENT_TYPE,
  DISCUSSION_OBJECT_TYPE,
  hiddenObjectTypes,
  isLearningItem,
  TOPIC_OBJECT_TYPE,
} from '~core/search';
import type { PortalDatabase } from '~server/db/database.ts';
import { mostViewedContent } from '~server/modules/analytics';
import type { ContentSource } from './content-source.ts';
import { listSearchDocumentsByIds } from './search-documents.repository.ts';
import type { EngineQuery, SearchEngine } from './search-engine.ts';
import { resultOfDocument, resultOfHit } from './search-results.ts';
import { hiddenFrom, LEARNING_SCOPE, SUPPORT_EXCLUSIONS } from './search-scope-filters.ts';

/** Trending counts the views of the last 30 days. */
export const TRENDING_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;
/** How many of the most viewed items trending considers before falling back to the newest. */
const TRENDING_CANDIDATES = 100;
// The home page's blocks are one page for every visitor (and cached for guests): they show
// what everyone may find, never the partners' own items.
const EVERYONE = { isPartner: false };

export interface RecommendationPage {
  total: number;
  results: SearchResult[];
}

interface Paging {
  offset: number;
  limit: number;
}

function browse(scope: Partial<EngineQuery>, paging: Paging): EngineQuery {
  return {
    text: '',
    scope: {},
    filters: [],
    notFilters: [],
    facets: [],
    sort: 'date',
    ...scope,
    offset: paging.offset,
    limit: paging.limit,
  };
}

/**
 * all_content: the support content viewed most in the last 30 days, most views first, then
 * the most recently dated content, so a new site with no views still shows something. Topics
 * have a block of their own and are left out.
 */
async function trending(
  database: PortalDatabase,
  engine: SearchEngine,
  paging: Paging,
  now: Date,
): Promise<RecommendationPage> {
  const views = await mostViewedContent(database, {
    since: new Date(now.getTime() - TRENDING_WINDOW_MS),
    limit: TRENDING_CANDIDATES,
  });
  const documents = await listSearchDocumentsByIds(
    database.db,
    views.map((view) => view.contentId),
  );
  const byId = new Map(documents.map((document) => [document.unique_id, document]));
  const viewed = views.flatMap((view) => {
    const document = byId.get(view.contentId);
    return document &&
      !isLearningItem(document) &&
      document.objecttype !== TOPIC_OBJECT_TYPE &&
      !hiddenObjectTypes(EVERYONE).includes(document.objecttype)
      ? [document]
      : [];
  });
  const fromViewed = viewed.slice(paging.offset, paging.offset + paging.limit);
  const newest = await engine.search(
    browse(
      {
        notFilters: [
          ...SUPPORT_EXCLUSIONS,
          ...hiddenFrom(EVERYONE),
          { field: 'objecttype' as const, value: TOPIC_OBJECT_TYPE },
          ...viewed.map((document) => ({ field: 'unique_id' as const, value: document.unique_id })),
        ],
      },
      {
        offset: Math.max(0, paging.offset - viewed.length),
        limit: paging.limit - fromViewed.length,
      },
    ),
  );
  return {
    total: viewed.length + newest.total,
    results: [...fromViewed.map(resultOfDocument), ...newest.hits.map(resultOfHit)],
  };
}

/**
 * topics: first-level topics with the most articles and guides filed under them (the content
 * catalogue's counts), each answered as its topic search document.
 */
async function popularTopics(
  database: PortalDatabase,
  content: ContentSource,
  paging: Paging,
): Promise<RecommendationPage> {
  const catalogue = await content.topicCounts(database.db);
  const ranked = catalogue
    .map((topic, order) => ({ ...topic, order }))
    .sort((a, b) => b.filed - a.filed || a.order - b.order);
  const documents = await listSearchDocumentsByIds(
    database.db,
    ranked.map((topic) => topic.id),
  );
  const byId = new Map(documents.map((document) => [document.unique_id, document]));
  const topics = ranked.flatMap((topic) => {
    const document = byId.get(topic.id);
    return document?.objecttype === TOPIC_OBJECT_TYPE ? [document] : [];
  });
  return {
    total: topics.length,
    results: topics.slice(paging.offset, paging.offset + paging.limit).map(resultOfDocument),
  };
}

async function newest(engine: SearchEngine, query: EngineQuery): Promise<RecommendationPage> {
  const found = await engine.search(query);
  return { total: found.total, results: found.hits.map(resultOfHit) };
}

/** Spec 2.4 recommendation blocks: one list per tab of the 'recommendations' hub. */
export function recommend(
  tab: RecommendationTab,
  context: {
    database: PortalDatabase;
    engine: SearchEngine;
    content: ContentSource;
    now: Date;
    paging: Paging;
  },
): Promise<RecommendationPage> {
  const { database, engine, content, now, paging } = context;
  switch (tab) {
    case 'all_content':
      return trending(database, engine, paging, now);
    case 'all_learning':
      return newest(engine, browse({ scope: LEARNING_SCOPE }, paging));
    case 'recent_discussions':
      return newest(
        engine,
        browse(
          {
            scope: {
              objecttypes: [DISCUSSION_OBJECT_TYPE],
              commonContentTypes: [DISCUSSION_CONTENT_TYPE],
            },
          },
          paging,
        ),
      );
    case 'topics':
      return popularTopics(database, content, paging);
  }
}
