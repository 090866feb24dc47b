import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '~tests/support/clock.ts';
import { remoteMethodRequest } from '~core/gateway';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { testConfig } from '~tests/support/config.ts';
import { signInAs } from '~tests/support/sessions.ts';
import type { PortalConfig } from '../config.ts';
import { seedDemoData } from '../demo/seed.ts';
import {
  buildWith,
  buildWithDemoData,
  CookieJar,
  csrfMeta,
  PAGE,
  sessionOf,
  setCookie,
  signInThroughProvider,
} from './sign-in.fixture.ts';

describeEachDialect('sign-in over HTTP', (database) => {
  let app: FastifyInstance;
  let config: PortalConfig;
  beforeAll(async () => {
    ({ app, config } = await buildWithDemoData(database()));
  });
  afterAll(async () => {
    await app.close();
  });

  describe('the header', () => {
    it('offers a guest "Sign in" to the SSO start, back to the current path and query', async () => {
      const response = await app.inject({ method: 'GET', url: `${PAGE}?tab=recent` });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain(
        `href="/services/auth/sso/portal?startURL=${encodeURIComponent(`${PAGE}?tab=recent`)}"`,
      );
      expect(response.body).not.toContain('Log out');
    });

    it("shows a signed-in user's full name and a Log out form carrying the CSRF token", async () => {
      const signedIn = await signInAs(database(), {
        subject: 'header-user',
        firstName: 'jamie',
        lastName: 'van der berg',
      });
      const response = await app.inject({
        method: 'GET',
        url: PAGE,
        headers: { cookie: signedIn.cookie },
      });
      expect(response.body).toContain('Jamie Van Der Berg');
      expect(response.body).toMatch(/<form [^>]*action="\/services\/auth\/logout" method="post"/);
      expect(response.body).toContain(`name="_csrf" value="${signedIn.csrfToken}"`);
      expect(csrfMeta(response.body)).toBe(signedIn.csrfToken);
      expect(response.body).not.toContain('>Sign in<');
    });
  });

  describe('the single sign-on round trip (built-in provider)', () => {
    it('signs the partner demo account in and lands on the page sign-in started from', async () => {
      const { jar, landing } = await signInThroughProvider(app, {
        startUrl: `${PAGE}?tab=recent`,
      });
      expect(landing.statusCode).toBe(302);
      expect(landing.headers.location).toBe(`${PAGE}?tab=recent`);
      const page = await app.inject({
        method: 'GET',
        url: PAGE,
        headers: { cookie: jar.header() },
      });
      expect(page.body).toContain('Priya Raman');
      const user = await database()
        .db.selectFrom('portal_user')
        .selectAll()
        .where('subject', '=', 'demo-partner-primary')
        .execute();
      // The seeded row is the one signed in: (issuer, subject) is the key.
      expect(user).toHaveLength(1);
      expect(user[0]).toMatchObject({ issuer: `${config.siteUrl}/oidc`, is_partner: 1 });
    });

    it('sets the session cookie HttpOnly, SameSite=Lax, Path=/ and not Secure on plain http', async () => {
      const { landing } = await signInThroughProvider(app, { startUrl: PAGE });
      const cookie = setCookie(landing, 'LL_session') ?? '';
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; SameSite=Lax/);
      expect(cookie).toMatch(/; Path=\//);
      expect(cookie).not.toMatch(/; Secure/);
    });

    it('starts a new session on sign-in: the session cookie from before stops working', async () => {
      const before = await signInAs(database(), 'demo-customer');
      const jar = new CookieJar();
      jar.take({ cookies: [{ name: 'LL_session', value: before.cookie.split('=')[1] }] } as never);
      const { landing } = await signInThroughProvider(app, { startUrl: PAGE, jar });
      expect(landing.statusCode).toBe(302);
      const after = jar.get('LL_session');
      expect(after).toBeDefined();
      expect(`LL_session=${after}`).not.toBe(before.cookie);
      const old = await app.inject({
        method: 'GET',
        url: PAGE,
        headers: { cookie: before.cookie },
      });
      expect(old.body).toContain('>Sign in<');
      expect(old.body).not.toContain('Mia Chen');
      const fresh = await app.inject({
        method: 'GET',
        url: PAGE,
        headers: { cookie: `LL_session=${after}` },
      });
      expect(fresh.body).toContain('Priya Raman');
    });

    it.each([
      ['an absolute URL', 'https://evil.example/'],
      ['a protocol-relative URL', '//evil.example'],
      ['a backslash trick', '/\\evil.example'],
    ])('sends a startURL that is %s to home', async (_label, startUrl) => {
      const { landing } = await signInThroughProvider(app, { startUrl });
      expect(landing.statusCode).toBe(302);
      expect(landing.headers.location).toBe('/0/');
    });

    it('brings the visitor back to a non-Latin startURL, percent-encoded', async () => {
      const { landing } = await signInThroughProvider(app, { startUrl: '/s/article/café-日本' });
      expect(landing.statusCode).toBe(302);
      expect(landing.headers.location).toBe('/s/article/caf%C3%A9-%E6%97%A5%E6%9C%AC');
    });

    it('shows a friendly page with a way back in when the person cancels at the provider', async () => {
      const { landing } = await signInThroughProvider(app, { startUrl: PAGE, cancel: true });
      expect(landing.statusCode).toBe(400);
      expect(landing.body).toContain('Sign-in was cancelled');
      expect(landing.body).toContain(
        `href="/services/auth/sso/portal?startURL=${encodeURIComponent(PAGE)}"`,
      );
      expect(landing.body).toContain('>Sign in<');
    });

    it('refuses a callback whose state does not match the one it started', async () => {
      const jar = new CookieJar();
      const start = await app.inject({
        method: 'GET',
        url: `/services/auth/sso/portal?startURL=${PAGE}`,
      });
      jar.take(start);
      const response = await app.inject({
        method: 'GET',
        url: '/services/auth/sso/portal/callback?code=forged&state=not-the-state',
        headers: { cookie: jar.header() },
      });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('Your sign-in expired');
      expect(response.body).toContain('Try signing in again');
      expect(setCookie(response, 'LL_session')).toBeUndefined();
    });

    it('refuses a callback with no sign-in in progress', async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/services/auth/sso/portal/callback?code=abc&state=xyz',
      });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('Your sign-in expired');
    });

    it('reports a provider error without a 500', async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/services/auth/sso/portal/callback?error=server_error&state=x',
      });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('We couldn&#x27;t sign you in');
    });

    it('answers an unknown provider with a 404 page', async () => {
      for (const url of [
        '/services/auth/sso/nobody?startURL=%2F0%2F',
        '/services/auth/sso/nobody/callback?code=a&state=b',
      ]) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(404);
        expect(response.headers['content-type']).toContain('text/html');
      }
    });

    it('starts with PKCE (S256), state and nonce', async () => {
      const start = await app.inject({
        method: 'GET',
        url: `/services/auth/sso/portal?startURL=${PAGE}`,
      });
      const authorize = new URL(start.headers.location as string);
      expect(authorize.pathname).toBe('/oidc/auth');
      expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
      expect(authorize.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(authorize.searchParams.get('state')).toBeTruthy();
      expect(authorize.searchParams.get('nonce')).toBeTruthy();
      expect(authorize.searchParams.get('redirect_uri')).toBe(
        `${config.siteUrl}/services/auth/sso/portal/callback`,
      );
      const flow = setCookie(start, 'LL_sso_flow') ?? '';
      expect(flow).toMatch(/; HttpOnly/);
      expect(flow).toMatch(/; SameSite=Lax/);
      // The cookie is sealed: the state is not readable in it.
      expect(flow).not.toContain(authorize.searchParams.get('state') ?? '');
    });
  });
});

