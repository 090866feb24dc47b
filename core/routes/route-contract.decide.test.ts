import { describe, expect, it, vi } from 'vitest';
import { createRouteContract } from './route-contract.ts';
import { decideRoute } from './route-decision.ts';
import {
  ID,
  ID_17,
  ID_19,
  PRODUCT,
  PRODUCT_SLUG,
  SITE_URL,
  SPEC_PAGE_KEYS,
} from './spec-route-table.fixture.ts';

const log = vi.fn();
const routes = createRouteContract({ product: PRODUCT, siteUrl: SITE_URL, log });
const CONTACT = `contact-${PRODUCT_SLUG}-support`;

/**
 * For every page key: a request under the variant that is not its priority, the priority-variant
 * location it redirects to, and the page that location then renders (when not the page itself).
 */
const VARIANT_REDIRECTS: readonly (readonly [
  pageKey: string,
  from: string,
  to: string,
  renders?: string,
])[] = [
  ['home', '/s/', '/0/'],
  ['learning', '/s/learning', '/0/learning'],
  // getStarted's empty path is home's: the root belongs to home, the first in table order.
  ['getStarted', '/s', '/0/', 'home'],
  ['gettingStarted', '/s/getting-started', '/0/getting-started'],
  ['accountantsAndBookkeepers', '/s/accountants-and-bookkeepers', '/0/accountants-and-bookkeepers'],
  ['community', '/s/community', '/0/community'],
  ['partners', '/s/partners', '/0/partners'],
  ['article', '/0/article/some-article', '/s/article/some-article'],
  ['discussion', `/0/question/${ID}`, `/s/question/${ID}`],
  ['topic', `/0/topic/?topicId=${ID}`, `/s/topic/${ID}`],
  ['guide', `/s/guide/${ID}`, `/0/guide/${ID}`],
  ['error', '/0/error', '/s/error'],
  ['case', `/0/case?caseId=${ID}`, `/s/case?caseId=${ID}`],
  ['myCases', '/0/my/cases', '/s/my-cases'],
  ['caseInvite', `/0/case-invite?caseId=${ID}`, `/s/case-invite?caseId=${ID}`],
  ['user', `/0/user/${ID}`, `/s/user/${ID}`],
  ['topicCatalog', '/0/topiccatalog', '/s/topiccatalog'],
  ['myDiscussions', '/0/my/discussions', '/s/my-discussions'],
  ['partnersPersonalise', '/s/partners/personalise', '/0/partners/personalise'],
  ['partnersUpdateAccount', '/s/partners/update-account', '/0/partners/update-account'],
  ['partnersSuggestions', '/s/partners/suggestions', '/0/partners/suggestions'],
  ['certifications', '/0/my/certifications', '/s/certifications'],
  ['webinarsEvents', '/s/webinars-events', '/0/webinars-events'],
  ['contactSupport', '/0/contact-support', '/s/contact-support'],
  ['contact-product-support', `/0/${CONTACT}`, `/s/${CONTACT}`],
  ['contactSupportMfa', '/0/contact-support-mfa', '/s/contact-support-mfa'],
  ['contactSupportLogin', '/0/contact-support-login', '/s/contact-support-login'],
  ['startDiscussion', '/0/start-a-discussion', '/s/start-a-discussion'],
  ['search', '/s/search', '/0/search'],
  ['learningSearch', '/s/learning-search', '/0/learning-search'],
  ['partnersResources', '/s/partners/resources', '/0/partners/resources'],
  ['partnersAccount', '/s/partners/account', '/0/partners/account'],
  [
    'partnersSubscriptionChanges',
    '/s/partners/subscription-changes',
    '/0/partners/subscription-changes',
  ],
  ['subscriptionChanges', '/0/subscription-changes', '/s/subscription-changes'],
  [
    'partnersChallengesAndRewards',
    '/s/partners/challenges-and-rewards',
    '/0/partners/challenges-and-rewards',
  ],
  ['partnersChallenges', '/s/partners/challenges', '/0/partners/challenges'],
  ['partnersChallenge', `/s/partners/challenges/${ID}`, `/0/partners/challenges/${ID}`],
  // Its legacy path is partnersChallenge's, which detection gives to partnersChallenge.
  [
    'partnersServiceJob',
    `/s/partners/challenges/${ID}`,
    `/0/partners/challenges/${ID}`,
    'partnersChallenge',
  ],
  [
    'consentAndPreferences',
    '/s/settings/marketing-communication-preferences',
    '/0/settings/marketing-communication-preferences',
  ],
  ['bookACall', '/0/book-a-call', '/s/book-a-call'],
  ['endOfFinancialYear', '/s/end-of-financial-year', '/0/end-of-financial-year'],
  ['paymentServices', '/s/payment-services', '/0/payment-services'],
  ['raiseSupportCase', '/0/raise-support-case', '/s/raise-support-case'],
  ['raisePartnerSupportCase', '/0/submit-partner-query', '/s/submit-partner-query'],
  ['createPracticeAccount', '/s/partners/create-account', '/0/partners/create-account'],
  ['advisorDirectory', '/s/partners/advisor-directory', '/0/partners/advisor-directory'],
  [
    'manageAdvisorDirectory',
    '/0/partners/manage-advisor-directory',
    '/s/partners/manage-advisor-directory',
  ],
  [
    'buyMultipleSubscriptions',
    '/s/partners/buy-multiple-subscriptions',
    '/0/partners/buy-multiple-subscriptions',
  ],
  [
    'transferSubscriptions',
    '/s/partners/transfer-subscriptions',
    '/0/partners/transfer-subscriptions',
  ],
  ['openBanking', '/0/open-banking', '/s/open-banking'],
  ['recordDetail', '/0/detail', '/s/detail'],
  ['feed', '/0/feed', '/s/feed'],
  ['requestCallback', '/0/request-callback', '/s/request-callback'],
  ['articlePreview', '/0/guides', '/s/guides'],
  ['globalSearch', '/0/global-search', '/s/global-search'],
  ['test', '/0/test', '/s/test'],
  ['chatSupport', '/0/chat-support', '/s/chat-support'],
  ['recordList', '/0/recordlist', '/s/recordlist'],
  ['relatedList', '/0/relatedlist', '/s/relatedlist'],
  ['createRecord', '/0/createrecord', '/s/createrecord'],
  ['recognitionBadge', '/0/RecognitionBadge', '/s/RecognitionBadge'],
  // Priority new, but only the legacy variant has a path: that is where it is served.
  ['unsubscribeTopic', '/0/unsubscribe-topic', '/s/unsubscribe-topic'],
];

