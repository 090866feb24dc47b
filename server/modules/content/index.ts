/*
 * The content module's public face: the only file other modules, the app's server files and
 * tests import from it.
 */
export {
  contentForSearch,
  findArticle,
  findArticleById,
  findContentTeam,
  findGlossaryEntry,
  findGuide,
  findLandingPage,
  findMedia,
  findSeoRecord,
  findTopic,
  listArticleTexts,
  listArticleTopicTexts,
  listGlossary,
  listGlossaryEntryTexts,
  listGuideTexts,
  listProducts,
  listSitemapEntries,
  listTopicCatalog,
  listTopics,
  recordArticleFeedback,
  type SeoRecord,
  type SitemapEntry,
  type TopicWithParent,
} from './content.service.ts';
export type { ContentTables } from './content.tables.ts';
export type { Article, Label, TopicOutline } from './content.types.ts';
export { mediaContentKey } from './import/content-rows.ts';
export { contentIds } from './import/planned-items.ts';
export { importContent } from './import/content-import.ts';
export { importContentOnFirstStart, type FirstStartLog } from './import/first-start.ts';
export { createProgressBar } from './import/progress-bar.ts';
export { markdownToPlainText } from './markdown-text.ts';
export { userTextRenderer } from './user-text.ts';
export { previewArticle, type ArticlePreview } from './article-preview.service.ts';
export { forgetArticleFeedbackOfUser } from './content.repository.ts';
export {
  countArticleFeedbackBetween,
  describeContent,
  type ContentRecord,
} from './content-insight.repository.ts';
