import { describe, expect, it } from 'vitest';
import type { PublicConfig } from '~core/site';
import { contentPageMeta, metaFromSeo, type PageSeo } from './content-meta.ts';

const config: PublicConfig = {
  brand: 'Ledgerleaf',
  product: 'Ledgerleaf',
  siteUrl: 'https://help.example',
  prefix: 'LL',
  learningBaseUrl: 'https://learn.example',
  appsHost: 'https://apps.example',
  environment: 'production',
  ssoProvider: 'portal',
};

const seo: PageSeo = {
  heading: 'Connect a bank feed',
  description: 'Link your bank account.',
  canonicalUrl: 'https://help.example/s/article/connect-a-bank-feed',
  type: 'article',
  modified: '2026-08-30',
  published: '2025-02-12',
};

describe('contentPageMeta', () => {
  const tags = contentPageMeta(config, seo);

  it("titles the page '{heading} – {brand}' and describes it", () => {
    expect(tags).toContainEqual({ title: 'Connect a bank feed – Ledgerleaf' });
    expect(tags).toContainEqual({ name: 'description', content: 'Link your bank account.' });
  });

  it('links the canonical URL and the en-US and x-default alternates', () => {
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: seo.canonicalUrl });
    expect(tags).toContainEqual({
      tagName: 'link',
      rel: 'alternate',
      hrefLang: 'en-US',
      href: seo.canonicalUrl,
    });
    expect(tags).toContainEqual({
      tagName: 'link',
      rel: 'alternate',
      hrefLang: 'x-default',
      href: seo.canonicalUrl,
    });
  });

  it('gives Open Graph tags, with article times for articles', () => {
    expect(tags).toContainEqual({ property: 'og:type', content: 'article' });
    expect(tags).toContainEqual({ property: 'og:url', content: seo.canonicalUrl });
    expect(tags).toContainEqual({ property: 'og:site_name', content: 'Ledgerleaf' });
    expect(tags).toContainEqual({ property: 'article:modified_time', content: '2026-08-30' });
    expect(tags).toContainEqual({ property: 'article:published_time', content: '2025-02-12' });
  });

  it('gives no article times to other pages', () => {
    const website = contentPageMeta(config, { ...seo, type: 'website' });
    expect(
      website.some((tag) => 'property' in tag && String(tag.property).startsWith('article:')),
    ).toBe(false);
  });
});

describe('metaFromSeo', () => {
  it('gives no tags without the root configuration or the page data (a 404)', () => {
    expect(metaFromSeo([], seo)).toEqual([]);
    expect(metaFromSeo([{ id: 'root', loaderData: { config } }], undefined)).toEqual([]);
    expect(metaFromSeo([{ id: 'root', loaderData: { config } }], seo)).toHaveLength(16);
  });
});