function paramsIn(location: string) {
  const params: { id?: string; urlName?: string } = {};
  if (location.includes(ID)) params.id = ID;
  const urlName = /\/article\/([^/?#]+)/.exec(location)?.[1];
  if (urlName) params.urlName = urlName;
  return params;
}

describe('redirect rule: variant redirects (spec 2.3)', () => {
  it('covers every page key of spec 2.2', () => {
    expect(VARIANT_REDIRECTS.map(([pageKey]) => pageKey)).toEqual(SPEC_PAGE_KEYS);
  });

  const cases = VARIANT_REDIRECTS.map(([pageKey, from, to, renders]) => ({
    pageKey,
    from,
    to,
    renders: renders ?? pageKey,
  }));

  it.each(cases)('$pageKey: $from redirects to $to', ({ from, to }) => {
    expect(decideRoute(routes, from)).toEqual({
      action: 'redirect',
      location: to,
      reason: 'variant',
    });
  });

  it.each(cases)('$pageKey: $to renders $renders with the params it carries', ({ to, renders }) => {
    const decision = decideRoute(routes, to);
    expect(decision).toMatchObject({ action: 'render', params: paramsIn(to) });
    expect(decision.action === 'render' && decision.route?.pageKey).toBe(renders);
  });

  it('never sends a page to a variant it has no path in', () => {
    expect(decideRoute(routes, '/s/unsubscribe-topic')).toEqual({
      action: 'render',
      route: routes.route('unsubscribeTopic'),
      params: {},
    });
  });

  it('renders the pages that live under /s with their extracted parameters', () => {
    expect(decideRoute(routes, `/s/topic/${ID}`)).toEqual({
      action: 'render',
      route: routes.route('topic'),
      params: { id: ID },
    });
    expect(decideRoute(routes, '/s/article/some-article?language=en_US')).toEqual({
      action: 'render',
      route: routes.route('article'),
      params: { urlName: 'some-article' },
    });
    expect(decideRoute(routes, '/0/partners/managed-services/partner-service-job/' + ID)).toEqual({
      action: 'render',
      route: routes.route('partnersServiceJob'),
      params: { id: ID },
    });
    expect(decideRoute(routes, '/0/learning')).toEqual({
      action: 'render',
      route: routes.route('learning'),
      params: {},
    });
  });

  it('redirects the managed-services path under /s to the same page under /0', () => {
    expect(decideRoute(routes, `/s/partners/managed-services/partner-service-job/${ID}`)).toEqual({
      action: 'redirect',
      location: `/0/partners/managed-services/partner-service-job/${ID}`,
      reason: 'variant',
    });
  });

  it('carries a decoded, re-encoded url name over', () => {
    expect(decideRoute(routes, '/0/article/what%20is%20GST')).toEqual({
      action: 'redirect',
      location: '/s/article/what%20is%20GST',
      reason: 'variant',
    });
    expect(decideRoute(routes, '/s/article/what%20is%20GST')).toMatchObject({
      action: 'render',
      params: { urlName: 'what is GST' },
    });
  });
});

describe('redirect rule: query strings and fragments', () => {
  it.each([
    ['/s/learning?utm_source=mail', '/0/learning?utm_source=mail'],
    ['/s/?a=1&b=2', '/0/?a=1&b=2'],
    ['/0/my/cases?status=open', '/s/my-cases?status=open'],
    [`/0/topic/?topicId=${ID}`, `/s/topic/${ID}`],
    [`/0/topic/?topicId=${ID}&sort=new`, `/s/topic/${ID}?sort=new`],
    [`/0/topic/?sort=new&topicId=${ID}`, `/s/topic/${ID}?sort=new`],
    [`/0/question/${ID}?sort=newest`, `/s/question/${ID}?sort=newest`],
    [`/0/case?caseId=${ID}&tab=files`, `/s/case?caseId=${ID}&tab=files`],
    ['/0/article/some-article?language=en_US', '/s/article/some-article?language=en_US'],
    ['/0/article/some-article/extra?x=1#part', '/s/article/some-article?x=1'],
    ['/s/search#results', '/0/search'],
    // The other variant's path under this variant's root: sent to this variant's own path.
    [`/s/topic/?topicId=${ID}`, `/s/topic/${ID}`],
    [`/s/topic?topicId=${ID}&sort=new`, `/s/topic/${ID}?sort=new`],
    ['/s/my/cases', '/s/my-cases'],
    ['/s/my/cases?status=open', '/s/my-cases?status=open'],
  ])('%s redirects to %s', (from, to) => {
    expect(decideRoute(routes, from)).toEqual({
      action: 'redirect',
      location: to,
      reason: 'variant',
    });
  });
});

describe('redirect rule: missing id or url name', () => {
  it.each([
    '/s/topic/not-an-id',
    '/s/topic/',
    '/s/question/',
    `/s/question/${ID_17}`,
    `/s/question/${ID_19}`,
    `/s/user/${ID}x`,
    '/s/case',
    `/s/case?caseId=${ID_17}`,
    '/s/case-invite?caseId=',
    '/0/guide/',
    `/0/guide/${ID_19}`,
    '/0/topic/?topicId=not-an-id',
    '/0/question/',
    '/s/user/',
  ])('%s goes to /s/error (missing-id)', (url) => {
    expect(decideRoute(routes, url)).toEqual({
      action: 'redirect',
      location: '/s/error',
      reason: 'missing-id',
    });
  });

  it.each(['/s/article', '/s/article/', '/s/article?x=1', '/0/article/', '/s/article/#top'])(
    '%s goes to /s/error (missing-url-name)',
    (url) => {
      expect(decideRoute(routes, url)).toEqual({
        action: 'redirect',
        location: '/s/error',
        reason: 'missing-url-name',
      });
    },
  );

  it.each([
    ['/s/article/how-to', 'how-to'],
    ['/s/article/how-to/', 'how-to'],
    ['/s/article/how-to/more/segments', 'how-to'],
    ['/s/article/how-to?language=en_US', 'how-to'],
    ['/s/article/how-to#part-2', 'how-to'],
  ])('%s: the url name stops at "/", "?" or "#" (%s)', (url, urlName) => {
    expect(decideRoute(routes, url)).toEqual({
      action: 'render',
      route: routes.route('article'),
      params: { urlName },
    });
  });
});

describe('redirect rule: paths outside the variants and unknown pages', () => {
  it.each([
    '/',
    '',
    '/src',
    '/01',
    '/sx/learning',
    '/learning',
    '/services/auth/sso/idp?startURL=%2Fs%2F',
    '/cms/delivery/media/abc',
    '/sfsites/c/resource',
    '/assets/app.js',
  ])('%j passes', (url) => {
    expect(decideRoute(routes, url)).toEqual({ action: 'pass' });
  });

  it.each(['/s/no-such-page', '/0/no/such/page', `/s/${ID}`, '/0/learnings'])(
    '%s renders with no route',
    (url) => {
      expect(decideRoute(routes, url)).toEqual({ action: 'render', route: undefined, params: {} });
    },
  );

  it('renders partners for the managed-services path without an id (step 4 of detection)', () => {
    expect(decideRoute(routes, '/0/partners/managed-services/partner-service-job/')).toEqual({
      action: 'render',
      route: routes.route('partners'),
      params: {},
    });
  });

  it('never logs for the known error page', () => {
    decideRoute(routes, '/s/topic/not-an-id');
    expect(log).not.toHaveBeenCalled();
  });
});
