import type { SiteNames } from '../site/index.ts';

/**
 * The heading and document title of each page. The spec names only the home page's title;
 * the rest are written the way a visitor would call the page.
 */
const PAGE_TITLES: Readonly<Record<string, (names: SiteNames) => string>> = {
  home: () => 'Support',
  learning: () => 'Learning',
  getStarted: () => 'Support',
  gettingStarted: (n) => `Get started with ${n.product}`,
  accountantsAndBookkeepers: () => 'Accountants and bookkeepers',
  community: () => 'Community',
  partners: () => 'Partners',
  article: () => 'Help article',
  discussion: () => 'Discussion',
  topic: () => 'Topic',
  guide: () => 'Guide',
  error: () => 'We couldn’t open that page',
  case: () => 'Support case',
  myCases: () => 'My cases',
  caseInvite: () => 'Case invitation',
  user: () => 'Profile',
  topicCatalog: () => 'All topics',
  myDiscussions: () => 'My discussions',
  partnersPersonalise: () => 'Personalise your partner experience',
  partnersUpdateAccount: () => 'Update your account',
  partnersSuggestions: () => 'Suggested next steps',
  certifications: () => 'My certifications',
  webinarsEvents: () => 'Webinars and events',
  contactSupport: () => 'Contact support',
  'contact-product-support': (n) => `Contact ${n.product} support`,
  contactSupportMfa: () => 'Get help with multi-factor authentication',
  contactSupportLogin: () => 'Get help signing in',
  startDiscussion: () => 'Start a discussion',
  search: () => 'Search',
  learningSearch: () => 'Search learning',
  partnersResources: () => 'Partner resources',
  partnersAccount: () => 'Practice account',
  partnersSubscriptionChanges: () => 'Subscription changes',
  subscriptionChanges: () => 'Subscription changes',
  partnersChallengesAndRewards: () => 'Challenges and rewards',
  partnersChallenges: () => 'Challenges',
  partnersChallenge: () => 'Challenge',
  partnersServiceJob: () => 'Managed service job',
  consentAndPreferences: () => 'Marketing communication preferences',
  bookACall: () => 'Book a call',
  endOfFinancialYear: () => 'End of financial year',
  paymentServices: () => 'Payment services',
  raiseSupportCase: () => 'Raise a support case',
  raisePartnerSupportCase: () => 'Submit a partner query',
  createPracticeAccount: () => 'Create a practice account',
  advisorDirectory: () => 'Advisor directory',
  manageAdvisorDirectory: () => 'Manage your advisor directory listing',
  buyMultipleSubscriptions: () => 'Buy multiple subscriptions',
  transferSubscriptions: () => 'Transfer subscriptions',
  openBanking: () => 'Open banking',
  recordDetail: () => 'Record details',
  feed: () => 'Community feed',
  requestCallback: () => 'Request a callback',
  articlePreview: () => 'Guides',
  globalSearch: () => 'Search',
  test: () => 'Test page',
  chatSupport: () => 'Chat with support',
  recordList: () => 'Records',
  relatedList: () => 'Related records',
  createRecord: () => 'Create a record',
  recognitionBadge: () => 'Recognition badges',
  unsubscribeTopic: () => 'Unsubscribe from a topic',
};

export function pageHeading(pageKey: string, names: SiteNames): string {
  // Own keys only: 'constructor' or 'toString' are not pages.
  return Object.hasOwn(PAGE_TITLES, pageKey) ? (PAGE_TITLES[pageKey]?.(names) ?? 'Page') : 'Page';
}

/** '{heading} – {brand}': the home page reads 'Support – {brand}' as spec section 1 asks. */
export function documentTitle(heading: string, names: SiteNames): string {
  return `${heading} – ${names.brand}`;
}

/** Spec section 1's home page description, in substance. */
export function homeDescription(names: SiteNames): string {
  return `Get support using ${names.product}: read help articles, troubleshoot problems, join discussions with other ${names.brand} users, and contact support when you need extra help.`;
}
