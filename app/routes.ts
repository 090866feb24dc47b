import { index, route, type RouteConfig } from '@react-router/dev/routes';
import {
  routerEntries,
  ROUTE_TABLE,
  SSO_START_PATH,
  GLOSSARY_PATH,
  DISCUSSIONS_PATH,
  IDEAS_PATH,
  MODERATION_PATH,
  DELETE_ACCOUNT_PATH,
  MY_DATA_PATH,
} from '../core/routes/index.ts';
import {
  PARTNER_ADMIN_PATHS,
  PARTNER_POINTS_CSV_PATH,
  PARTNER_RESOURCE_DOWNLOAD_PATTERN,
  PARTNER_STEP_FOLLOW_PATTERN,
  RECOGNITION_BADGE_PATTERNS,
} from '../core/partner/index.ts';
import { CASE_ATTACHMENT_PATTERN } from '../core/cases/index.ts';
import {
  DIRECTORY_MODERATION_PATH,
  DIRECTORY_PATH,
  LOGO_PATH,
  PRACTICE_INVITATION_PATH,
} from '../core/practices/index.ts';
import {
  ORDER_INVOICE_PATTERN,
  SUBSCRIPTION_ACTIVATE_PATH,
  SUBSCRIPTION_CHANGES_CSV_PATH,
  SUBSCRIPTION_TRANSFER_DECISION_PATH,
  SUBSCRIPTIONS_ADMIN_PATH,
} from '../core/subscriptions/index.ts';

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
  // The legacy site's global search is the same page as /search.
  globalSearch: 'routes/search/search.tsx',
  test: 'routes/admin/status.tsx',
  articlePreview: 'routes/kb/article-preview.tsx',
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
  case: 'routes/cases/case.tsx',
  myCases: 'routes/cases/my-cases.tsx',
  caseInvite: 'routes/cases/case-invite.tsx',
  raiseSupportCase: 'routes/cases/raise-case.tsx',
  raisePartnerSupportCase: 'routes/cases/partner-query.tsx',
  recordList: 'routes/cases/record-list.tsx',
  relatedList: 'routes/cases/related-list.tsx',
  createRecord: 'routes/cases/create-record.tsx',
  consentAndPreferences: 'routes/privacy/preferences.tsx',
  bookACall: 'routes/contact/book-a-call.tsx',
  chatSupport: 'routes/contact/chat.tsx',
  contactSupport: 'routes/contact/hub.tsx',
  'contact-product-support': 'routes/contact/hub.tsx',
  requestCallback: 'routes/contact/request-callback.tsx',
  contactSupportLogin: 'routes/contact/sign-in-help.tsx',
  contactSupportMfa: 'routes/contact/mfa-help.tsx',
  partners: 'routes/partners/dashboard.tsx',
  partnersAccount: 'routes/partners/account.tsx',
  partnersChallengesAndRewards: 'routes/partners/challenges-and-rewards.tsx',
  partnersChallenges: 'routes/partners/challenges-and-rewards.tsx',
  partnersSuggestions: 'routes/partners/suggestions.tsx',
  partnersChallenge: 'routes/partners/challenge.tsx',
  partnersPersonalise: 'routes/partners/personalise.tsx',
  partnersUpdateAccount: 'routes/partners/update-account.tsx',
  partnersResources: 'routes/partners/resources.tsx',
  partnersServiceJob: 'routes/partners/service-job.tsx',
  recognitionBadge: 'routes/partners/recognition-badge.tsx',
  createPracticeAccount: 'routes/practices/create-account.tsx',
  advisorDirectory: 'routes/practices/advisor-directory.tsx',
  manageAdvisorDirectory: 'routes/practices/manage-listing.tsx',
  buyMultipleSubscriptions: 'routes/subscriptions/buy.tsx',
  transferSubscriptions: 'routes/subscriptions/transfer.tsx',
  partnersSubscriptionChanges: 'routes/subscriptions/practice-changes.tsx',
  subscriptionChanges: 'routes/subscriptions/own-subscription.tsx',
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
  route('/admin/insight', 'routes/insight/insight-home.tsx', { id: 'insightHome' }),
  route('/admin/insight/:dashboard', 'routes/insight/dashboard.tsx', { id: 'insightDashboard' }),
  route('/admin/insight/:dashboard/csv/:table', 'routes/insight/dashboard-csv.ts', {
    id: 'insightCsv',
  }),
  route('/agent/bookings', 'routes/contact/agent-bookings.tsx', { id: 'agentBookings' }),
  route('/agent/callbacks', 'routes/contact/agent-callbacks.tsx', { id: 'agentCallbacks' }),
  // The agents' workspace: a workspace page is a child here and a line in workspace-nav.ts.
  route('/agent', 'routes/agent/workspace.tsx', { id: 'agentWorkspace' }, [
    index('routes/agent/queues.tsx', { id: 'agentQueues' }),
    route('cases/:caseId', 'routes/agent/agent-case.tsx', { id: 'agentCase' }),
    route('chats', 'routes/contact/agent-chats.tsx', { id: 'agentChats' }),
    route('chats/:chatId', 'routes/contact/agent-chat.tsx', { id: 'agentChat' }),
  ]),
  route(CASE_ATTACHMENT_PATTERN, 'routes/cases/case-attachment.ts', { id: 'caseAttachment' }),
  route(MY_DATA_PATH, 'routes/privacy/export.ts', { id: 'privacyExport' }),
  route(DELETE_ACCOUNT_PATH, 'routes/privacy/delete-account.tsx', { id: 'deleteAccount' }),
  route(PARTNER_POINTS_CSV_PATH, 'routes/partners/points-csv.ts', { id: 'partnerPointsCsv' }),
  route(PRACTICE_INVITATION_PATH, 'routes/partners/join-practice.tsx', {
    id: 'practiceInvitation',
  }),
  route(PARTNER_RESOURCE_DOWNLOAD_PATTERN, 'routes/partners/resource-download.ts', {
    id: 'partnerResourceDownload',
  }),
  route(RECOGNITION_BADGE_PATTERNS.assertion, 'routes/partners/badge-assertion.ts', {
    id: 'recognitionBadgeAssertion',
  }),
  route(RECOGNITION_BADGE_PATTERNS.image, 'routes/partners/badge-image.ts', {
    id: 'recognitionBadgeImage',
  }),
  route(RECOGNITION_BADGE_PATTERNS.badgeClass, 'routes/partners/badge-class.ts', {
    id: 'recognitionBadgeClass',
  }),
  route(RECOGNITION_BADGE_PATTERNS.issuer, 'routes/partners/badge-issuer.ts', {
    id: 'recognitionBadgeIssuer',
  }),
  route(PARTNER_STEP_FOLLOW_PATTERN, 'routes/partners/follow-step.ts', { id: 'partnerStepFollow' }),
  route(`${LOGO_PATH}/:contentKey`, 'routes/practices/logo.ts', { id: 'practiceLogo' }),
  route(`${DIRECTORY_PATH}/:slug`, 'routes/practices/listing.tsx', { id: 'practiceListing' }),
  route(DIRECTORY_MODERATION_PATH, 'routes/practices/moderation.tsx', {
    id: 'directoryModeration',
  }),
  route(PARTNER_ADMIN_PATHS.programme, 'routes/admin/partners/programme.tsx', {
    id: 'partnerAdminProgramme',
  }),
  route(PARTNER_ADMIN_PATHS.rewards, 'routes/admin/partners/rewards.tsx', {
    id: 'partnerAdminRewards',
  }),
  route(PARTNER_ADMIN_PATHS.points, 'routes/admin/partners/points.tsx', {
    id: 'partnerAdminPoints',
  }),
  route(PARTNER_ADMIN_PATHS.serviceJobs, 'routes/admin/partners/service-jobs.tsx', {
    id: 'partnerAdminServiceJobs',
  }),
  route(PARTNER_ADMIN_PATHS.challenges, 'routes/admin/partners/challenges.tsx', {
    id: 'partnerAdminChallenges',
  }),
  route(PARTNER_ADMIN_PATHS.onboarding, 'routes/admin/partners/onboarding.tsx', {
    id: 'partnerAdminOnboarding',
  }),
  route(PARTNER_ADMIN_PATHS.resources, 'routes/admin/partners/resources.tsx', {
    id: 'partnerAdminResources',
  }),
  route(PARTNER_ADMIN_PATHS.changes, 'routes/admin/partners/changes.tsx', {
    id: 'partnerAdminChanges',
  }),
  route(PARTNER_ADMIN_PATHS.changesCsv, 'routes/admin/partners/changes-csv.ts', {
    id: 'partnerAdminChangesCsv',
  }),
  route(ORDER_INVOICE_PATTERN, 'routes/subscriptions/order-invoice.ts', { id: 'orderInvoice' }),
  route(SUBSCRIPTION_CHANGES_CSV_PATH, 'routes/subscriptions/changes-csv.ts', {
    id: 'subscriptionChangesCsv',
  }),
  route(SUBSCRIPTION_ACTIVATE_PATH, 'routes/subscriptions/activate.tsx', {
    id: 'subscriptionActivate',
  }),
  route(SUBSCRIPTION_TRANSFER_DECISION_PATH, 'routes/subscriptions/transfer-decision.tsx', {
    id: 'subscriptionTransferDecision',
  }),
  route(SUBSCRIPTIONS_ADMIN_PATH, 'routes/subscriptions/admin.tsx', { id: 'subscriptionsAdmin' }),
  route('/dev/blocks', 'routes/gallery/block-gallery.tsx', { id: 'blockGallery' }),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
