/**
 * The knowledge-base service as the pages use it. A '.server' module: React Router refuses to
 * put it in the browser bundle, so the database code can never leak there.
 */
export {
  findArticle,
  findArticleById,
  findGlossaryEntry,
  findGuide,
  findLandingPage,
  findTopic,
  listGlossary,
  listTopicCatalog,
  previewArticle,
  recordArticleFeedback,
  type Article,
} from '~server/modules/content';
