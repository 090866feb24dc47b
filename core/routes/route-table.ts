/** The two site variants and the value that says which one should serve a page. */
export type Variant = 'aura' | 'lwr';
export type Priority = Variant | 'referrer';

export type PageType =
  | 'support'
  | 'learning'
  | 'getting-started'
  | 'accountants-and-bookkeepers'
  | 'community'
  | 'partners'
  | 'flow-isolation'
  | 'none';

export const VARIANT_ROOT: Readonly<Record<Variant, string>> = { aura: '/s', lwr: '/0' };

export interface RouteDefinition {
  pageKey: string;
  /** Path under /s; null when the page has no legacy path. */
  legacyPath: string | null;
  /** Path under /0; null when the page exists only in the legacy variant. */
  newPath: string | null;
  priority: Priority;
  type: PageType;
}

const LEGACY = 'aura';
const NEW = 'lwr';

function page(
  pageKey: string,
  legacyPath: string | null,
  newPath: string | null | 'same',
  priority: Priority,
  type: PageType,
): RouteDefinition {
  return {
    pageKey,
    legacyPath,
    newPath: newPath === 'same' ? legacyPath : newPath,
    priority,
    type,
  };
}

function legacyOnly(pageKey: string, path: string): RouteDefinition {
  return page(pageKey, path, null, LEGACY, 'support');
}

/**
 * The route table of spec 2.2, in the spec's order: detection takes the first match, which
 * is how partnersChallenge wins over partnersServiceJob for their shared legacy path.
 * `{product}` in a path is the configured product, resolved by the route contract.
 */
export const ROUTE_TABLE: readonly RouteDefinition[] = [
  page('home', '/', '/', NEW, 'support'),
  page('learning', '/learning', '/learning', NEW, 'learning'),
  page('getStarted', '', '', NEW, 'none'),
  page('gettingStarted', '/getting-started', 'same', NEW, 'getting-started'),
  page(
    'accountantsAndBookkeepers',
    '/accountants-and-bookkeepers',
    'same',
    NEW,
    'accountants-and-bookkeepers',
  ),
  page('community', '/community', 'same', NEW, 'community'),
  page('partners', '/partners', 'same', NEW, 'partners'),
  page('article', '/article/{urlName}', 'same', LEGACY, 'support'),
  page('discussion', '/question/{id}', 'same', LEGACY, 'support'),
  page('topic', '/topic/{id}', '/topic/?topicId={id}', LEGACY, 'support'),
  page('guide', '/guide/{id}', 'same', NEW, 'support'),
  page('error', '/error', 'same', LEGACY, 'support'),
  page('case', '/case?caseId={id}', 'same', LEGACY, 'support'),
  page('myCases', '/my-cases', '/my/cases', LEGACY, 'support'),
  page('caseInvite', '/case-invite?caseId={id}', 'same', LEGACY, 'support'),
  page('user', '/user/{id}', 'same', LEGACY, 'support'),
  page('topicCatalog', '/topiccatalog', 'same', LEGACY, 'support'),
  page('myDiscussions', '/my-discussions', '/my/discussions', LEGACY, 'support'),
  page('partnersPersonalise', '/partners/personalise', 'same', NEW, 'flow-isolation'),
  page('partnersUpdateAccount', '/partners/update-account', 'same', NEW, 'flow-isolation'),
  page('partnersSuggestions', '/partners/suggestions', 'same', NEW, 'flow-isolation'),
  page('certifications', '/certifications', '/my/certifications', LEGACY, 'learning'),
  page('webinarsEvents', '/webinars-events', 'same', NEW, 'learning'),
  page('contactSupport', '/contact-support', 'same', LEGACY, 'support'),
  page('contact-product-support', '/contact-{product}-support', 'same', LEGACY, 'support'),
  page('contactSupportMfa', '/contact-support-mfa', 'same', LEGACY, 'support'),
  page('contactSupportLogin', '/contact-support-login', 'same', LEGACY, 'support'),
  page('startDiscussion', '/start-a-discussion', 'same', LEGACY, 'support'),
  page('search', '/search', 'same', NEW, 'support'),
  page('learningSearch', '/learning-search', 'same', NEW, 'learning'),
  page('partnersResources', '/partners/resources', 'same', NEW, 'partners'),
  page('partnersAccount', '/partners/account', 'same', NEW, 'partners'),
  page('partnersSubscriptionChanges', '/partners/subscription-changes', 'same', NEW, 'partners'),
  page('subscriptionChanges', '/subscription-changes', 'same', LEGACY, 'flow-isolation'),
  page('partnersChallengesAndRewards', '/partners/challenges-and-rewards', 'same', NEW, 'none'),
  page('partnersChallenges', '/partners/challenges', 'same', NEW, 'partners'),
  page('partnersChallenge', '/partners/challenges/{id}', 'same', NEW, 'partners'),
  page(
    'partnersServiceJob',
    '/partners/challenges/{id}',
    '/partners/managed-services/partner-service-job/{id}',
    NEW,
    'partners',
  ),
  page(
    'consentAndPreferences',
    '/settings/marketing-communication-preferences',
    'same',
    NEW,
    'support',
  ),
  page('bookACall', '/book-a-call', 'same', LEGACY, 'support'),
  page('endOfFinancialYear', '/end-of-financial-year', 'same', NEW, 'support'),
  page('paymentServices', '/payment-services', 'same', NEW, 'support'),
  page('raiseSupportCase', '/raise-support-case', 'same', LEGACY, 'flow-isolation'),
  page('raisePartnerSupportCase', '/submit-partner-query', 'same', LEGACY, 'none'),
  page('createPracticeAccount', '/partners/create-account', 'same', NEW, 'none'),
  page('advisorDirectory', '/partners/advisor-directory', 'same', NEW, 'none'),
  page('manageAdvisorDirectory', '/partners/manage-advisor-directory', 'same', LEGACY, 'partners'),
  page('buyMultipleSubscriptions', '/partners/buy-multiple-subscriptions', 'same', NEW, 'none'),
  page('transferSubscriptions', '/partners/transfer-subscriptions', 'same', NEW, 'flow-isolation'),
  page('openBanking', '/open-banking', 'same', LEGACY, 'support'),
  page('recordDetail', '/detail', 'same', LEGACY, 'support'),
  legacyOnly('feed', '/feed'),
  legacyOnly('requestCallback', '/request-callback'),
  legacyOnly('articlePreview', '/guides'),
  legacyOnly('globalSearch', '/global-search'),
  legacyOnly('test', '/test'),
  legacyOnly('chatSupport', '/chat-support'),
  legacyOnly('recordList', '/recordlist'),
  legacyOnly('relatedList', '/relatedlist'),
  legacyOnly('createRecord', '/createrecord'),
  legacyOnly('recognitionBadge', '/RecognitionBadge'),
  page('unsubscribeTopic', '/unsubscribe-topic', null, NEW, 'support'),
];

/** Path segments that make a page of type 'support' whatever the table says. */
export const ALWAYS_SUPPORT_SEGMENTS: ReadonlySet<string> = new Set([
  'question',
  'topiccatalog',
  'settings',
  'my',
  'profile',
  'startADiscussion',
  'guides',
  'detail',
  'recordlist',
  'relatedlist',
  'createrecord',
  'RecognitionBadge',
]);

export const SITE_RESOURCE_PREFIXES = ['/cms/', '/img/', '/assets/'] as const;
export const CONTENT_MANAGEMENT_PREFIX = '/sfsites/c';
export const SSO_START_PATH = '/services/auth/sso';