describeEachDialect('sign-in settings over HTTP', (database) => {
  it('says sign-in is not configured (503) when there is no provider', async () => {
    const { app } = await buildWith(database(), { BUILT_IN_SIGN_IN: 'false' });
    try {
      const response = await app.inject({
        method: 'GET',
        url: '/services/auth/sso/portal?startURL=%2F0%2F',
      });
      expect(response.statusCode).toBe(503);
      expect(response.body).toContain('Sign-in is not configured');
      const provider = await app.inject({
        method: 'GET',
        url: '/oidc/.well-known/openid-configuration',
      });
      expect(provider.statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('keeps the built-in provider off in production unless BUILT_IN_SIGN_IN=true', () => {
    expect(testConfig({ NODE_ENV: 'production' }).signIn.builtInProvider).toBe(false);
    expect(
      testConfig({ NODE_ENV: 'production', BUILT_IN_SIGN_IN: 'true' }).signIn.builtInProvider,
    ).toBe(true);
    expect(testConfig({ NODE_ENV: 'development' }).signIn.builtInProvider).toBe(true);
  });

  it('marks the session cookie Secure in production', async () => {
    const { app, config } = await buildWith(database(), {
      NODE_ENV: 'production',
      BUILT_IN_SIGN_IN: 'true',
    });
    try {
      await seedDemoData(database(), config);
      const { landing } = await signInThroughProvider(app, { startUrl: PAGE });
      expect(setCookie(landing, 'LL_session')).toMatch(/; Secure/);
    } finally {
      await app.close();
    }
  });

  it('marks the session cookie Secure on an https site', async () => {
    const { app } = await buildWith(database(), { SITE_URL: 'https://help.example' });
    try {
      const signedIn = await signInAs(database(), 'demo-customer');
      await database()
        .db.updateTable('portal_session')
        .set({ idle_expires_at: new Date(Date.now() - 1).toISOString() })
        .where('id', '=', sessionOf(signedIn))
        .execute();
      // An ended session's cookie is cleared with the same attributes it was set with.
      const page = await app.inject({
        method: 'GET',
        url: PAGE,
        headers: { cookie: signedIn.cookie },
      });
      expect(setCookie(page, 'LL_session')).toMatch(/; Secure/);
      // A guest's anonymous id comes with the first thing bound to it, a search token.
      const configuration = remoteMethodRequest('LL', 'getHeadlessConfiguration', {
        searchHub: 'LL_GlobalSearch',
      });
      const guest = await app.inject({ method: 'GET', url: configuration.url });
      expect(setCookie(guest, 'LL_csrf')).toMatch(/; Secure/);
    } finally {
      await app.close();
    }
  });

  it('limits sign-in attempts per address with a clear 429', async () => {
    const { app } = await buildWith(database(), { SIGN_IN_RATE_LIMIT: '3' });
    try {
      const statuses: number[] = [];
      let last: LightMyRequestResponse | undefined;
      for (let attempt = 0; attempt < 4; attempt += 1) {
        last = await app.inject({
          method: 'GET',
          url: '/services/auth/sso/portal?startURL=%2F0%2F',
        });
        statuses.push(last.statusCode);
      }
      expect(statuses).toEqual([302, 302, 302, 429]);
      expect(last?.json()).toMatchObject({
        errorCode: 'TOO_MANY_SIGN_IN_ATTEMPTS',
        message: expect.stringMatching(/^Too many sign-in attempts/),
      });
      // A browser on its way to sign in is shown a page, not the JSON a script reads.
      const browser = await app.inject({
        method: 'GET',
        url: '/services/auth/sso/portal?startURL=%2F0%2F',
        headers: { 'sec-fetch-dest': 'document', accept: 'text/html' },
      });
      expect(browser.statusCode).toBe(429);
      expect(browser.headers['content-type']).toContain('text/html');
      expect(Number(browser.headers['retry-after'])).toBeGreaterThan(0);
      expect(browser.headers['cache-control']).toBe('no-store');
      expect(browser.body).toContain('<h1>Too many sign-in attempts</h1>');
      expect(browser.body).toMatch(
        /Too many sign-in attempts from your network\. Try again in \d+ (second|minute)s?\./,
      );
      expect(browser.body).not.toContain('errorCode');
      const page = await app.inject({ method: 'GET', url: PAGE });
      expect(page.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('moves a visitor on another host name to SITE_URL before sign-in starts', async () => {
    const { app } = await buildWith(database(), { SITE_URL: 'http://localhost:3000' });
    try {
      const start = await app.inject({
        method: 'GET',
        url: '/services/auth/sso/portal?startURL=%2F0%2Fcommunity',
        headers: { host: '127.0.0.1:3000' },
      });
      expect(start.statusCode).toBe(302);
      expect(start.headers.location).toBe(
        'http://localhost:3000/services/auth/sso/portal?startURL=%2F0%2Fcommunity',
      );
      const onSiteHost = await app.inject({
        method: 'GET',
        url: '/services/auth/sso/portal?startURL=%2F0%2Fcommunity',
        headers: { host: 'localhost:3000' },
      });
      expect(onSiteHost.headers.location).toMatch(/\/oidc\/auth\?/);
    } finally {
      await app.close();
    }
  });

  it('lets sign-in attempts through again when the minute is over, on the portal clock', async () => {
    const clock = new TestClock('2031-03-03T09:00:00.000Z');
    const { app } = await buildWith(database(), { SIGN_IN_RATE_LIMIT: '2' }, clock);
    const attempt = async () =>
      (await app.inject({ method: 'GET', url: '/services/auth/sso/portal?startURL=%2F0%2F' }))
        .statusCode;
    try {
      expect([await attempt(), await attempt(), await attempt()]).toEqual([302, 302, 429]);
      clock.advance(59_999);
      expect(await attempt()).toBe(429);
      clock.advance(1);
      expect([await attempt(), await attempt(), await attempt()]).toEqual([302, 302, 429]);
    } finally {
      await app.close();
    }
  });
});
