import { VARIANT_ROOT, type RouteDefinition, type Variant } from './route-table.ts';
import { servingVariant } from './route-contract.ts';

/** The route parameter that stands for the product-named segment of contact-{product}-support. */
export const PRODUCT_SEGMENT_PARAM = 'productSegment';

/**
 * A route template as a React Router path pattern: the query part dropped ('/case?caseId={id}'
 * is served at '/case'), placeholders as parameters, a product-named segment as a parameter
 * (the product is configured at run time, after the routes are built).
 */
export function routerPattern(variant: Variant, template: string): string {
  const path = (template.split('?', 1)[0] ?? '')
    .split('/')
    .map((segment) =>
      segment.includes('{product}')
        ? `:${PRODUCT_SEGMENT_PARAM}`
        : segment.replace(/^\{(\w+)\}$/, ':$1'),
    )
    .join('/')
    .replace(/\/+$/, '');
  return `${VARIANT_ROOT[variant]}${path}`;
}

export interface RouterEntry {
  id: string;
  pageKey: string;
  pattern: string;
}

/**
 * Every page of the table at its serving variant. The other variant's URLs never reach React
 * Router: the server redirects them first, and React Router re-ranks every route on each match,
 * so routes it would never render only cost time. A pattern already taken keeps its first page,
 * as detection does (home before getStarted).
 */
export function routerEntries(routes: readonly RouteDefinition[]): RouterEntry[] {
  const entries: RouterEntry[] = [];
  const taken = new Set<string>();
  for (const route of routes) {
    const variant = servingVariant(route);
    const template = (variant === 'aura' ? route.legacyPath : route.newPath) ?? '';
    const pattern = routerPattern(variant, template);
    if (taken.has(pattern)) continue;
    taken.add(pattern);
    entries.push({ id: `${variant}.${route.pageKey}`, pageKey: route.pageKey, pattern });
  }
  return entries;
}
