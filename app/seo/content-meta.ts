import type { MetaDescriptor } from 'react-router';
import { documentTitle } from '~core/routes';
import type { PublicConfig } from '~core/site';
import { configFromMatches } from '../meta.ts';

/** What a content page's loader says about the page for its head tags. */
export interface PageSeo {
  heading: string;
  description: string;
  /** Absolute URL of the page's one address. */
  canonicalUrl: string;
  /** Open Graph type: 'article' for articles and guides, 'website' for the rest. */
  type: 'article' | 'website';
  modified?: string;
  published?: string;
}

/**
 * The head of a content page: '{heading} – {brand}', the description, the canonical link,
 * hreflang links (the site is en-US only, which is also the default for other languages), and
 * Open Graph and Twitter card tags.
 */
export function contentPageMeta(config: PublicConfig, seo: PageSeo): MetaDescriptor[] {
  const title = documentTitle(seo.heading, config);
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: seo.description },
    { tagName: 'link', rel: 'canonical', href: seo.canonicalUrl },
    { tagName: 'link', rel: 'alternate', hrefLang: 'en-US', href: seo.canonicalUrl },
    { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: seo.canonicalUrl },
    { property: 'og:type', content: seo.type },
    { property: 'og:title', content: seo.heading },
    { property: 'og:description', content: seo.description },
    { property: 'og:url', content: seo.canonicalUrl },
    { property: 'og:site_name', content: config.brand },
    { property: 'og:locale', content: 'en_US' },
    { name: 'twitter:card', content: 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: seo.description },
  ];
  if (seo.type === 'article' && seo.modified) {
    tags.push({ property: 'article:modified_time', content: seo.modified });
  }
  if (seo.type === 'article' && seo.published) {
    tags.push({ property: 'article:published_time', content: seo.published });
  }
  return tags;
}

interface MatchLike {
  id: string;
  data?: unknown;
  loaderData?: unknown;
}

/** A route's meta export for content pages: the head tags from the loader's `seo`, if any. */
export function metaFromSeo(
  matches: ReadonlyArray<MatchLike | undefined>,
  seo: PageSeo | undefined,
): MetaDescriptor[] {
  const config = configFromMatches(matches);
  if (!config || !seo) return [];
  return contentPageMeta(config, seo);
}
