/**
 * A literal copy of the route table of spec section 2.2, for the tests: kept apart from
 * ROUTE_TABLE on purpose, so a mistake in the implementation's table cannot hide in its tests.
 * Columns: page key, legacy path, new path ('same' = the legacy path), priority, type.
 */
export type SpecPriority = 'new' | 'legacy';
export type SpecRow = readonly [
  pageKey: string,
  legacyPath: string,
  newPath: string,
  priority: SpecPriority,
  type: string,
];

export const SPEC_TABLE: readonly SpecRow[] = [
  ['home', '/', '/', 'new', 'support'],
  ['learning', '/learning', '/learning', 'new', 'learning'],
  ['getStarted', '', '', 'new', 'none'],
  ['gettingStarted', '/getting-started', 'same', 'new', 'getting-started'],
  [
    'accountantsAndBookkeepers',
    '/accountants-and-bookkeepers',
    'same',
    'new',
    'accountants-and-bookkeepers',
  ],
  ['community', '/community', 'same', 'new', 'community'],
  ['partners', '/partners', 'same', 'new', 'partners'],
  ['article', '/article/{urlName}', 'same', 'legacy', 'support'],
  ['discussion', '/question/{id}', 'same', 'legacy', 'support'],
  ['topic', '/topic/{id}', '/topic/?topicId={id}', 'legacy', 'support'],
  ['guide', '/guide/{id}', 'same', 'new', 'support'],
  ['error', '/error', 'same', 'legacy', 'support'],
  ['case', '/case?caseId={id}', 'same', 'legacy', 'support'],
  ['myCases', '/my-cases', '/my/cases', 'legacy', 'support'],
  ['caseInvite', '/case-invite?caseId={id}', 'same', 'legacy', 'support'],
  ['user', '/user/{id}', 'same', 'legacy', 'support'],
  ['topicCatalog', '/topiccatalog', 'same', 'legacy', 'support'],
  ['myDiscussions', '/my-discussions', '/my/discussions', 'legacy', 'support'],
  ['partnersPersonalise', '/partners/personalise', 'same', 'new', 'flow-isolation'],
  ['partnersUpdateAccount', '/partners/update-account', 'same', 'new', 'flow-isolation'],
  ['partnersSuggestions', '/partners/suggestions', 'same', 'new', 'flow-isolation'],
  ['certifications', '/certifications', '/my/certifications', 'legacy', 'learning'],
  ['webinarsEvents', '/webinars-events', 'same', 'new', 'learning'],
  ['contactSupport', '/contact-support', 'same', 'legacy', 'support'],
  ['contact-product-support', '/contact-{product}-support', 'same', 'legacy', 'support'],
  ['contactSupportMfa', '/contact-support-mfa', 'same', 'legacy', 'support'],
  ['contactSupportLogin', '/contact-support-login', 'same', 'legacy', 'support'],
  ['startDiscussion', '/start-a-discussion', 'same', 'legacy', 'support'],
  ['search', '/search', 'same', 'new', 'support'],
  ['learningSearch', '/learning-search', 'same', 'new', 'learning'],
  ['partnersResources', '/partners/resources', 'same', 'new', 'partners'],
  ['partnersAccount', '/partners/account', 'same', 'new', 'partners'],
  ['partnersSubscriptionChanges', '/partners/subscription-changes', 'same', 'new', 'partners'],
  ['subscriptionChanges', '/subscription-changes', 'same', 'legacy', 'flow-isolation'],
  ['partnersChallengesAndRewards', '/partners/challenges-and-rewards', 'same', 'new', 'none'],
  ['partnersChallenges', '/partners/challenges', 'same', 'new', 'partners'],
  ['partnersChallenge', '/partners/challenges/{id}', 'same', 'new', 'partners'],
  [
    'partnersServiceJob',
    '/partners/challenges/{id}',
    '/partners/managed-services/partner-service-job/{id}',
    'new',
    'partners',
  ],
  [
    'consentAndPreferences',
    '/settings/marketing-communication-preferences',
    'same',
    'new',
    'support',
  ],
  ['bookACall', '/book-a-call', 'same', 'legacy', 'support'],
  ['endOfFinancialYear', '/end-of-financial-year', 'same', 'new', 'support'],
  ['paymentServices', '/payment-services', 'same', 'new', 'support'],
  ['raiseSupportCase', '/raise-support-case', 'same', 'legacy', 'flow-isolation'],
  ['raisePartnerSupportCase', '/submit-partner-query', 'same', 'legacy', 'none'],
  ['createPracticeAccount', '/partners/create-account', 'same', 'new', 'none'],
  ['advisorDirectory', '/partners/advisor-directory', 'same', 'new', 'none'],
  ['manageAdvisorDirectory', '/partners/manage-advisor-directory', 'same', 'legacy', 'partners'],
  ['buyMultipleSubscriptions', '/partners/buy-multiple-subscriptions', 'same', 'new', 'none'],
  ['transferSubscriptions', '/partners/transfer-subscriptions', 'same', 'new', 'flow-isolation'],
  ['openBanking', '/open-banking', 'same', 'legacy', 'support'],
  ['recordDetail', '/detail', 'same', 'legacy', 'support'],
];

/** Spec 2.2: legacy-only pages, all of type support and priority legacy. */
export const SPEC_LEGACY_ONLY: readonly (readonly [pageKey: string, legacyPath: string])[] = [
  ['feed', '/feed'],
  ['requestCallback', '/request-callback'],
  ['articlePreview', '/guides'],
  ['globalSearch', '/global-search'],
  ['test', '/test'],
  ['chatSupport', '/chat-support'],
  ['recordList', '/recordlist'],
  ['relatedList', '/relatedlist'],
  ['createRecord', '/createrecord'],
  ['recognitionBadge', '/RecognitionBadge'],
];

/** Spec 2.2: unsubscribeTopic has a legacy path only, priority new, type support. */
export const SPEC_UNSUBSCRIBE_TOPIC = {
  pageKey: 'unsubscribeTopic',
  legacyPath: '/unsubscribe-topic',
} as const;

/** Spec 2.1: 'new' is the /0 variant ('lwr'), 'legacy' the /s variant ('aura'). */
/** Spec 2.3: a path with one of these segments is always of type 'support'. */
export const SPEC_ALWAYS_SUPPORT_SEGMENTS: readonly string[] = [
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
];

export const SPEC_PRIORITY = { new: 'lwr', legacy: 'aura' } as const;

/** Every page key of spec 2.2, in the spec's order. */
export const SPEC_PAGE_KEYS: readonly string[] = [
  ...SPEC_TABLE.map(([pageKey]) => pageKey),
  ...SPEC_LEGACY_ONLY.map(([pageKey]) => pageKey),
  SPEC_UNSUBSCRIBE_TOPIC.pageKey,
];

/** The new path of a spec row, 'same' resolved. */
export function specNewPath(row: SpecRow): string {
  return row[2] === 'same' ? row[1] : row[2];
}

/** An 18-character alphanumeric record id (spec 3, "Record id"), and near misses. */
export const ID = '0TO5g000000AbCdEFG';
export const ID_17 = ID.slice(0, 17);
export const ID_19 = `${ID}H`;

/** The product the contract is built for, and its slug in contact-{product}-support. */
export const PRODUCT = 'Ledgerleaf Books';
export const PRODUCT_SLUG = 'ledgerleaf-books';
export const SITE_URL = 'https://help.ledgerleaf.example';
