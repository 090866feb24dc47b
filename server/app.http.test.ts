import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  documentTitle,
  pageHeading,
  VARIANT_ROOT,
  type RouteDefinition,
  type Variant,
  createRouteContract,
  servingVariant,
  type RouteParams,
} from '~core/routes';
import { VIDEO_EMBED_ORIGINS } from '~core/content';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { testConfig } from '~tests/support/config.ts';
import { signInAs } from '~tests/support/sessions.ts';
import { buildPortalServer } from './app.ts';

const config = testConfig();
const names = { brand: config.brand, product: config.product };
const contract = createRouteContract({
  product: config.product,
  siteUrl: config.siteUrl,
  log: () => {},
});
const ID = '0TO000000000000001';
const URL_NAME = 'reconcile-a-bank-feed';

/** The page's URL under a variant; a page with no path there is asked for by its other path. */
function sampleUrl(route: RouteDefinition, variant: Variant): string {
  const own = variant === 'aura' ? route.legacyPath : route.newPath;
  const template = own ?? route.legacyPath ?? route.newPath ?? '';
  return `${VARIANT_ROOT[variant]}${template.replace('{id}', ID).replace('{urlName}', URL_NAME)}`;
}

function paramsFor(route: RouteDefinition): RouteParams {
  const templates = `${route.legacyPath ?? ''} ${route.newPath ?? ''}`;
  return {
    ...(templates.includes('{id}') ? { id: ID } : {}),
    ...(templates.includes('{urlName}') ? { urlName: URL_NAME } : {}),
  };
}

/** Where the other variant's URL must land: its own page, or the page detection finds first. */
function expectedRedirect(route: RouteDefinition): string {
  if (route.pageKey === 'partnersServiceJob') return `/0/partners/challenges/${ID}`;
  if (route.pageKey === 'getStarted') return '/0/';
  return contract.path(route.pageKey, paramsFor(route)) ?? '';
}

/**
 * Pages that show a record or a landing page of imported content. This database has none, so
 * they must answer the 404 page; their content is tested in http/knowledge-pages.http.test.ts.
 */
const CONTENT_PAGES = new Set([
  'article',
  'guide',
  'topic',
  'recordDetail',
  'gettingStarted',
  'accountantsAndBookkeepers',
  'endOfFinancialYear',
  'paymentServices',
  'openBanking',
  'discussion',
  'user',
]);

/** Staff pages no one else is told about: a guest gets the 404 page. */
const STAFF_ONLY_PAGES = new Set(['test', 'articlePreview']);

/** Pages only a signed-in visitor sees: a guest is sent to sign in and brought back. */
const SIGNED_IN_PAGES = new Set([
  'myDiscussions',
  'startDiscussion',
  'case',
  'myCases',
  'caseInvite',
  'raiseSupportCase',
  'raisePartnerSupportCase',
  'recordList',
  'relatedList',
  'partnersAccount',
  'partnersSuggestions',
  'partnersChallengesAndRewards',
  'partnersChallenges',
  'partnersChallenge',
  'partnersServiceJob',
  'partnersPersonalise',
  'partnersUpdateAccount',
  'partnersResources',
  'createPracticeAccount',
  'manageAdvisorDirectory',
  'buyMultipleSubscriptions',
  'transferSubscriptions',
  'partnersSubscriptionChanges',
  'subscriptionChanges',
]);

function headingOf(html: string): string | undefined {
  return /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1]?.replace(/<!-- -->/g, '');
}

