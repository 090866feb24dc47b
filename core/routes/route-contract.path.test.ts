import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROUTE_TABLE, type RouteDefinition } from './route-table.ts';
import { createRouteContract, productSlug, servingVariant } from './route-contract.ts';
import { ID, PRODUCT, PRODUCT_SLUG, SITE_URL, SPEC_PAGE_KEYS } from './spec-route-table.fixture.ts';

const URL_NAME = 'how-to-reconcile';

/**
 * Spec 2.3: a page's path is the root of its priority variant followed by that variant's path.
 * Written out by hand for every page key of spec 2.2.
 */
const EXPECTED_PATHS: Readonly<Record<string, string>> = {
  home: '/0/',
  learning: '/0/learning',
  getStarted: '/0',
  gettingStarted: '/0/getting-started',
  accountantsAndBookkeepers: '/0/accountants-and-bookkeepers',
  community: '/0/community',
  partners: '/0/partners',
  article: '/s/article/{urlName}',
  discussion: '/s/question/{id}',
  topic: '/s/topic/{id}',
  guide: '/0/guide/{id}',
  error: '/s/error',
  case: '/s/case?caseId={id}',
  myCases: '/s/my-cases',
  caseInvite: '/s/case-invite?caseId={id}',
  user: '/s/user/{id}',
  topicCatalog: '/s/topiccatalog',
  myDiscussions: '/s/my-discussions',
  partnersPersonalise: '/0/partners/personalise',
  partnersUpdateAccount: '/0/partners/update-account',
  partnersSuggestions: '/0/partners/suggestions',
  certifications: '/s/certifications',
  webinarsEvents: '/0/webinars-events',
  contactSupport: '/s/contact-support',
  'contact-product-support': `/s/contact-${PRODUCT_SLUG}-support`,
  contactSupportMfa: '/s/contact-support-mfa',
  contactSupportLogin: '/s/contact-support-login',
  startDiscussion: '/s/start-a-discussion',
  search: '/0/search',
  learningSearch: '/0/learning-search',
  partnersResources: '/0/partners/resources',
  partnersAccount: '/0/partners/account',
  partnersSubscriptionChanges: '/0/partners/subscription-changes',
  subscriptionChanges: '/s/subscription-changes',
  partnersChallengesAndRewards: '/0/partners/challenges-and-rewards',
  partnersChallenges: '/0/partners/challenges',
  partnersChallenge: '/0/partners/challenges/{id}',
  partnersServiceJob: '/0/partners/managed-services/partner-service-job/{id}',
  consentAndPreferences: '/0/settings/marketing-communication-preferences',
  bookACall: '/s/book-a-call',
  endOfFinancialYear: '/0/end-of-financial-year',
  paymentServices: '/0/payment-services',
  raiseSupportCase: '/s/raise-support-case',
  raisePartnerSupportCase: '/s/submit-partner-query',
  createPracticeAccount: '/0/partners/create-account',
  advisorDirectory: '/0/partners/advisor-directory',
  manageAdvisorDirectory: '/s/partners/manage-advisor-directory',
  buyMultipleSubscriptions: '/0/partners/buy-multiple-subscriptions',
  transferSubscriptions: '/0/partners/transfer-subscriptions',
  openBanking: '/s/open-banking',
  recordDetail: '/s/detail',
  feed: '/s/feed',
  requestCallback: '/s/request-callback',
  articlePreview: '/s/guides',
  globalSearch: '/s/global-search',
  test: '/s/test',
  chatSupport: '/s/chat-support',
  recordList: '/s/recordlist',
  relatedList: '/s/relatedlist',
  createRecord: '/s/createrecord',
  recognitionBadge: '/s/RecognitionBadge',
  // Priority new, but the new variant has no path: the legacy one serves it.
  unsubscribeTopic: '/s/unsubscribe-topic',
};

const fill = (template: string) => template.replace('{id}', ID).replace('{urlName}', URL_NAME);
const hasPlaceholder = (template: string) => /\{(id|urlName)\}/.test(template);

function contract(log = vi.fn()) {
  return { log, routes: createRouteContract({ product: PRODUCT, siteUrl: SITE_URL, log }) };
}

