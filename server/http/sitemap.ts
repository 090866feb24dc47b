import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '~core/content';
import type { RouteContract } from '~core/routes';
import type { PortalDatabase } from '../db/database.ts';
import { listSitemapEntries, type SitemapEntry } from '~server/modules/content';

const CACHE = 'public, max-age=3600';

/** Paths crawlers have no business in: sign-in, the platform's service and API paths. */
export const DISALLOWED_PATHS = ['/services/', '/api/', '/lwr/', '/oidc/', '/sfsites/'];

export function sitemapXml(
  entries: readonly SitemapEntry[],
  contract: RouteContract,
  siteUrl: string,
): string {
  const urls = entries.flatMap((entry) => {
    const url =
      'path' in entry ? `${siteUrl}${entry.path}` : contract.url(entry.pageKey, entry.params);
    if (url === undefined) return [];
    const lastmod = entry.lastmod ? `<lastmod>${entry.lastmod}</lastmod>` : '';
    return [`  <url><loc>${escapeHtml(url)}</loc>${lastmod}</url>`];
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export function robotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/** /sitemap.xml lists every public content page on the site URL; /robots.txt points to it. */
export function registerSitemap(
  app: FastifyInstance,
  database: PortalDatabase,
  contract: RouteContract,
  siteUrl: string,
): void {
  app.get('/sitemap.xml', async (_request, reply) => {
    const entries = await listSitemapEntries(database.db);
    return reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', CACHE)
      .send(sitemapXml(entries, contract, siteUrl));
  });
  app.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('Cache-Control', CACHE).send(robotsTxt(siteUrl)),
  );
}
