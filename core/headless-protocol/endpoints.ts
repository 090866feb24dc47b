import { hostOf } from '../routes/index.ts';

/**
 * Where the search library is pointed (docs/headless-compatibility.md): one base path of the
 * portal, under which the Search API, the platform's case assist and insight services and the
 * usage analytics service answer at the paths the library builds.
 */
export const HEADLESS_PROTOCOL_BASE = '/coveo';

export interface HeadlessEndpoints {
  /** The platform URL: case assist and insight engines' `proxyBaseUrl`. */
  platform: string;
  /** The search and recommendation engines' `search.proxyBaseUrl`. */
  search: string;
  /** Every engine's `analytics.proxyBaseUrl`. */
  analytics: string;
}

export function headlessEndpoints(siteUrl: string): HeadlessEndpoints {
  const platform = `${siteUrl.replace(/\/+$/, '')}${HEADLESS_PROTOCOL_BASE}`;
  return {
    platform,
    search: `${platform}/rest/search/v2`,
    analytics: `${platform}/rest/ua`,
  };
}

/**
 * The search organisation this site's index is: one per prefix and site host, so two sites
 * sharing a prefix never share analytics.
 */
export function searchOrganizationId(prefix: string, siteUrl: string): string {
  const host = hostOf(siteUrl)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${prefix.toLowerCase()}-${host}`;
}
