import { findRecordId } from '../records/index.ts';
import type { RouteContract } from './route-contract.ts';
import {
  filled,
  ID_PLACEHOLDER,
  pathBelowRoot,
  pathIn,
  servingVariant,
  splitUrl,
  URL_NAME_PLACEHOLDER,
  urlNameFromUrl,
  variantOf,
  variantPaths,
  withoutLeadingSlash,
  type RouteParams,
} from './route-paths.ts';
import type { RouteDefinition, Variant } from './route-table.ts';

export type RouteDecision =
  /** Not under /s or /0: the route contract has nothing to say. */
  | { action: 'pass' }
  /** Serve the page here; `route` is undefined when no route matches (a 404). */
  | { action: 'render'; route: RouteDefinition | undefined; params: RouteParams }
  | { action: 'redirect'; location: string; reason: 'variant' | 'missing-id' | 'missing-url-name' };

function needsId(route: RouteDefinition): boolean {
  return variantPaths(route).some((path) => path.includes(ID_PLACEHOLDER));
}

function needsUrlName(route: RouteDefinition): boolean {
  return variantPaths(route).some((path) => path.includes(URL_NAME_PLACEHOLDER));
}

/** A variant's path of the route with its id or url name filled in, below the root, no query. */
function filledPathBelowRoot(template: string, params: RouteParams): string {
  const [pathPart = ''] = template.split('?', 1);
  return withoutLeadingSlash(filled(pathPart, params)).replace(/\/+$/, '');
}

/**
 * True when the URL is under the serving variant's root but spelt with the other variant's path
 * (/s/topic/?topicId={id}, /s/my/cases): the page lives at this variant's own path, so the
 * visitor is sent there rather than shown a 404.
 */
function usesOtherVariantsPath(
  route: RouteDefinition,
  serving: Variant,
  pathname: string,
  params: RouteParams,
): boolean {
  const own = pathIn(route, serving);
  const other = pathIn(route, serving === 'aura' ? 'lwr' : 'aura');
  if (own === null || other === null) return false;
  const requested = pathBelowRoot(pathname).replace(/\/+$/, '');
  const ownPath = filledPathBelowRoot(own, params);
  return requested !== ownPath && requested === filledPathBelowRoot(other, params);
}

/** Keeps the query of the requested URL across a redirect, less the parameter the id came from. */
function carriedQuery(location: string, search: string, consumedId: string | undefined): string {
  const kept = new URLSearchParams(search);
  if (consumedId) {
    for (const [name, value] of [...kept]) if (value === consumedId) kept.delete(name);
  }
  const query = kept.toString();
  if (!query) return location;
  return `${location}${location.includes('?') ? '&' : '?'}${query}`;
}

/**
 * What the server does with a request for this URL: render it, or redirect first. Only the
 * server decides, so this stays out of the browser's scripts.
 */
export function decideRoute(contract: RouteContract, url: string): RouteDecision {
  const errorPath = contract.path('error') ?? '/s/error';
  const { pathname, search } = splitUrl(url);
  const variant = variantOf(pathname);
  if (!variant) return { action: 'pass' };
  const route = contract.detect(url);
  if (!route) return { action: 'render', route: undefined, params: {} };

  const params: RouteParams = {};
  if (needsUrlName(route)) {
    params.urlName = urlNameFromUrl(pathname + search);
    if (!params.urlName)
      return { action: 'redirect', location: errorPath, reason: 'missing-url-name' };
  }
  if (needsId(route)) {
    params.id = findRecordId(pathname + search);
    if (!params.id) return { action: 'redirect', location: errorPath, reason: 'missing-id' };
  }
  if (
    servingVariant(route, variant) === variant &&
    !usesOtherVariantsPath(route, variant, pathname, params)
  ) {
    return { action: 'render', route, params };
  }

  const target = contract.path(route.pageKey, params, variant) ?? errorPath;
  return {
    action: 'redirect',
    location: carriedQuery(target, search, params.id),
    reason: 'variant',
  };
}
