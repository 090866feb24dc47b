import type { MetaDescriptor } from 'react-router';
import { documentTitle, pageHeading } from '~core/routes';
import type { PublicConfig } from '~core/site';
import type { RootData } from './site.ts';

interface MatchLike {
  id: string;
  data?: unknown;
  loaderData?: unknown;
}

export function configFromMatches(
  matches: ReadonlyArray<MatchLike | undefined>,
): PublicConfig | undefined {
  const root = matches.find((match) => match?.id === 'root');
  return ((root?.loaderData ?? root?.data) as RootData | undefined)?.config;
}

/**
 * A page's description when it has none of its own: what the page is, and what the help site
 * offers (spec section 1's home description, in substance).
 */
export function defaultDescription(heading: string, config: PublicConfig): string {
  return `${heading}: ${config.brand} Support. Get help using ${config.product}: read help articles, troubleshoot problems, join discussions with other users, and contact support when you need extra help.`;
}

/** The search pages' descriptions. */
export const SEARCH_DESCRIPTIONS = {
  support: (config: PublicConfig) =>
    `Search ${config.brand} Support: help articles, guides, community discussions, courses and apps for ${config.product}, with answers drawn from them.`,
  learning: (config: PublicConfig) =>
    `Search ${config.brand} learning: courses, learning plans, webinars, events and in-person classes for ${config.product}.`,
} as const;

/**
 * '{heading} – {brand}', a description (the page's own, or one made from its heading) and
 * optional robots rules. Every page has a description, noindex pages too: browsers and link
 * previews show it.
 */
export function pageMeta(
  matches: ReadonlyArray<MatchLike | undefined>,
  heading: (config: PublicConfig) => string,
  extra: { description?: (config: PublicConfig) => string; noIndex?: boolean } = {},
): MetaDescriptor[] {
  const config = configFromMatches(matches);
  if (!config) return [{ title: 'Support' }];
  const pageHeading = heading(config);
  const tags: MetaDescriptor[] = [
    { title: documentTitle(pageHeading, config) },
    {
      name: 'description',
      content: extra.description?.(config) ?? defaultDescription(pageHeading, config),
    },
  ];
  if (extra.noIndex) tags.push({ name: 'robots', content: 'noindex' });
  return tags;
}

/**
 * The `meta` export of a page headed by its page key's heading (spec 2.2):
 * `export const meta = headedPageMeta('myCases', { noIndex: true })`.
 */
export function headedPageMeta(
  pageKey: string,
  extra: { description?: (config: PublicConfig) => string; noIndex?: boolean } = {},
): (args: { matches: ReadonlyArray<MatchLike | undefined> }) => MetaDescriptor[] {
  return ({ matches }) => pageMeta(matches, (config) => pageHeading(pageKey, config), extra);
}