describeEachDialect('the portal over HTTP', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildPortalServer({ config, database: database() });
  });
  afterAll(async () => {
    await app.close();
  });

  describe.each(contract.routes.map((route) => [route.pageKey, route] as const))(
    'page %s',
    (_key, route) => {
      const served = servingVariant(route);
      const other: Variant = served === 'aura' ? 'lwr' : 'aura';

      it('answers under its priority variant with its page', async () => {
        const url = contract.path(route.pageKey, paramsFor(route)) ?? '';
        const response = await app.inject({ method: 'GET', url });
        if (SIGNED_IN_PAGES.has(route.pageKey)) {
          expect(response.statusCode).toBe(303);
          expect(response.headers.location).toBe(
            `/services/auth/sso/portal?startURL=${encodeURIComponent(url)}`,
          );
          return;
        }
        if (route.pageKey === 'createRecord') {
          // The only record created here is a case: the raise flow, for everyone.
          expect(response.statusCode).toBe(302);
          expect(response.headers.location).toBe(contract.path('raiseSupportCase'));
          return;
        }
        expect(response.headers['content-type']).toContain('text/html');
        if (CONTENT_PAGES.has(route.pageKey) || STAFF_ONLY_PAGES.has(route.pageKey)) {
          expect(response.statusCode).toBe(404);
          expect(headingOf(response.body)).toBe('We can’t find that page');
          return;
        }
        expect(response.statusCode).toBe(route.pageKey === 'error' ? 404 : 200);
        const heading =
          route.pageKey === 'home' || route.pageKey === 'getStarted'
            ? `Get expert help using ${config.brand}, any time you need it`
            : pageHeading(route.pageKey, names);
        expect(headingOf(response.body)).toBe(heading);
        const title = pageHeading(route.pageKey, names);
        expect(response.body).toContain(`<title>${documentTitle(title, names)}</title>`);
      });

      it('redirects from the other variant, ids and url names carried over', async () => {
        const response = await app.inject({ method: 'GET', url: sampleUrl(route, other) });
        expect(response.statusCode).toBe(308);
        expect(response.headers.location).toBe(expectedRedirect(route));
      });
    },
  );

  it('sends / to the home page', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(308);
    expect(response.headers.location).toBe('/0/');
  });

  it('keeps the query string across a variant redirect', async () => {
    const response = await app.inject({ method: 'GET', url: '/s/search?q=bank%20feeds&tab=all' });
    expect(response.headers.location).toBe('/0/search?q=bank+feeds&tab=all');
  });

  it.each([
    ['/s/topic/not-an-id', 302],
    ['/s/question/0D500000000000001', 302],
    ['/s/article/', 302],
    ['/0/partners/challenges/not-an-id', 302],
  ])('sends %s, which has no usable id or url name, to the error page', async (url, status) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(status);
    expect(response.headers.location).toBe('/s/error');
  });

  it('answers an unknown page with a 404 page whose search box submits to the search route', async () => {
    for (const url of ['/s/no-such-page', '/0/no/such/page', '/elsewhere']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(headingOf(response.body)).toBe('We can’t find that page');
      const form = /<form role="search"[^>]*>/.exec(response.body)?.[0] ?? '';
      expect(form).toContain('action="/0/search"');
      expect(form).toContain('method="get"');
      expect(response.body).toContain('name="q"');
    }
  });

  it.each(['/%', '/s/article/%E0%A4%A'])(
    'answers the malformed page address %s with 400 and a page that says what to do',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<h1>We can’t open that address</h1>');
      expect(response.body).toContain('<a href="/">Go to the help portal</a>');
      expect(response.body).not.toContain('FST_ERR');
      // No hook ran for it: the page still may not be framed, sniffed, or run a script.
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    },
  );

  it.each(['/api/search/%', `/s/article/%E0%A4%A.data`])(
    'answers the malformed API address %s with 400 and a message',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        message: expect.stringContaining('not a valid url'),
        errorCode: 'FST_ERR_BAD_URL',
      });
    },
  );

  it('refuses other methods on a page without an action with 405, not 500', async () => {
    const { cookie, csrfToken } = await signInAs(database(), 'demo-customer', config);
    const response = await app.inject({
      method: 'POST',
      url: '/0/',
      payload: '{broken',
      headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrfToken },
    });
    expect(response.statusCode).toBe(405);
  });

  it('answers a product page for another product with 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/s/contact-someone-else-support' });
    expect(response.statusCode).toBe(404);
  });

  it('renders the site shell: language, skip link, navigation and the sign-in call to action', async () => {
    const response = await app.inject({ method: 'GET', url: '/0/learning?tab=courses' });
    const html = response.body;
    expect(html).toContain('<html lang="en-US" dir="ltr">');
    expect(html).toMatch(/<a[^>]*href="#main"[^>]*>Skip to main content<\/a>/);
    expect(html).toContain('id="main"');
    for (const [label, path] of [
      ['Support', '/0/'],
      ['Learning', '/0/learning'],
      ['Community', '/0/community'],
      ['Partners', '/0/partners'],
    ]) {
      expect(html).toMatch(new RegExp(`<a[^>]*href="${path}"[^>]*>${label}</a>`));
    }
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*>Learning<\/a>/);
    expect(html).toContain(
      `href="/services/auth/sso/${config.ssoProvider}?startURL=%2F0%2Flearning%3Ftab%3Dcourses"`,
    );
  });

  it('describes the home page as spec section 1 asks', async () => {
    const html = (await app.inject({ method: 'GET', url: '/0/' })).body;
    expect(html).toContain(`<title>Support – ${config.brand}</title>`);
    expect(html).toMatch(
      /<meta name="description" content="[^"]*articles[^"]*troubleshoot[^"]*discussions[^"]*contact support[^"]*"/,
    );
  });

  it("sends a signed-in visitor's page a CSP whose fresh nonce is on every inline script", async () => {
    const signedIn = await signInAs(database(), 'demo-customer');
    const page = () =>
      app.inject({ method: 'GET', url: '/0/', headers: { cookie: signedIn.cookie } });
    const response = await page();
    const policy = String(response.headers['content-security-policy']);
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    expect(policy).not.toContain("'sha256-");
    const scripts = [...response.body.matchAll(/<script([^>]*)>/g)].map((match) => match[1] ?? '');
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
    expect((await page()).headers['content-security-policy']).not.toContain(nonce);
    const frames = /frame-src ([^;]+)/.exec(policy)?.[1]?.split(' ');
    expect(frames).toEqual(VIDEO_EMBED_ORIGINS);
    expect(frames).toContain('https://www.youtube.com');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it("sends a guest's page, which guests share, a CSP that names each inline script by hash", async () => {
    const response = await app.inject({ method: 'GET', url: '/0/' });
    const policy = String(response.headers['content-security-policy']);
    expect(policy).not.toContain("'nonce-");
    expect(response.body).not.toContain('nonce=');
    const inline = [...response.body.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)];
    expect(inline.length).toBeGreaterThan(0);
    const allowed = /script-src ([^;]+)/.exec(policy)?.[1]?.split(' ') ?? [];
    for (const [, text] of inline) {
      const hash = createHash('sha256')
        .update(text ?? '')
        .digest('base64');
      expect(allowed).toContain(`'sha256-${hash}'`);
    }
    expect(allowed).not.toContain("'unsafe-inline'");
    expect(response.headers['referrer-policy']).toBe('same-origin');
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const html = (await app.inject({ method: 'GET', url: '/0/' })).body;
    const asset = /href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    expect(asset).toBeDefined();
    const response = await app.inject({ method: 'GET', url: asset ?? '' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('puts a site search box in the header, except on pages with their own main search box', async () => {
    const siteSearch = /<form role="search" aria-label="Site search"[^>]*? action="([^"]+)"/;
    for (const url of ['/0/', '/0/learning', '/0/search', '/0/learning-search']) {
      expect(siteSearch.test((await app.inject({ method: 'GET', url })).body)).toBe(false);
    }
    const community = (await app.inject({ method: 'GET', url: '/0/community' })).body;
    expect(siteSearch.exec(community)?.[1]).toBe('/0/search');
    const learning = (await app.inject({ method: 'GET', url: '/0/webinars-events' })).body;
    expect(siteSearch.exec(learning)?.[1]).toBe('/0/learning-search');
  });

  it('reports health with the database it runs on', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: database().dialect });
  });
});