describe('path building (spec 2.3)', () => {
  it('has an expected path for every page key of spec 2.2, and no other', () => {
    expect(Object.keys(EXPECTED_PATHS).sort()).toEqual([...SPEC_PAGE_KEYS].sort());
  });

  it.each(Object.entries(EXPECTED_PATHS))('%s is served at %s', (pageKey, template) => {
    const { routes, log } = contract();
    expect(routes.path(pageKey, { id: ID, urlName: URL_NAME })).toBe(fill(template));
    expect(log).not.toHaveBeenCalled();
  });

  it.each(Object.entries(EXPECTED_PATHS))(
    '%s: full URL is the community base URL plus the path',
    (pageKey, template) => {
      const { routes } = contract();
      expect(routes.url(pageKey, { id: ID, urlName: URL_NAME })).toBe(
        `${SITE_URL}${fill(template)}`,
      );
    },
  );

  it.each(Object.entries(EXPECTED_PATHS))(
    '%s without parameters: the path, or undefined when one is missing',
    (pageKey, template) => {
      const { routes, log } = contract();
      const expected = hasPlaceholder(template) ? undefined : template;
      expect(routes.path(pageKey)).toBe(expected);
      expect(routes.path(pageKey, {})).toBe(expected);
      expect(routes.url(pageKey)).toBe(expected === undefined ? undefined : SITE_URL + expected);
      expect(log).not.toHaveBeenCalled();
    },
  );

  it('substitutes {id} into discussion, guide, topic, case, user and challenge paths', () => {
    const { routes } = contract();
    expect(routes.path('discussion', { id: ID })).toBe(`/s/question/${ID}`);
    expect(routes.path('guide', { id: ID })).toBe(`/0/guide/${ID}`);
    expect(routes.path('topic', { id: ID })).toBe(`/s/topic/${ID}`);
    expect(routes.path('case', { id: ID })).toBe(`/s/case?caseId=${ID}`);
    expect(routes.path('caseInvite', { id: ID })).toBe(`/s/case-invite?caseId=${ID}`);
    expect(routes.path('user', { id: ID })).toBe(`/s/user/${ID}`);
    expect(routes.path('partnersChallenge', { id: ID })).toBe(`/0/partners/challenges/${ID}`);
  });

  it('substitutes {urlName} into the article path, URL-encoded', () => {
    const { routes } = contract();
    expect(routes.path('article', { urlName: 'plain-name' })).toBe('/s/article/plain-name');
    expect(routes.path('article', { urlName: 'What is GST?/#&' })).toBe(
      '/s/article/What%20is%20GST%3F%2F%23%26',
    );
    expect(routes.path('article', { urlName: 'café' })).toBe('/s/article/caf%C3%A9');
  });

  it('yields undefined when the parameter its path needs is missing or empty', () => {
    const { routes, log } = contract();
    expect(routes.path('topic', { urlName: URL_NAME })).toBeUndefined();
    expect(routes.path('topic', { id: '' })).toBeUndefined();
    expect(routes.path('article', { id: ID })).toBeUndefined();
    expect(routes.path('article', { urlName: '' })).toBeUndefined();
    expect(routes.url('guide')).toBeUndefined();
    expect(log).not.toHaveBeenCalled();
  });

  it('ignores parameters a path has no placeholder for', () => {
    const { routes } = contract();
    expect(routes.path('learning', { id: ID, urlName: URL_NAME })).toBe('/0/learning');
    expect(routes.path('article', { id: ID, urlName: URL_NAME })).toBe(`/s/article/${URL_NAME}`);
  });

  it('builds the priority variant whatever variant is current', () => {
    const { routes } = contract();
    expect(routes.path('topic', { id: ID }, 'lwr')).toBe(`/s/topic/${ID}`);
    expect(routes.path('learning', {}, 'aura')).toBe('/0/learning');
    expect(routes.path('myCases', {}, 'lwr')).toBe('/s/my-cases');
    expect(routes.path('unsubscribeTopic', {}, 'lwr')).toBe('/s/unsubscribe-topic');
  });

  it("names the product's contact page with the product slug", () => {
    const other = createRouteContract({ product: 'Acme Cloud', siteUrl: SITE_URL, log: vi.fn() });
    expect(other.path('contact-product-support')).toBe('/s/contact-acme-cloud-support');
    expect(other.route('contact-product-support')?.legacyPath).toBe('/contact-acme-cloud-support');
    expect(other.route('contact-product-support')?.newPath).toBe('/contact-acme-cloud-support');
  });

  it('resolves {product} in its own copy, leaving ROUTE_TABLE untouched', () => {
    const { routes } = contract();
    expect(routes.routes).toHaveLength(ROUTE_TABLE.length);
    expect(routes.routes.map((route) => route.pageKey)).toEqual(SPEC_PAGE_KEYS);
    expect(
      ROUTE_TABLE.find((route) => route.pageKey === 'contact-product-support')?.legacyPath,
    ).toBe('/contact-{product}-support');
    expect(routes.route('topic')).toEqual(ROUTE_TABLE.find((route) => route.pageKey === 'topic'));
  });
});

