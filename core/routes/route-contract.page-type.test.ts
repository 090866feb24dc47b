import { describe, expect, it, vi } from 'vitest';
import { createRouteContract } from './route-contract.ts';
import {
  ID,
  PRODUCT,
  PRODUCT_SLUG,
  SITE_URL,
  SPEC_ALWAYS_SUPPORT_SEGMENTS,
  SPEC_LEGACY_ONLY,
  SPEC_TABLE,
  SPEC_UNSUBSCRIBE_TOPIC,
  specNewPath,
} from './spec-route-table.fixture.ts';

const routes = createRouteContract({ product: PRODUCT, siteUrl: SITE_URL, log: vi.fn() });

const ALWAYS_SUPPORT = SPEC_ALWAYS_SUPPORT_SEGMENTS;

describe('pageType: segments that are always support (spec 2.3)', () => {
  it.each(ALWAYS_SUPPORT)('%s is support on its own and below any page', (segment) => {
    expect(routes.pageType(`/s/${segment}`)).toBe('support');
    expect(routes.pageType(`/0/${segment}/`)).toBe('support');
    expect(routes.pageType(`/s/${segment}/${ID}?x=1`)).toBe('support');
    // The table would make these learning, partners and community pages.
    expect(routes.pageType(`/0/learning/${segment}`)).toBe('support');
    expect(routes.pageType(`/0/partners/challenges/${segment}`)).toBe('support');
    expect(routes.pageType(`/s/community/x/${segment}/y`)).toBe('support');
  });

  it('overrides the table: /my/certifications is a learning page in the table', () => {
    expect(routes.detect('/s/my/certifications')?.type).toBe('learning');
    expect(routes.pageType('/s/my/certifications')).toBe('support');
    expect(routes.pageType('/0/my/certifications')).toBe('support');
    expect(routes.pageType('/s/certifications')).toBe('learning');
  });

  it('needs the whole segment, case included', () => {
    expect(routes.pageType('/0/learning/mystuff')).toBe('learning');
    expect(routes.pageType('/0/learning/questions')).toBe('learning');
    expect(routes.pageType('/0/learning/My')).toBe('learning');
    expect(routes.pageType('/0/learning/recognitionbadge')).toBe('learning');
    expect(routes.pageType('/0/learning?tab=my')).toBe('learning');
  });
});

/** Every literal path of the table with the type spec 2.3 gives it. */
const LITERAL_PAGES = [
  ...SPEC_TABLE.flatMap(([pageKey, legacyPath, , , type], index) =>
    [...new Set([legacyPath, specNewPath(SPEC_TABLE[index]!)])].map((path) => ({
      pageKey,
      path,
      type,
    })),
  ),
  ...SPEC_LEGACY_ONLY.map(([pageKey, path]) => ({ pageKey, path, type: 'support' })),
  {
    pageKey: SPEC_UNSUBSCRIBE_TOPIC.pageKey,
    path: SPEC_UNSUBSCRIBE_TOPIC.legacyPath,
    type: 'support',
  },
]
  .map((page) => ({ ...page, path: page.path.replace('{product}', PRODUCT_SLUG) }))
  // getStarted's empty path is the home page's.
  .filter((page) => !/[{?]/.test(page.path) && page.pageKey !== 'getStarted')
  .map((page) => ({
    ...page,
    type: page.path.split('/').some((segment) => ALWAYS_SUPPORT.includes(segment))
      ? 'support'
      : page.type,
  }));

describe('pageType: other pages take the type from the table (spec 2.3)', () => {
  it.each(LITERAL_PAGES)('$pageKey at $path is $type', ({ path, type }) => {
    expect(routes.pageType(`/s${path}`)).toBe(type);
    expect(routes.pageType(`/0${path}?x=1`)).toBe(type);
  });

  it.each([
    ['/0/learning', 'learning'],
    ['/0/community', 'community'],
    ['/0/partners', 'partners'],
    ['/0/partners/personalise', 'flow-isolation'],
    ['/0/getting-started', 'getting-started'],
    ['/0/accountants-and-bookkeepers', 'accountants-and-bookkeepers'],
    ['/0/partners/challenges-and-rewards', 'none'],
    ['/s/submit-partner-query', 'none'],
    ['/s/subscription-changes', 'flow-isolation'],
    ['/0/webinars-events', 'learning'],
    [`/0/partners/challenges/${ID}`, 'partners'],
    [`/0/partners/managed-services/partner-service-job/${ID}`, 'partners'],
    [`/0/guide/${ID}`, 'support'],
    [`/s/case?caseId=${ID}`, 'support'],
    ['/s/article/how-to', 'support'],
    ['/0/learning/some/deeper/page', 'learning'],
    ['/0/partners/anything', 'partners'],
  ])('%s is %s', (url, type) => {
    expect(routes.pageType(url)).toBe(type);
  });

  it.each(['/s/no-such-page', '/0/no/such/page', `/s/${ID}`])('unknown %s is none', (url) => {
    expect(routes.pageType(url)).toBe('none');
  });
});
