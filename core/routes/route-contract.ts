import { findRecordId } from '../records/index.ts';
import {
  filled,
  firstSegment,
  ID_PLACEHOLDER,
  pathBelowRoot,
  pathIn,
  productSlug,
  safeDecode,
  servingVariant,
  splitUrl,
  URL_NAME_PLACEHOLDER,
  urlNameFromUrl,
  variantPaths,
  withoutLeadingSlash,
  type RouteParams,
} from './route-paths.ts';
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

export {
  productSlug,
  servingVariant,
  urlNameFromUrl,
  variantOf,
  type RouteParams,
} from './route-paths.ts';

export interface RouteContractSettings {
  /** The configured product, which names the contact-{product}-support page. */
  product: string;
  /** The community base URL that full URLs are built on. */
  siteUrl: string;
  log?: (message: string, pageKey: string) => void;
}

export function isSiteResource(pathname: string): boolean {
  return SITE_RESOURCE_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

export function isContentManagementPath(pathname: string): boolean {
  return (
    pathname === CONTENT_MANAGEMENT_PREFIX || pathname.startsWith(`${CONTENT_MANAGEMENT_PREFIX}/`)
  );
}

/** What a request for a site resource or a content-management path gets, when it is one. */
export type SiteResourceAnswer = { kind: 'resource-at'; location: string } | { kind: 'missing' };

/**
 * Spec 1: a path under /cms/, /img/ or /assets/ is a site resource, never a page, so one that is
 * not there is missing rather than a page to render; a content-management path (/sfsites/c) to a
 * site resource leads to the resource's own path (content written for the earlier site names
 * its media under the prefix), and any other content-management path is missing. Undefined for
 * every other path.
 */
export function siteResourceAnswer(pathname: string): SiteResourceAnswer | undefined {
  if (isContentManagementPath(pathname)) {
    const resource = pathname.slice(CONTENT_MANAGEMENT_PREFIX.length);
    return isSiteResource(resource)
      ? { kind: 'resource-at', location: resource }
      : { kind: 'missing' };
  }
  return isSiteResource(pathname) ? { kind: 'missing' } : undefined;
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
    pageType,
  };
}
