import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '~core/content';
import type { RouteContract } from '~core/routes';
import type { PortalDatabase } from '../db/database.ts';
import { listPublicDiscussionDays } from '~server/modules/community';
import { listSitemapEntries, type SitemapEntry } from '~server/modules/content';

const CACHE = 'public, max-age=3600';
/** The sitemap protocol's limit of addresses in one file. */
export const SITEMAP_MAX_URLS = 50_000;

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

/**
 * Every public page a search engine should know: the knowledge base's, then the community's
 * home and the discussions everyone may read (community answers are much of what people search
 * for), most recently active first, as many as the one file may list.
 */
export async function publicPageEntries(database: PortalDatabase): Promise<SitemapEntry[]> {
  const content = await listSitemapEntries(database.db);
  const discussions = await listPublicDiscussionDays(
    database.db,
    Math.max(0, SITEMAP_MAX_URLS - content.length - 1),
  );
  const [latest] = discussions;
  if (latest === undefined) return content;
  return [
    ...content,
    { pageKey: 'community', params: {}, lastmod: latest.lastActivityDay },
    ...discussions.map((discussion) => ({
      pageKey: 'discussion',
      params: { id: discussion.id },
      lastmod: discussion.lastActivityDay,
    })),
  ];
}

/** /sitemap.xml lists every public page on the site URL; /robots.txt points to it. */
export function registerSitemap(
  app: FastifyInstance,
  database: PortalDatabase,
  contract: RouteContract,
  siteUrl: string,
): void {
  app.get('/sitemap.xml', async (_request, reply) => {
    const entries = await publicPageEntries(database);
    return reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', CACHE)
      .send(sitemapXml(entries, contract, siteUrl));
  });
  app.get('/robots.txt', async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('Cache-Control', CACHE).send(robotsTxt(siteUrl)),
  );
}
