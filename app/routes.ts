import { route, type RouteConfig } from '@react-router/dev/routes';
import {
  routerEntries,
  ROUTE_TABLE,
  SSO_START_PATH,
  GLOSSARY_PATH,
  DISCUSSIONS_PATH,
  IDEAS_PATH,
  MODERATION_PATH,
  MY_DATA_PATH,
} from '../core/routes/index.ts';

/** Pages with a module of their own; every other page of the table shows the page shell. */
const PAGE_MODULES: Readonly<Record<string, string>> = {
  home: 'routes/home.tsx',
  error: 'routes/error.tsx',
  article: 'routes/kb/article.tsx',
  guide: 'routes/kb/guide.tsx',
  topic: 'routes/kb/topic.tsx',
  topicCatalog: 'routes/kb/topic-catalog.tsx',
  recordDetail: 'routes/kb/record-detail.tsx',
  gettingStarted: 'routes/kb/landing-page.tsx',
  accountantsAndBookkeepers: 'routes/kb/landing-page.tsx',
  endOfFinancialYear: 'routes/kb/landing-page.tsx',
  paymentServices: 'routes/kb/landing-page.tsx',
  openBanking: 'routes/kb/landing-page.tsx',
  search: 'routes/search/search.tsx',
  learningSearch: 'routes/search/learning-search.tsx',
  community: 'routes/community/home.tsx',
  discussion: 'routes/community/discussion.tsx',
  user: 'routes/community/user.tsx',
  myDiscussions: 'routes/community/my-discussions.tsx',
  startDiscussion: 'routes/community/start-discussion.tsx',
  feed: 'routes/community/feed.tsx',
  unsubscribeTopic: 'routes/community/unsubscribe-topic.tsx',
  learning: 'routes/learning/learning.tsx',
  webinarsEvents: 'routes/learning/webinars-events.tsx',
  certifications: 'routes/learning/certifications.tsx',
  consentAndPreferences: 'routes/privacy/preferences.tsx',
};

export default [
  ...routerEntries(ROUTE_TABLE).map((entry) =>
    route(entry.pattern, PAGE_MODULES[entry.pageKey] ?? 'routes/page-shell.tsx', { id: entry.id }),
  ),
  route(`${SSO_START_PATH}/:provider`, 'routes/sign-in.tsx'),
  route(`${SSO_START_PATH}/:provider/callback`, 'routes/sign-in-callback.tsx'),
  route(GLOSSARY_PATH, 'routes/kb/glossary.tsx', { id: 'glossary' }),
  route(`${GLOSSARY_PATH}/:slug`, 'routes/kb/glossary-entry.tsx', { id: 'glossaryEntry' }),
  route('/s/detail/:id', 'routes/kb/record-detail.tsx', { id: 'aura.recordDetail.record' }),
  route(IDEAS_PATH, 'routes/community/ideas.tsx', { id: 'communityIdeas' }),
  route(`${IDEAS_PATH}/:id`, 'routes/community/idea.tsx', { id: 'communityIdea' }),
  route(MODERATION_PATH, 'routes/community/moderation.tsx', { id: 'communityModeration' }),
  route(DISCUSSIONS_PATH, 'routes/community/discussions.tsx', { id: 'communityDiscussions' }),
  route('/admin/jobs', 'routes/admin/jobs.tsx', { id: 'adminJobs' }),
  route(MY_DATA_PATH, 'routes/privacy/export.ts', { id: 'privacyExport' }),
  route('/dev/blocks', 'routes/gallery/block-gallery.tsx', { id: 'blockGallery' }),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
