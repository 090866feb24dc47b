import { describe, expect, it, vi } from 'vitest';
import { PRODUCT_SEGMENT_PARAM, routerEntries, routerPattern } from './route-patterns.ts';
import { ROUTE_TABLE, type RouteDefinition } from './route-table.ts';
import { createRouteContract } from './route-contract.ts';
import {
  PRODUCT,
  PRODUCT_SLUG,
  SITE_URL,
  SPEC_LEGACY_ONLY,
  SPEC_TABLE,
  SPEC_UNSUBSCRIBE_TOPIC,
  specNewPath,
} from './spec-route-table.fixture.ts';

describe('routerPattern', () => {
  it.each([
    ['aura', '/case?caseId={id}', '/s/case'],
    ['lwr', '/case-invite?caseId={id}', '/0/case-invite'],
    ['lwr', '/topic/?topicId={id}', '/0/topic'],
    ['aura', '/topic/{id}', '/s/topic/:id'],
    ['aura', '/question/{id}', '/s/question/:id'],
    ['aura', '/article/{urlName}', '/s/article/:urlName'],
    ['lwr', '/partners/challenges/{id}', '/0/partners/challenges/:id'],
    [
      'lwr',
      '/partners/managed-services/partner-service-job/{id}',
      '/0/partners/managed-services/partner-service-job/:id',
    ],
    ['aura', '/contact-{product}-support', '/s/:productSegment'],
    ['lwr', '/contact-{product}-support', '/0/:productSegment'],
    ['lwr', '/', '/0'],
    ['aura', '/', '/s'],
    ['lwr', '', '/0'],
    ['aura', '/learning/', '/s/learning'],
    ['lwr', '/my/cases', '/0/my/cases'],
    ['aura', '/RecognitionBadge', '/s/RecognitionBadge'],
    [
      'aura',
      '/settings/marketing-communication-preferences',
      '/s/settings/marketing-communication-preferences',
    ],
  ] as const)('%s %j is %j', (variant, template, pattern) => {
    expect(routerPattern(variant, template)).toBe(pattern);
  });

  it('names the product segment parameter productSegment', () => {
    expect(PRODUCT_SEGMENT_PARAM).toBe('productSegment');
  });
});

/** The pattern spec 2.2 implies for a path: query dropped, placeholders and product as params. */
function specPattern(root: string, path: string): string {
  const withoutQuery = path.split('?')[0]!.replace(/\/$/, '');
  const pattern = withoutQuery
    .replace('/contact-{product}-support', '/:productSegment')
    .replace(/\{(id|urlName)\}/g, ':$1');
  return `${root}${pattern}`;
}

/** [id, pattern] for every page of spec 2.2, in each variant it has a path in, first page first. */
function expectedEntries(): [id: string, pattern: string][] {
  const pages: [variant: 'aura' | 'lwr', pageKey: string, path: string][] = [
    ...SPEC_TABLE.map(
      (row) =>
        (row[3] === 'new' ? ['lwr', row[0], specNewPath(row)] : ['aura', row[0], row[1]]) as [
          'aura' | 'lwr',
          string,
          string,
        ],
    ),
    ...SPEC_LEGACY_ONLY.map(
      ([pageKey, path]) => ['aura', pageKey, path] as ['aura', string, string],
    ),
    ['aura', SPEC_UNSUBSCRIBE_TOPIC.pageKey, SPEC_UNSUBSCRIBE_TOPIC.legacyPath],
  ];
  const entries: [string, string][] = [];
  const seen = new Set<string>();
  for (const [variant, pageKey, path] of pages) {
    const pattern = specPattern(variant === 'aura' ? '/s' : '/0', path);
    if (seen.has(pattern)) continue;
    seen.add(pattern);
    entries.push([`${variant}.${pageKey}`, pattern]);
  }
  return entries;
}

