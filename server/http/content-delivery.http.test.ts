import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRouteContract } from '~core/routes';
import { testConfig } from '~tests/support/config.ts';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { buildPortalServer } from '../app.ts';
import { BASIC_FIXTURE, FIXTURE_SETTINGS } from '~server/modules/content/content.fixture.ts';
import { contentIds, importContent, mediaContentKey } from '~server/modules/content';

const config = testConfig({ SITE_URL: 'https://help.ledgerleaf.example' });
const contract = createRouteContract({
  product: config.product,
  siteUrl: config.siteUrl,
  log: () => {},
});
const COMMUNITY = '0DB000000000000001';
const seoUrl = (recordId: string, query = '', version = 'v65.0', community = COMMUNITY) =>
  `/services/data/${version}/connect/communities/${community}/seo/properties/${recordId}${query}`;

describeEachDialect('content delivery over HTTP', (database) => {
  let app: FastifyInstance;
  let pngKey: string;
  let svgKey: string;
  let png: Buffer;

  beforeAll(async () => {
    const report = await importContent(database().db, BASIC_FIXTURE, FIXTURE_SETTINGS);
    expect(report.issues).toEqual([]);
    png = await readFile(join(BASIC_FIXTURE, 'media/bank-feed.png'));
    pngKey = mediaContentKey('bank-feed.png', png);
    svgKey = mediaContentKey(
      'shelfwise.svg',
      await readFile(join(BASIC_FIXTURE, 'media/shelfwise.svg')),
    );
    app = await buildPortalServer({ config, database: database() });
  });
  afterAll(async () => {
    await app.close();
  });

  describe('media', () => {
    it('serves the bytes with their type, a strong ETag and a year of immutable caching', async () => {
      const response = await app.inject(`/cms/delivery/media/${pngKey}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers.etag).toBe(`"${pngKey}"`);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.rawPayload.equals(png)).toBe(true);
    });

    it('answers 304 with no body when the ETag matches', async () => {
      for (const tag of [`"${pngKey}"`, `W/"${pngKey}"`, `"other", "${pngKey}"`, '*']) {
        const response = await app.inject({
          url: `/cms/delivery/media/${pngKey}`,
          headers: { 'if-none-match': tag },
        });
        expect(response.statusCode, tag).toBe(304);
        expect(response.body).toBe('');
        expect(response.headers.etag).toBe(`"${pngKey}"`);
        expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
    });

    it('sends the bytes again when the ETag is another one', async () => {
      const response = await app.inject({
        url: `/cms/delivery/media/${pngKey}`,
        headers: { 'if-none-match': '"0000"' },
      });
      expect(response.statusCode).toBe(200);
    });

    it('lets an SVG draw but not run script', async () => {
      const response = await app.inject(`/cms/delivery/media/${svgKey}`);
      expect(response.headers['content-type']).toBe('image/svg+xml');
      expect(response.headers['content-security-policy']).toBe(
        "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      );
    });

    it('answers 404 for an unknown or malformed key', async () => {
      for (const key of [`${'0'.repeat(20)}-bank-feed.png`, 'bank-feed.png', '..%2Fsecret']) {
        const response = await app.inject(`/cms/delivery/media/${key}`);
        expect(response.statusCode, key).toBe(404);
        expect(response.json()).toEqual({
          message: 'There is no media file with this key.',
          errorCode: 'NOT_FOUND',
        });
      }
    });
  });

  describe('site resources (spec 1)', () => {
    it('leads a content-management path to the media and images it names', async () => {
      for (const [asked, location] of [
        [`/sfsites/c/cms/delivery/media/${pngKey}`, `/cms/delivery/media/${pngKey}`],
        ['/sfsites/c/img/hero_images/support.svg?v=2', '/img/hero_images/support.svg?v=2'],
      ] as const) {
        const response = await app.inject(asked);
        expect(response.statusCode, asked).toBe(308);
        expect(response.headers.location).toBe(location);
      }
      const followed = await app.inject(`/cms/delivery/media/${pngKey}`);
      expect(followed.rawPayload.equals(png)).toBe(true);
    });

    it('answers a missing resource with a short 404, never a rendered page', async () => {
      for (const url of [
        '/img/nothing-here.png',
        '/assets/app-00000000.js',
        '/cms/other/thing',
        '/sfsites/c/resource/logo',
        '/sfsites/c',
      ]) {
        const response = await app.inject(url);
        expect(response.statusCode, url).toBe(404);
        expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
        expect(response.headers['cache-control']).toBe('no-cache');
        expect(response.body).toBe('Not found');
      }
    });
  });

  describe('SEO properties', () => {
    it('describes an article with its canonical URL, cached for an hour', async () => {
      const id = contentIds.article('connect-a-bank-feed');
      const response = await app.inject(
        seoUrl(id, '?fields=Title,Description,UrlName,LastModifiedDate,Nope'),
      );
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=3600');
      const canonicalUrl = 'https://help.ledgerleaf.example/s/article/connect-a-bank-feed';
      expect(response.json()).toEqual({
        recordName: 'Connect a bank feed',
        objectName: 'Knowledge__kav',
        fields: {
          Title: 'Connect a bank feed',
          Description: 'Link your business bank account so transactions arrive every day.',
          UrlName: 'connect-a-bank-feed',
          LastModifiedDate: '2026-08-30',
        },
        complexFields: {},
        hrefLangUrls: [
          { hrefLang: 'en-US', url: canonicalUrl },
          { hrefLang: 'x-default', url: canonicalUrl },
        ],
        canonicalUrl,
        isSeoIndexed: true,
      });
    });

    it('describes guides and topics on their own pages; Title and Description by default', async () => {
      const guide = contentIds.guide('set-up-banking');
      expect((await app.inject(seoUrl(guide))).json()).toMatchObject({
        objectName: 'Guide__c',
        fields: {
          Title: 'Set up banking',
          Description: 'Connect your bank and start reconciling.',
        },
        canonicalUrl: `https://help.ledgerleaf.example${contract.path('guide', { id: guide })}`,
      });
      const topic = contentIds.topic('banking');
      expect((await app.inject(seoUrl(topic, '?fields=Name'))).json()).toMatchObject({
        recordName: 'Banking',
        objectName: 'Topic',
        fields: { Name: 'Banking' },
        canonicalUrl: `https://help.ledgerleaf.example/s/topic/${topic}`,
      });
    });

    it('answers 400 for a malformed id, community, API version or field list', async () => {
      const id = contentIds.article('connect-a-bank-feed');
      const cases = [
        [seoUrl('ka0short'), 'INVALID_ID_FIELD'],
        [seoUrl(id, '', 'v65.0', 'community'), 'INVALID_ID_FIELD'],
        [seoUrl(id, '', '65.0'), 'INVALID_API_VERSION'],
        [seoUrl(id, '', 'latest'), 'INVALID_API_VERSION'],
        [seoUrl(id, '?fields=Title,,Name'), 'INVALID_FIELD'],
        [seoUrl(id, '?fields=Title;drop'), 'INVALID_FIELD'],
        [seoUrl(id, '?fields=a&fields=b'), 'INVALID_FIELD'],
      ] as const;
      for (const [url, errorCode] of cases) {
        const response = await app.inject(url);
        expect(response.statusCode, url).toBe(400);
        expect(response.json(), url).toMatchObject({ errorCode, message: expect.any(String) });
      }
    });

    it('answers 404 for a well-formed id with no public page', async () => {
      for (const id of ['ka0000000000000000', contentIds.glossaryEntry('cash-accounting')]) {
        const response = await app.inject(seoUrl(id));
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({
          message: 'There is no public page for this record.',
          errorCode: 'NOT_FOUND',
        });
      }
    });
  });

  describe('sitemap and robots', () => {
    it('lists every public content page as an absolute URL with its date', async () => {
      const response = await app.inject('/sitemap.xml');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
      const locs = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
      const site = 'https://help.ledgerleaf.example';
      expect(locs).toEqual(
        expect.arrayContaining([
          `${site}/0/`,
          `${site}/s/topiccatalog`,
          `${site}/0/getting-started`,
          `${site}/s/article/connect-a-bank-feed`,
          `${site}/s/article/run-a-pay-run`,
          `${site}/0/guide/${contentIds.guide('set-up-banking')}`,
          `${site}/s/topic/${contentIds.topic('reconciliation')}`,
          `${site}/0/glossary`,
          `${site}/0/glossary/cash-accounting`,
        ]),
      );
      expect(locs).toHaveLength(14);
      expect(response.body).toContain(
        `<url><loc>${site}/s/article/connect-a-bank-feed</loc><lastmod>2026-08-30</lastmod></url>`,
      );
      expect(
        response.body.startsWith(
          '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        ),
      ).toBe(true);
    });

    it('allows crawling, keeps crawlers out of service paths and names the sitemap', async () => {
      const response = await app.inject('/robots.txt');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
      const lines = response.body.split('\n');
      expect(lines).toEqual(
        expect.arrayContaining([
          'User-agent: *',
          'Allow: /',
          'Disallow: /services/',
          'Disallow: /api/',
          'Disallow: /lwr/',
          'Sitemap: https://help.ledgerleaf.example/sitemap.xml',
        ]),
      );
    });
  });
});
