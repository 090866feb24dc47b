import { findRecordId } from '../records/index.ts';
import {
  ALWAYS_SUPPORT_SEGMENTS,
  CONTENT_MANAGEMENT_PREFIX,
  ROUTE_TABLE,
  SITE_RESOURCE_PREFIXES,
  SSO_START_PATH,
  VARIANT_ROOT,
  type PageType,
  type RouteDefinition,
  type Variant,
} from './route-table.ts';

export interface RouteParams {
  id?: string;
  urlName?: string;
}

export type RouteDecision =
  /** Not under /s or /0: the route contract has nothing to say. */
  | { action: 'pass' }
  /** Serve the page here; `route` is undefined when no route matches (a 404). */
  | { action: 'render'; route: RouteDefinition | undefined; params: RouteParams }
  | { action: 'redirect'; location: string; reason: 'variant' | 'missing-id' | 'missing-url-name' };

export interface RouteContractSettings {
  /** The configured product, which names the contact-{product}-support page. */
  product: string;
  /** The community base URL that full URLs are built on. */
  siteUrl: string;
  log?: (message: string, pageKey: string) => void;
}

const ID_PLACEHOLDER = '{id}';
const URL_NAME_PLACEHOLDER = '{urlName}';

/** 'Ledgerleaf Books' becomes 'ledgerleaf-books', as it appears in a path. */
export function productSlug(product: string): string {
  return product
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function variantOf(pathname: string): Variant | undefined {
  for (const variant of ['aura', 'lwr'] as const) {
    const root = VARIANT_ROOT[variant];
    if (pathname === root || pathname.startsWith(`${root}/`)) return variant;
  }
  return undefined;
}

function splitUrl(url: string): { pathname: string; search: string } {
  const withoutHash = url.split('#', 1)[0] ?? '';
  const queryAt = withoutHash.indexOf('?');
  return queryAt === -1
    ? { pathname: withoutHash, search: '' }
    : { pathname: withoutHash.slice(0, queryAt), search: withoutHash.slice(queryAt) };
}

/** The path below /s or /0, without its leading and trailing slashes. */
function pathBelowRoot(pathname: string): string {
  const variant = variantOf(pathname);
  const below = variant ? pathname.slice(VARIANT_ROOT[variant].length) : pathname;
  return below.replace(/^\/+/, '').replace(/\/+$/, '');
}

function withoutLeadingSlash(path: string): string {
  return path.replace(/^\/+/, '');
}

function firstSegment(path: string): string {
  return path.split(/[/?]/, 1)[0] ?? '';
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** An article url name is the text after 'article/' up to '/', '?' or '#'. */
export function urlNameFromUrl(url: string): string | undefined {
  const match = /(?:^|\/)article\/([^/?#]+)/.exec(url);
  return match?.[1] ? safeDecode(match[1]) : undefined;
}

function variantPaths(route: RouteDefinition): string[] {
  return [route.legacyPath, route.newPath].filter((path): path is string => path !== null);
}

function needsId(route: RouteDefinition): boolean {
  return variantPaths(route).some((path) => path.includes(ID_PLACEHOLDER));
}

function needsUrlName(route: RouteDefinition): boolean {
  return variantPaths(route).some((path) => path.includes(URL_NAME_PLACEHOLDER));
}

function pathIn(route: RouteDefinition, variant: Variant): string | null {
  return variant === 'aura' ? route.legacyPath : route.newPath;
}

/**
 * The variant that serves a page: its priority variant, or the one it has a path in when the
 * priority variant has none (unsubscribeTopic), or, for 'referrer', the variant in use.
 */
export function servingVariant(route: RouteDefinition, current?: Variant): Variant {
  const wanted: Variant =
    route.priority === 'referrer'
      ? (current ?? (route.newPath !== null ? 'lwr' : 'aura'))
      : route.priority;
  if (pathIn(route, wanted) !== null) return wanted;
  return wanted === 'aura' ? 'lwr' : 'aura';
}

/** A path template with its id and url name put in, each passed through `encode`. */
function filled(template: string, params: RouteParams, encode = (value: string) => value): string {
  return template
    .replace(ID_PLACEHOLDER, encode(params.id ?? ''))
    .replace(URL_NAME_PLACEHOLDER, encode(params.urlName ?? ''));
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

export function isSiteResource(pathname: string): boolean {
  return SITE_RESOURCE_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

export function isContentManagementPath(pathname: string): boolean {
  return (
    pathname === CONTENT_MANAGEMENT_PREFIX || pathname.startsWith(`${CONTENT_MANAGEMENT_PREFIX}/`)
  );
}

export function mediaPath(contentKey: string): string {
  return `/cms/delivery/media/${encodeURIComponent(contentKey)}`;
}

/**
 * A variant's bare root is the home page, whose path is the root with its slash ('/0/'); React
 * Router reports '/0/' as '/0', so the slash is put back before it becomes a return address.
 */
function withHomeSlash(pathAndQuery: string): string {
  for (const root of Object.values(VARIANT_ROOT)) {
    const rest = pathAndQuery.slice(root.length);
    if (pathAndQuery.startsWith(root) && (rest === '' || rest[0] === '?' || rest[0] === '#')) {
      return `${root}/${rest}`;
    }
  }
  return pathAndQuery;
}

/** Where the signed-out call to action goes: the provider's start path, back to where the visitor was. */
export function ssoStartUrl(provider: string, currentPathAndQuery: string): string {
  return `${SSO_START_PATH}/${encodeURIComponent(provider)}?startURL=${encodeURIComponent(withHomeSlash(currentPathAndQuery))}`;
}

/** A content page's name: its last path segment with hyphens turned into spaces. */
export function contentName(url: string): string {
  const segments = splitUrl(url).pathname.split('/').filter(Boolean);
  return safeDecode(segments.at(-1) ?? '').replace(/-/g, ' ');
}

export interface RouteContract {
  readonly routes: readonly RouteDefinition[];
  route(pageKey: string): RouteDefinition | undefined;
  /** Root of the serving variant plus that variant's path, or undefined (unknown page, missing parameter). */
  path(pageKey: string, params?: RouteParams, current?: Variant): string | undefined;
  /** The path on the configured community base URL. */
  url(pageKey: string, params?: RouteParams, current?: Variant): string | undefined;
  /** Current-route detection, in the spec's four steps. */
  detect(url: string): RouteDefinition | undefined;
  /** What the server does with a request for this URL: render it, or redirect first. */
  decide(url: string): RouteDecision;
  pageType(url: string): PageType;
}

export function createRouteContract(settings: RouteContractSettings): RouteContract {
  const log = settings.log ?? ((message, pageKey) => console.warn(message, pageKey));
  const slug = productSlug(settings.product);
  const resolve = (path: string | null) => path?.replaceAll('{product}', slug) ?? null;
  const routes: readonly RouteDefinition[] = ROUTE_TABLE.map((route) => ({
    ...route,
    legacyPath: resolve(route.legacyPath),
    newPath: resolve(route.newPath),
  }));
  const byKey = new Map(routes.map((route) => [route.pageKey, route]));
  // Detection runs on every page request: each route's paths are normalised once, here.
  const candidates = routes.map((route) => {
    const relative = variantPaths(route).map(withoutLeadingSlash);
    return {
      route,
      relative,
      trimmed: relative.map((path) => path.replace(/\/+$/, '')),
      firstSegments: relative.map(firstSegment),
    };
  });

  function buildPath(
    route: RouteDefinition,
    params: RouteParams,
    current?: Variant,
  ): string | undefined {
    const variant = servingVariant(route, current);
    const template = pathIn(route, variant) ?? '';
    if (template.includes(ID_PLACEHOLDER) && !params.id) return undefined;
    if (template.includes(URL_NAME_PLACEHOLDER) && !params.urlName) return undefined;
    return `${VARIANT_ROOT[variant]}${filled(template, params, encodeURIComponent)}`;
  }

  function path(pageKey: string, params: RouteParams = {}, current?: Variant): string | undefined {
    const route = byKey.get(pageKey);
    if (!route) {
      log('Route not found for pageKey', pageKey);
      return undefined;
    }
    return buildPath(route, params, current);
  }

  function detect(url: string): RouteDefinition | undefined {
    const { pathname, search } = splitUrl(url);
    const current = pathBelowRoot(pathname);

    const exact = candidates.find((candidate) => candidate.trimmed.includes(current));
    if (exact) return exact.route;

    const id = findRecordId(pathname + search);
    const segments = current.split('/');
    const articleAt = segments.indexOf('article');
    const hasUrlName = articleAt !== -1 && urlNameFromUrl(current) !== undefined;
    if (id || hasUrlName) {
      const idAt = id ? segments.indexOf(id) : -1;
      const cut = hasUrlName ? articleAt + 1 : idAt !== -1 ? idAt : segments.length;
      const before = segments.slice(0, cut).join('/');
      const byPrefix = candidates.find((candidate) =>
        candidate.relative.some(
          (path) => path.startsWith(`${before}/`) || path.startsWith(`${before}?`),
        ),
      );
      if (byPrefix) return byPrefix.route;
    }

    const segment = firstSegment(current);
    if (!segment) return undefined;
    return candidates.find((candidate) => candidate.firstSegments.includes(segment))?.route;
  }

  const errorPath = path('error') ?? '/s/error';

  function decide(url: string): RouteDecision {
    const { pathname, search } = splitUrl(url);
    const variant = variantOf(pathname);
    if (!variant) return { action: 'pass' };
    const route = detect(url);
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

    const target = buildPath(route, params, variant) ?? errorPath;
    return {
      action: 'redirect',
      location: carriedQuery(target, search, params.id),
      reason: 'variant',
    };
  }

  function pageType(url: string): PageType {
    const segments = pathBelowRoot(splitUrl(url).pathname).split('/');
    if (segments.some((segment) => ALWAYS_SUPPORT_SEGMENTS.has(segment))) return 'support';
    return detect(url)?.type ?? 'none';
  }

  return {
    routes,
    route: (pageKey) => byKey.get(pageKey),
    path,
    url: (pageKey, params, current) => {
      const built = path(pageKey, params, current);
      return built === undefined ? undefined : `${settings.siteUrl}${built}`;
    },
    detect,
    decide,
    pageType,
  };
}