describe('unknown page keys (spec 2.3)', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each(['nope', '', 'Home', 'contactProductSupport', 'toString', 'constructor'])(
    'path(%j) is undefined and logs "Route not found for pageKey"',
    (pageKey) => {
      const { routes, log } = contract();
      expect(routes.path(pageKey, { id: ID })).toBeUndefined();
      expect(log).toHaveBeenCalledTimes(1);
      expect(log).toHaveBeenCalledWith('Route not found for pageKey', pageKey);
    },
  );

  it('url() of an unknown key is undefined and logs the same message', () => {
    const { routes, log } = contract();
    expect(routes.url('nope')).toBeUndefined();
    expect(log).toHaveBeenCalledExactlyOnceWith('Route not found for pageKey', 'nope');
  });

  it('route() of an unknown key is undefined', () => {
    expect(contract().routes.route('nope')).toBeUndefined();
  });

  it('logs through console.warn when no log is injected', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const routes = createRouteContract({ product: PRODUCT, siteUrl: SITE_URL });
    expect(routes.path('nope')).toBeUndefined();
    expect(warn).toHaveBeenCalledExactlyOnceWith('Route not found for pageKey', 'nope');
  });
});

describe('servingVariant (spec 2.1, 2.3)', () => {
  const handMade = (overrides: Partial<RouteDefinition>): RouteDefinition => ({
    pageKey: 'handMade',
    legacyPath: '/hand-made',
    newPath: '/hand-made',
    priority: 'referrer',
    type: 'support',
    ...overrides,
  });

  it("serves a 'referrer' page from the current variant, so it never redirects", () => {
    expect(servingVariant(handMade({}), 'aura')).toBe('aura');
    expect(servingVariant(handMade({}), 'lwr')).toBe('lwr');
    const split = handMade({ legacyPath: '/old-place', newPath: '/new/place' });
    expect(servingVariant(split, 'aura')).toBe('aura');
    expect(servingVariant(split, 'lwr')).toBe('lwr');
  });

  it('serves an aura or lwr page from its priority variant whatever the current one', () => {
    for (const current of ['aura', 'lwr', undefined] as const) {
      expect(servingVariant(handMade({ priority: 'aura' }), current)).toBe('aura');
      expect(servingVariant(handMade({ priority: 'lwr' }), current)).toBe('lwr');
    }
  });

  it('falls back to the variant that has a path when the priority variant has none', () => {
    expect(servingVariant(handMade({ priority: 'lwr', newPath: null }), 'lwr')).toBe('aura');
    expect(servingVariant(handMade({ priority: 'aura', legacyPath: null }), 'aura')).toBe('lwr');
  });
});

describe('productSlug', () => {
  it.each([
    ['Ledgerleaf Books', 'ledgerleaf-books'],
    ['Acme', 'acme'],
    ['  Acme   Cloud!  ', 'acme-cloud'],
    ['X3 Pro (AU)', 'x3-pro-au'],
    ['already-a-slug', 'already-a-slug'],
    // An accented letter stays its letter instead of splitting the word.
    ['Café Cloud', 'cafe-cloud'],
  ])('%j becomes %j', (product, slug) => {
    expect(productSlug(product)).toBe(slug);
  });
});