describe('routerEntries', () => {
  const entries = routerEntries(ROUTE_TABLE);
  const byId = new Map(entries.map((entry) => [entry.id, entry]));

  it('has one entry per page of spec 2.2 at its priority variant, duplicates dropped', () => {
    // 62 pages less getStarted, whose '/0' is home's.
    expect(entries).toHaveLength(61);
    expect(entries.map((entry) => [entry.id, entry.pattern])).toEqual(expectedEntries());
  });

  it('names each entry {variant}.{pageKey}, with unique ids and patterns', () => {
    for (const entry of entries) {
      expect(entry.id).toBe(`${entry.id.startsWith('aura.') ? 'aura' : 'lwr'}.${entry.pageKey}`);
      expect(entry.pattern.startsWith(entry.id.startsWith('aura.') ? '/s' : '/0')).toBe(true);
    }
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(entries.length);
    expect(new Set(entries.map((entry) => entry.pattern)).size).toBe(entries.length);
  });

  it('keeps home over getStarted', () => {
    expect(byId.has('aura.home')).toBe(false);
    expect(byId.get('lwr.home')).toEqual({ id: 'lwr.home', pageKey: 'home', pattern: '/0' });
    expect(byId.has('aura.getStarted')).toBe(false);
    expect(byId.has('lwr.getStarted')).toBe(false);
  });

  it('serves partnersChallenge and partnersServiceJob at their own /0 paths', () => {
    expect(byId.has('aura.partnersChallenge')).toBe(false);
    expect(byId.has('aura.partnersServiceJob')).toBe(false);
    expect(byId.get('lwr.partnersChallenge')?.pattern).toBe('/0/partners/challenges/:id');
    expect(byId.get('lwr.partnersServiceJob')?.pattern).toBe(
      '/0/partners/managed-services/partner-service-job/:id',
    );
  });

  it.each([...SPEC_LEGACY_ONLY.map(([pageKey]) => pageKey), SPEC_UNSUBSCRIBE_TOPIC.pageKey])(
    'serves the legacy-only page %s under /s only',
    (pageKey) => {
      expect(byId.get(`aura.${pageKey}`)?.pageKey).toBe(pageKey);
      expect(byId.has(`lwr.${pageKey}`)).toBe(false);
    },
  );

  it('serves query-shaped and id-shaped pages at their path patterns', () => {
    expect(byId.get('aura.case')?.pattern).toBe('/s/case');
    expect(byId.has('lwr.case')).toBe(false);
    expect(byId.get('aura.topic')?.pattern).toBe('/s/topic/:id');
    expect(byId.has('lwr.topic')).toBe(false);
    expect(byId.get('lwr.guide')?.pattern).toBe('/0/guide/:id');
    expect(byId.has('aura.guide')).toBe(false);
    expect(byId.get('aura.article')?.pattern).toBe('/s/article/:urlName');
    expect(byId.get('aura.contact-product-support')?.pattern).toBe('/s/:productSegment');
    expect(byId.get('aura.myCases')?.pattern).toBe('/s/my-cases');
    expect(byId.has('lwr.myCases')).toBe(false);
  });

  it("uses the product's literal segment for routes whose product is resolved", () => {
    const contract = createRouteContract({ product: PRODUCT, siteUrl: SITE_URL, log: vi.fn() });
    const resolved = routerEntries(contract.routes);
    expect(resolved.find((entry) => entry.id === 'aura.contact-product-support')?.pattern).toBe(
      `/s/contact-${PRODUCT_SLUG}-support`,
    );
  });

  it("keeps the first page of a duplicated pattern, at each page's serving variant", () => {
    const handMade = (pageKey: string, path: string | null, newPath: string | null) =>
      ({ pageKey, legacyPath: path, newPath, priority: 'lwr', type: 'none' }) as RouteDefinition;
    expect(
      routerEntries([
        handMade('first', '/x', '/y'),
        handMade('second', '/x/', '/z?q={id}'),
        handMade('third', null, '/y'),
      ]),
    ).toEqual([
      { id: 'lwr.first', pageKey: 'first', pattern: '/0/y' },
      { id: 'lwr.second', pageKey: 'second', pattern: '/0/z' },
    ]);
  });
});
