import { slugOf } from '../text/index.ts';
import { VARIANT_ROOT, type RouteDefinition, type Variant } from './route-table.ts';

/** A page's id and url name, as its path carries them. */
export interface RouteParams {
  id?: string;
  urlName?: string;
}

export const ID_PLACEHOLDER = '{id}';
export const URL_NAME_PLACEHOLDER = '{urlName}';

/** 'Ledgerleaf Books' becomes 'ledgerleaf-books', as it appears in a path. */
export function productSlug(product: string): string {
  return slugOf(product, Number.POSITIVE_INFINITY);
}

export function variantOf(pathname: string): Variant | undefined {
  for (const variant of ['aura', 'lwr'] as const) {
    const root = VARIANT_ROOT[variant];
    if (pathname === root || pathname.startsWith(`${root}/`)) return variant;
  }
  return undefined;
}

export function splitUrl(url: string): { pathname: string; search: string } {
  const withoutHash = url.split('#', 1)[0] ?? '';
  const queryAt = withoutHash.indexOf('?');
  return queryAt === -1
    ? { pathname: withoutHash, search: '' }
    : { pathname: withoutHash.slice(0, queryAt), search: withoutHash.slice(queryAt) };
}

/** The path below /s or /0, without its leading and trailing slashes. */
export function pathBelowRoot(pathname: string): string {
  const variant = variantOf(pathname);
  const below = variant ? pathname.slice(VARIANT_ROOT[variant].length) : pathname;
  return below.replace(/^\/+/, '').replace(/\/+$/, '');
}

export function withoutLeadingSlash(path: string): string {
  return path.replace(/^\/+/, '');
}

export function firstSegment(path: string): string {
  return path.split(/[/?]/, 1)[0] ?? '';
}

export function safeDecode(text: string): string {
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

export function variantPaths(route: RouteDefinition): string[] {
  return [route.legacyPath, route.newPath].filter((path): path is string => path !== null);
}

export function pathIn(route: RouteDefinition, variant: Variant): string | null {
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
export function filled(
  template: string,
  params: RouteParams,
  encode = (value: string) => value,
): string {
  return template
    .replace(ID_PLACEHOLDER, encode(params.id ?? ''))
    .replace(URL_NAME_PLACEHOLDER, encode(params.urlName ?? ''));
}
