import { describe, expect, it } from 'vitest';
import {
  ALWAYS_SUPPORT_SEGMENTS,
  CONTENT_MANAGEMENT_PREFIX,
  ROUTE_TABLE,
  SITE_RESOURCE_PREFIXES,
  SSO_START_PATH,
  VARIANT_ROOT,
  type RouteDefinition,
} from './route-table.ts';
import {
  SPEC_ALWAYS_SUPPORT_SEGMENTS,
  SPEC_LEGACY_ONLY,
  SPEC_PAGE_KEYS,
  SPEC_PRIORITY,
  SPEC_TABLE,
  SPEC_UNSUBSCRIBE_TOPIC,
} from './spec-route-table.fixture.ts';

function row(pageKey: string): RouteDefinition {
  const found = ROUTE_TABLE.find((route) => route.pageKey === pageKey);
  if (!found) throw new Error(`no route ${pageKey} in ROUTE_TABLE`);
  return found;
}

describe('site variants (spec 2.1, 9)', () => {
  it('roots the legacy variant (aura) at /s and the new variant (lwr) at /0', () => {
    expect(VARIANT_ROOT).toEqual({ aura: '/s', lwr: '/0' });
  });
});

describe('route table rows (spec 2.2)', () => {
  it.each(SPEC_TABLE)(
    '%s: legacy %j, new %j, priority %s, type %s',
    (pageKey, legacyPath, newPath, priority, type) => {
      const route = row(pageKey);
      expect(route.legacyPath).toBe(legacyPath);
      expect(route.newPath).toBe(newPath === 'same' ? legacyPath : newPath);
      expect(route.priority).toBe(SPEC_PRIORITY[priority]);
      expect(route.type).toBe(type);
    },
  );

  it.each(SPEC_LEGACY_ONLY)(
    'legacy-only page %s at %s: no new path, priority legacy, type support',
    (pageKey, legacyPath) => {
      expect(row(pageKey)).toEqual({
        pageKey,
        legacyPath,
        newPath: null,
        priority: 'aura',
        type: 'support',
      });
    },
  );

  it('unsubscribeTopic has only a legacy path, priority new and type support', () => {
    expect(row(SPEC_UNSUBSCRIBE_TOPIC.pageKey)).toEqual({
      pageKey: 'unsubscribeTopic',
      legacyPath: '/unsubscribe-topic',
      newPath: null,
      priority: 'lwr',
      type: 'support',
    });
  });

  it("gives partnersServiceJob the same legacy path as partnersChallenge's", () => {
    expect(row('partnersServiceJob').legacyPath).toBe('/partners/challenges/{id}');
    expect(row('partnersServiceJob').legacyPath).toBe(row('partnersChallenge').legacyPath);
    expect(row('partnersServiceJob').newPath).toBe(
      '/partners/managed-services/partner-service-job/{id}',
    );
    expect(row('partnersChallenge').newPath).toBe('/partners/challenges/{id}');
  });

  it('lists partnersChallenge before partnersServiceJob, home before getStarted', () => {
    const keys = ROUTE_TABLE.map((route) => route.pageKey);
    expect(keys.indexOf('partnersChallenge')).toBeLessThan(keys.indexOf('partnersServiceJob'));
    expect(keys.indexOf('home')).toBeLessThan(keys.indexOf('getStarted'));
  });

  it('has exactly the pages of the spec: 51 table rows, 10 legacy-only pages, unsubscribeTopic', () => {
    expect(SPEC_PAGE_KEYS).toHaveLength(62);
    expect(ROUTE_TABLE).toHaveLength(62);
    expect(ROUTE_TABLE.map((route) => route.pageKey)).toEqual(SPEC_PAGE_KEYS);
  });

  it('has no duplicate page keys', () => {
    const keys = ROUTE_TABLE.map((route) => route.pageKey);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('uses only the priorities and types of spec 3, "Route definition"', () => {
    const types = [
      'support',
      'learning',
      'getting-started',
      'accountants-and-bookkeepers',
      'community',
      'partners',
      'flow-isolation',
      'none',
    ];
    for (const route of ROUTE_TABLE) {
      expect(['aura', 'lwr', 'referrer']).toContain(route.priority);
      expect(types).toContain(route.type);
    }
  });
});

describe('route constants (spec 2.3)', () => {
  it('makes exactly the twelve segments of spec 2.3 always support', () => {
    expect([...ALWAYS_SUPPORT_SEGMENTS].sort()).toEqual([...SPEC_ALWAYS_SUPPORT_SEGMENTS].sort());
  });

  it('names the site-resource, content-management and single sign-on prefixes', () => {
    expect([...SITE_RESOURCE_PREFIXES]).toEqual(['/cms/', '/img/', '/assets/']);
    expect(CONTENT_MANAGEMENT_PREFIX).toBe('/sfsites/c');
    expect(SSO_START_PATH).toBe('/services/auth/sso');
  });
});
