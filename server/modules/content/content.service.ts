import type { Kysely } from 'kysely';
import { articleFeedbackInput, type LandingPageKey } from '~core/content';
import { isRecordId } from '~core/records';
import type { Database } from '~server/db/schema.ts';
import { newRecordId } from '~server/db/ids.ts';
import * as repository from './content.repository.ts';
import * as texts from './content-texts.repository.ts';
import * as glossary from './glossary.repository.ts';
import * as guides from './guides.repository.ts';
import * as landingPages from './landing-pages.repository.ts';
import * as apps from './marketplace-apps.repository.ts';
import * as media from './media.repository.ts';
import * as seo from './seo.repository.ts';
import type {
  Article,
  ArticleText,
  FeedbackResult,
  GlossaryEntry,
  GlossaryEntrySummary,
  GlossaryEntryText,
  Guide,
  GuideText,
  Label,
  LandingPage,
  MarketplaceApp,
  MediaFile,
  SitemapEntry,
  Topic,
  TopicCatalogEntry,
  TopicOutline,
} from './content.types.ts';
import type { ContentSource } from '~server/modules/search';

export type * from './content.types.ts';
export type { SeoRecord } from './seo.repository.ts';

/** The article at /article/{urlName}, with its topics, labels and related articles. */
export function findArticle(db: Kysely<Database>, urlName: string): Promise<Article | undefined> {
  return repository.findArticle(db, { urlName });
}

/** The article with this record id (ka0…). */
export function findArticleById(db: Kysely<Database>, id: string): Promise<Article | undefined> {
  if (!isRecordId(id)) return Promise.resolve(undefined);
  return repository.findArticle(db, { id });
}

/** The guide at /guide/{id}, its sections holding their articles in order. */
export function findGuide(db: Kysely<Database>, id: string): Promise<Guide | undefined> {
  if (!isRecordId(id)) return Promise.resolve(undefined);
  return guides.findGuide(db, id);
}

/** The topic at /topic/{id}, with its parent, its subtopics and what is filed under it. */
export function findTopic(db: Kysely<Database>, id: string): Promise<Topic | undefined> {
  if (!isRecordId(id)) return Promise.resolve(undefined);
  return repository.findTopic(db, id);
}

/** The two-level topic tree of the topic catalogue, in display order, with counts. */
export function listTopicCatalog(db: Kysely<Database>): Promise<TopicCatalogEntry[]> {
  return repository.listTopicCatalog(db);
}

/** Every topic in catalogue order, without counts: for modules that file items under topics. */
export function listTopics(db: Kysely<Database>): Promise<TopicOutline[]> {
  return repository.listTopics(db);
}

/** The catalogue's products, in catalogue order. */
export function listProducts(db: Kysely<Database>): Promise<Label[]> {
  return repository.listProducts(db);
}

/** Every glossary entry, by term. */
export function listGlossary(db: Kysely<Database>): Promise<GlossaryEntrySummary[]> {
  return glossary.listGlossary(db);
}

export function findGlossaryEntry(
  db: Kysely<Database>,
  slug: string,
): Promise<GlossaryEntry | undefined> {
  return glossary.findGlossaryEntry(db, slug);
}

/** Every marketplace app, by name. */
export function listMarketplaceApps(db: Kysely<Database>): Promise<MarketplaceApp[]> {
  return apps.listMarketplaceApps(db);
}

export function findMarketplaceApp(
  db: Kysely<Database>,
  slug: string,
): Promise<MarketplaceApp | undefined> {
  return apps.findMarketplaceApp(db, slug);
}

/** A content-led landing page with the guides and articles of its sections resolved. */
export function findLandingPage(
  db: Kysely<Database>,
  pageKey: LandingPageKey | string,
): Promise<LandingPage | undefined> {
  return landingPages.findLandingPage(db, pageKey);
}

/** Every public content page: articles, guides, topics, the topic catalogue, landing pages. */
export function listSitemapEntries(db: Kysely<Database>): Promise<SitemapEntry[]> {
  return seo.listSitemapEntries(db);
}

/** The team that owns a content record (the contentTeam of analytics); undefined when none. */
export function findContentTeam(
  db: Kysely<Database>,
  recordId: string,
): Promise<string | undefined> {
  if (!isRecordId(recordId)) return Promise.resolve(undefined);
  return repository.findArticleTeam(db, recordId);
}

/** A media file by its content key, for /cms/delivery/media/{contentKey}. */
export function findMedia(
  db: Kysely<Database>,
  contentKey: string,
): Promise<MediaFile | undefined> {
  return media.findMedia(db, contentKey);
}

/** The article, guide or topic with this record id, as the SEO properties call describes it. */
export function findSeoRecord(
  db: Kysely<Database>,
  recordId: string,
): Promise<seo.SeoRecord | undefined> {
  if (!isRecordId(recordId)) return Promise.resolve(undefined);
  return seo.findSeoRecord(db, recordId);
}

/** Every article's summary and Markdown body, by url name: what generated answers quote. */
export function listArticleTexts(db: Kysely<Database>): Promise<ArticleText[]> {
  return texts.listArticleTexts(db);
}

/** Articles' titles and summaries by topic: what the case classifier learns topics from. */
export function listArticleTopicTexts(db: Kysely<Database>) {
  return texts.listArticleTopicTexts(db);
}

/** Every guide's introduction and section summaries, by slug, for generated answers. */
export function listGuideTexts(db: Kysely<Database>): Promise<GuideText[]> {
  return texts.listGuideTexts(db);
}

/** Every glossary entry's summary and definition, by slug, for generated answers. */
export function listGlossaryEntryTexts(db: Kysely<Database>): Promise<GlossaryEntryText[]> {
  return texts.listGlossaryEntryTexts(db);
}

/** True once any help content has been imported (the first-start import checks this). */
export function hasContent(db: Kysely<Database>): Promise<boolean> {
  return repository.hasContent(db);
}

/**
 * Stores a visitor's 'Was this helpful?' answer for an article. `input` is what the form
 * sent ({helpful, comment?}); it is validated here, so callers pass it on unchanged.
 */
export async function recordArticleFeedback(
  db: Kysely<Database>,
  articleId: string,
  input: unknown,
  options: { userId?: string; now?: Date } = {},
): Promise<FeedbackResult> {
  const parsed = articleFeedbackInput.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      ok: false,
      reason: 'invalid',
      field: String(issue?.path[0] ?? 'feedback'),
      message: issue?.message ?? 'The feedback is not valid.',
    };
  }
  if (!isRecordId(articleId) || !(await repository.articleExists(db, articleId))) {
    return { ok: false, reason: 'unknown-article' };
  }
  const id = newRecordId('articleFeedback');
  await repository.insertArticleFeedback(db, {
    id,
    article_id: articleId,
    helpful: parsed.data.helpful ? 1 : 0,
    comment: parsed.data.comment ?? null,
    user_id: options.userId ?? null,
    created_at: (options.now ?? new Date()).toISOString(),
  });
  return { ok: true, id };
}

/** What search reads from the help content (the search module's ContentSource). */
export const contentForSearch: ContentSource = {
  async guideArticleIds(db, guideId) {
    const guide = await findGuide(db, guideId);
    return (
      guide?.sections.flatMap((section) => section.articles.map((article) => article.id)) ?? []
    );
  },
  async topicCounts(db) {
    const catalogue = await listTopicCatalog(db);
    return catalogue.map((topic) => ({
      id: topic.id,
      filed: topic.articleCount + topic.guideCount,
    }));
  },
};
