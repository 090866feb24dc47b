import { describe, expect, it, vi } from 'vitest';
import { createRouteContract } from './route-contract.ts';
import {
  ID,
  ID_17,
  ID_19,
  PRODUCT,
  PRODUCT_SLUG,
  SITE_URL,
  SPEC_LEGACY_ONLY,
  SPEC_TABLE,
  SPEC_UNSUBSCRIBE_TOPIC,
  specNewPath,
} from './spec-route-table.fixture.ts';

const routes = createRouteContract({ product: PRODUCT, siteUrl: SITE_URL, log: vi.fn() });
const detected = (url: string) => routes.detect(url)?.pageKey;

/** Pages whose literal path an earlier row of the table already has: the first row wins. */
const SHADOWED_BY: Readonly<Record<string, string>> = { getStarted: 'home' };

/** Every literal path (no {id}, {urlName} or query) of the spec table, with its page key. */
const LITERAL_PATHS: readonly (readonly [pageKey: string, path: string])[] = [
  ...SPEC_TABLE.flatMap((row) =>
    [...new Set([row[1], specNewPath(row)])].map((path) => [row[0], path] as const),
  ),
  ...SPEC_LEGACY_ONLY,
  [SPEC_UNSUBSCRIBE_TOPIC.pageKey, SPEC_UNSUBSCRIBE_TOPIC.legacyPath],
]
  .map(([pageKey, path]) => [pageKey, path.replace('{product}', PRODUCT_SLUG)] as const)
  .filter(([, path]) => !/[{?]/.test(path));

describe('detection, step 2: exact match against either variant path', () => {
  it('covers the literal paths of the table', () => {
    // 51 rows + 10 legacy-only + unsubscribeTopic, less 9 rows with {id}, {urlName} or a query,
    // plus the 3 rows whose new path differs (myCases, myDiscussions, certifications).
    expect(LITERAL_PATHS).toHaveLength(51 + 10 + 1 - 9 + 3);
  });

  it.each(LITERAL_PATHS)('%s at %j, under /s and /0', (pageKey, path) => {
    const expected = SHADOWED_BY[pageKey] ?? pageKey;
    for (const root of ['/s', '/0']) {
      for (const suffix of ['', '/', '?utm_source=mail', '/?a=1&b=2', '#section']) {
        const url = `${root}${path}${suffix}`;
        expect(detected(url), url).toBe(expected);
      }
    }
  });

  it('finds the home page at the bare roots', () => {
    for (const url of ['/s', '/s/', '/0', '/0/', '/0?x=1', '/s/?x=1']) {
      expect(detected(url), url).toBe('home');
    }
  });

  it('matches either variant path of a page under either root', () => {
    expect(detected('/s/my/cases')).toBe('myCases');
    expect(detected('/0/my-cases')).toBe('myCases');
    expect(detected('/s/my/certifications')).toBe('certifications');
    expect(detected('/0/certifications')).toBe('certifications');
    expect(detected('/0/my-discussions')).toBe('myDiscussions');
    expect(detected('/s/my/discussions')).toBe('myDiscussions');
  });

  it('matches paths case-sensitively', () => {
    expect(detected('/s/RecognitionBadge')).toBe('recognitionBadge');
    expect(detected('/s/recognitionbadge')).toBeUndefined();
    expect(detected('/0/Learning')).toBeUndefined();
  });
});

describe('detection, step 3: a record id or an article url name', () => {
  it.each([
    [`/s/topic/${ID}`, 'topic'],
    [`/0/topic/${ID}`, 'topic'],
    [`/0/topic/?topicId=${ID}`, 'topic'],
    [`/0/topic?topicId=${ID}`, 'topic'],
    [`/s/case?caseId=${ID}`, 'case'],
    [`/0/case?caseId=${ID}&tab=files`, 'case'],
    [`/s/case-invite?caseId=${ID}`, 'caseInvite'],
    [`/s/user/${ID}`, 'user'],
    [`/0/user/${ID}/`, 'user'],
    [`/s/question/${ID}`, 'discussion'],
    [`/s/question/${ID}/how-do-i-reconcile`, 'discussion'],
    [`/0/question/${ID}?sort=newest`, 'discussion'],
    [`/0/guide/${ID}`, 'guide'],
    [`/s/guide/${ID}#step-2`, 'guide'],
    // partnersChallenge and partnersServiceJob share a legacy path: the first in table order wins.
    [`/s/partners/challenges/${ID}`, 'partnersChallenge'],
    [`/0/partners/challenges/${ID}`, 'partnersChallenge'],
    [`/0/partners/managed-services/partner-service-job/${ID}`, 'partnersServiceJob'],
    [`/s/partners/managed-services/partner-service-job/${ID}`, 'partnersServiceJob'],
  ])('%s is %s', (url, pageKey) => {
    expect(detected(url)).toBe(pageKey);
  });

  it.each([
    ['/s/article/how-to-reconcile', 'article'],
    ['/0/article/how-to-reconcile', 'article'],
    ['/s/article/how-to-reconcile/', 'article'],
    ['/s/article/how-to-reconcile?language=en_US', 'article'],
    ['/s/article/how-to-reconcile#heading', 'article'],
    [`/s/article/${ID}`, 'article'],
  ])('%s is %s', (url, pageKey) => {
    expect(detected(url)).toBe(pageKey);
  });

  it.each([ID_17, ID_19])(
    'does not take %s (not 18 characters) for a record id, so step 4 applies',
    (notAnId) => {
      // With an id, step 3 finds partnersChallenge; without one, step 4 finds partners.
      expect(detected(`/0/partners/challenges/${notAnId}`)).toBe('partners');
      expect(detected(`/0/partners/managed-services/partner-service-job/${notAnId}`)).toBe(
        'partners',
      );
      expect(detected(`/s/topic/${notAnId}`)).toBe('topic');
      expect(detected(`/s/case?caseId=${notAnId}`)).toBe('case');
    },
  );

  it('finds a record id only when it is exactly 18 alphanumeric characters long', () => {
    expect(detected(`/0/partners/challenges/${ID}`)).toBe('partnersChallenge');
    expect(detected(`/0/partners/challenges/${ID.slice(0, 17)}-`)).toBe('partners');
    expect(detected(`/0/partners/challenges/${ID}${ID}`)).toBe('partners');
  });
});

describe('detection, step 4: the first path segment', () => {
  it.each([
    ['/s/topic/not-an-id', 'topic'],
    ['/s/topic/', 'topic'],
    ['/0/partners/anything', 'partners'],
    ['/0/partners/challenges/not-an-id', 'partners'],
    ['/s/learning/some/deeper/page', 'learning'],
    ['/s/question/', 'discussion'],
    ['/s/question/not-an-id', 'discussion'],
    ['/s/case', 'case'],
    ['/s/case-invite', 'caseInvite'],
    ['/s/article', 'article'],
    ['/s/article/', 'article'],
    ['/0/guide', 'guide'],
    ['/s/user/someone', 'user'],
    ['/s/my/anything-else', 'myCases'],
    ['/0/settings/other', 'consentAndPreferences'],
    ['/s/feed/more', 'feed'],
    ['/s/unsubscribe-topic/x', 'unsubscribeTopic'],
    [`/s/contact-${PRODUCT_SLUG}-support/more`, 'contact-product-support'],
  ])('%s is %s', (url, pageKey) => {
    expect(detected(url)).toBe(pageKey);
  });
});

describe('detection: unknown paths', () => {
  it.each([
    '/s/no-such-page',
    '/0/no/such/page',
    `/s/${ID}`,
    `/0/nowhere/${ID}`,
    '/s/contact-other-product-support',
    '/s/learnings',
    '/0/topics',
  ])('%s matches no route', (url) => {
    expect(routes.detect(url)).toBeUndefined();
  });

  it('returns the full route definition, product resolved', () => {
    expect(routes.detect(`/s/contact-${PRODUCT_SLUG}-support`)).toEqual({
      pageKey: 'contact-product-support',
      legacyPath: `/contact-${PRODUCT_SLUG}-support`,
      newPath: `/contact-${PRODUCT_SLUG}-support`,
      priority: 'aura',
      type: 'support',
    });
  });
});
