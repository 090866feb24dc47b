import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRouteContract } from '~core/routes';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { contentIds } from '~server/modules/content';
import { config, openKnowledgePages, type KnowledgePages } from './knowledge-pages.fixture.ts';

const contract = createRouteContract({
  product: config.product,
  siteUrl: config.siteUrl,
  log: () => {},
});

function between(html: string, start: string, end: string): string {
  const from = html.indexOf(start);
  const to = html.indexOf(end, from);
  return from === -1 || to === -1 ? '' : html.slice(from, to);
}

function jsonLdOf(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? '') as Record<string, unknown>,
  );
}

function linkHref(html: string, attributes: string): string | undefined {
  const tag = [...html.matchAll(/<link [^>]*>/g)]
    .map((match) => match[0])
    .find((candidate) => candidate.includes(attributes));
  return tag ? /href="([^"]*)"/.exec(tag)?.[1] : undefined;
}

/** The article body: the sanitised rich text, between the side navigation and the feedback. */
function articleBody(html: string): string {
  return between(html, '<h1', 'Was this helpful?');
}

describeEachDialect('knowledge-base pages over HTTP', (database) => {
  let app: FastifyInstance;
  let get: KnowledgePages['get'];
  let release: () => Promise<void>;
  let guideId: string;
  let topicId: string;
  let articleId: string;

  beforeAll(async () => {
    ({ app, get, release, guideId, topicId, articleId } = await openKnowledgePages(database()));
  });
  afterAll(async () => {
    await app?.close();
    await release?.();
  });

  describe('an article', () => {
    const url = '/s/article/connect-a-bank-feed';

    it('shows its title, labels, date, region, breadcrumbs and body', async () => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      const html = response.body;
      expect(html).toContain('<title>Connect a bank feed – Ledgerleaf</title>');
      expect(html).toMatch(/<h1[^>]*>Connect a bank feed<\/h1>/);
      expect(html).toContain('Help article');
      expect(html).toContain('Aug 30, 2026');
      expect(html).toContain('Ledgerleaf Accounting');
      expect(html).toContain('For everyone');
      expect(html).toContain('This article applies to <strong>Australia</strong>');
      const crumbs = between(html, 'aria-label="Breadcrumb"', '</nav>');
      expect(
        crumbs.match(/<li[^>]*>[\s\S]*?<\/li>/g)?.map((item) => item.replace(/<[^>]+>/g, '')),
      ).toEqual(['Home', 'Banking', 'Bank feeds', 'Connect a bank feed']);
      expect(html).toContain('<strong>transactions</strong>');
    });

    it('gives its headings side-navigation ids and lists them on the page', async () => {
      const html = (await get(url)).body;
      expect(html).toContain('<h2 id="connect-the-feed">Connect the feed</h2>');
      const nav = between(html, 'aria-label="On this page"', '</nav>');
      expect(nav).toContain('href="#connect-the-feed"');
    });

    it('lists the related articles its front matter names, in order', async () => {
      const html = (await get(url)).body;
      const related = between(html, 'Related articles', '</section>');
      expect(related.indexOf('Reconcile a bank transaction')).toBeGreaterThan(-1);
      expect(related.indexOf('Run a pay run')).toBeGreaterThan(
        related.indexOf('Reconcile a bank transaction'),
      );
    });

    it('falls back to articles of its topic when it names no related articles', async () => {
      const html = (await get('/s/article/watch-a-video')).body;
      const related = between(html, 'Related articles', '</section>');
      expect(related).toContain('Unsafe markup');
      expect(related).not.toContain('Watch a video');
    });

    it('has a canonical link, hreflang links and Open Graph tags with its absolute URL', async () => {
      const html = (await get(url)).body;
      const canonical = contract.url('article', { urlName: 'connect-a-bank-feed' });
      expect(canonical).toBe(`${config.siteUrl}/s/article/connect-a-bank-feed`);
      expect(linkHref(html, 'rel="canonical"')).toBe(canonical);
      expect(linkHref(html, 'hrefLang="en-US"') ?? linkHref(html, 'hreflang="en-US"')).toBe(
        canonical,
      );
      expect(linkHref(html, 'hrefLang="x-default"') ?? linkHref(html, 'hreflang="x-default"')).toBe(
        canonical,
      );
      expect(html).toContain(`<meta property="og:url" content="${canonical}"/>`);
      expect(html).toContain('<meta name="description" content="Link your business bank account');
    });

    it('has JSON-LD for the article and its breadcrumbs that parses', async () => {
      const response = await get(url);
      expect(response.body).toContain('<script type="application/ld+json">');
      const [data] = jsonLdOf(response.body);
      const [article, breadcrumbs] = data as unknown as Array<Record<string, unknown>>;
      expect(article).toMatchObject({
        '@type': 'Article',
        headline: 'Connect a bank feed',
        datePublished: '2025-02-12',
        dateModified: '2026-08-30',
        author: { '@type': 'Organization', name: 'Ledgerleaf' },
      });
      expect(breadcrumbs).toMatchObject({ '@type': 'BreadcrumbList' });
      const items = (breadcrumbs as { itemListElement: Array<{ name: string; item?: string }> })
        .itemListElement;
      expect(items.map((item) => item.name)).toEqual([
        'Home',
        'Banking',
        'Bank feeds',
        'Connect a bank feed',
      ]);
      expect(items.at(-1)?.item).toBe(`${config.siteUrl}/s/article/connect-a-bank-feed`);
    });

    it('answers an unknown url name with the 404 page and its search box', async () => {
      const response = await get('/s/article/no-such-article');
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('We can’t find that page');
      expect(response.body).toContain('role="search"');
    });
  });

  describe('rich text in a page', () => {
    it('renders none of the script, handler, javascript: link, style or iframes of unsafe Markdown', async () => {
      const response = await get('/s/article/unsafe-markup');
      expect(response.statusCode).toBe(200);
      const body = articleBody(response.body);
      expect(body).toContain('Styled text');
      expect(body).not.toContain('<script');
      expect(body).not.toMatch(/onclick|href="\s*javascript:|style="color|color="red"|<iframe/i);
      expect(body).toContain('raw bad link');
      expect(body).toContain(
        '<a class="external-link" href="https://bank.example.com/help" target="_blank" rel="noopener noreferrer">',
      );
      expect(body).toContain('<span class="visually-hidden"> (opens in a new tab)</span>');
    });

    it('keeps a video iframe that is the only iframe', async () => {
      const body = articleBody((await get('/s/article/watch-a-video')).body);
      expect(body).toContain(
        '<iframe src="https://player.vimeo.com/video/76979871" title="Reconcile in two minutes"',
      );
      expect(body).toContain('Ledgerleaf Accounting &amp; Ledgerleaf Payroll');
      expect(body).toContain('Aug 05, 2025');
    });
  });

  describe('a guide', () => {
    it('shows its intro and numbered sections with their articles', async () => {
      const response = await get(`/0/guide/${guideId}`);
      expect(response.statusCode).toBe(200);
      const html = response.body;
      expect(html).toContain('<title>Set up banking – Ledgerleaf</title>');
      expect(html).toContain('Everything to do in your first week.');
      const sections = between(html, 'Everything to do in your first week.', '</ol>');
      expect(sections.indexOf('Connect')).toBeLessThan(sections.indexOf('Reconcile'));
      expect(sections).toContain('href="/s/article/connect-a-bank-feed"');
      expect(sections).toContain('Bring your transactions in.');
      expect(linkHref(html, 'rel="canonical"')).toBe(`${config.siteUrl}/0/guide/${guideId}`);
      expect(jsonLdOf(html)[0]).toEqual(
        expect.arrayContaining([expect.objectContaining({ '@type': 'Article' })]),
      );
    });

    it('answers an unknown guide id with 404', async () => {
      expect((await get('/0/guide/a0G000000000000000')).statusCode).toBe(404);
    });
  });

  describe('topics', () => {
    it('shows a topic with its subtopics, articles and guides', async () => {
      const response = await get(`/s/topic/${topicId}`);
      expect(response.statusCode).toBe(200);
      expect(response.body).toMatch(/<h1[^>]*>(Banking|Bank feeds|Reconciliation|Payroll)<\/h1>/);
      expect(linkHref(response.body, 'rel="canonical"')).toBe(
        `${config.siteUrl}/s/topic/${topicId}`,
      );
      expect(jsonLdOf(response.body)).toHaveLength(1);
    });

    it('sorts its articles as the address asks (spec 3 collection sort), by title otherwise', async () => {
      const banking = `/s/topic/${contentIds.topic('banking')}`;
      const articlesIn = async (query: string) => {
        const response = await get(`${banking}${query}`);
        expect(response.statusCode, query).toBe(200);
        const section = response.body.split('id="articles"')[1]?.split('</section>')[0] ?? '';
        const names = [...section.matchAll(/href="\/s\/article\/([a-z-]+)"/g)].map(
          (match) => match[1],
        );
        return { names: [...new Set(names)], html: response.body };
      };
      const byTitle = (await articlesIn('')).names;
      expect(byTitle.length).toBeGreaterThan(2);
      for (const query of ['?sort=bogus', '?sort=title-asc', '?sort=title']) {
        expect((await articlesIn(query)).names, query).toEqual(byTitle);
      }
      expect((await articlesIn('?sort=title-desc')).names).toEqual([...byTitle].reverse());
      // Connect a bank feed changed on 30 August 2026, Reconcile a bank transaction on 15 January.
      const place = async (query: string, name: string) =>
        (await articlesIn(query)).names.indexOf(name);
      const [newer, older] = ['connect-a-bank-feed', 'reconcile-a-bank-transaction'];
      expect(await place('?sort=updated-desc', newer)).toBeLessThan(
        await place('?sort=updated-desc', older),
      );
      expect(await place('?sort=updated-asc', older)).toBeLessThan(
        await place('?sort=updated-asc', newer),
      );
      // A plain GET form: it sorts without scripts, and shows the sort it is showing.
      const { html } = await articlesIn('?sort=updated-asc');
      expect(html).toMatch(
        /<form[^>]* method="get"[^>]*><label for="article-sort"[^]*?<select[^>]* name="sort"/,
      );
      expect(html).toMatch(
        /<option value="updated-asc" selected="">Least recently updated<\/option>/,
      );
      expect(linkHref(html, 'rel="canonical"')).toBe(`${config.siteUrl}${banking}`);
    });

    it('answers an unknown topic id with 404', async () => {
      expect((await get('/s/topic/0TO000000000000000')).statusCode).toBe(404);
    });

    it('shows the topic catalogue as a tree with counts', async () => {
      const response = await get('/s/topiccatalog');
      expect(response.statusCode).toBe(200);
      const html = response.body;
      expect(html).toContain('<title>All topics – Ledgerleaf</title>');
      expect(html).toMatch(/<h2[^>]*><a[^>]*>Banking<\/a><\/h2>/);
      expect(html).toContain('Bank feeds');
      expect(html).toMatch(/\d+ articles?/);
      expect(linkHref(html, 'rel="canonical"')).toBe(`${config.siteUrl}/s/topiccatalog`);
    });
  });

  describe('the glossary', () => {
    it('lists its entries A–Z', async () => {
      const response = await get('/0/glossary');
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>Glossary – Ledgerleaf</title>');
      expect(response.body).toContain('href="/0/glossary/accrual-accounting"');
      expect(response.body).toContain('id="letter-a"');
      expect(response.body).toContain('id="letter-c"');
    });

    it("shows an entry with 'For everyone' · 'Definition', related articles and see-also", async () => {
      const response = await get('/0/glossary/accrual-accounting');
      expect(response.statusCode).toBe(200);
      const html = response.body;
      expect(html).toContain('<title>Accrual accounting – Ledgerleaf</title>');
      expect(html).toContain('For everyone');
      expect(html).toContain('Definition');
      expect(html).toContain('<strong>earn</strong>');
      expect(between(html, 'Related articles', '</section>')).toContain(
        'Reconcile a bank transaction',
      );
      expect(between(html, 'See also', '</section>')).toContain(
        'href="/0/glossary/cash-accounting"',
      );
      expect(jsonLdOf(html)[0]).toEqual(
        expect.arrayContaining([expect.objectContaining({ '@type': 'DefinedTerm' })]),
      );
    });

    it('answers an unknown entry with 404', async () => {
      expect((await get('/0/glossary/no-such-term')).statusCode).toBe(404);
    });
  });

  describe('landing pages', () => {
    it('builds the getting-started page from its content', async () => {
      const response = await get('/0/getting-started');
      expect(response.statusCode).toBe(200);
      const html = response.body;
      expect(html).toContain('<title>Get started with Ledgerleaf – Ledgerleaf</title>');
      expect(html).toContain('Welcome to Ledgerleaf.');
      expect(html).toContain('Set up banking');
      expect(html).toContain(`href="/0/guide/${guideId}"`);
      expect(linkHref(html, 'rel="canonical"')).toBe(`${config.siteUrl}/0/getting-started`);
    });

    it('answers a landing page without content with 404', async () => {
      expect((await get('/0/payment-services')).statusCode).toBe(404);
    });
  });

  describe('record detail', () => {
    it('sends an article record to its article page for good', async () => {
      const response = await get(`/s/detail/${articleId}`);
      expect(response.statusCode).toBe(301);
      expect(response.headers.location).toBe('/s/article/connect-a-bank-feed');
    });

    it('answers an unknown record with 404', async () => {
      expect((await get('/s/detail/ka0000000000000000')).statusCode).toBe(404);
    });
  });
});
