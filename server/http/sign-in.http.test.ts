import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { testConfig } from '~tests/support/config.ts';
import { signInAs } from '~tests/support/sessions.ts';
import { buildPortalServer } from '../app.ts';
import type { PortalConfig } from '../config.ts';
import { seedDemoData } from '../demo/seed.ts';
import { sessionIdOf } from '~server/modules/identity';
import type { PortalDatabase } from '../db/database.ts';

const PAGE = '/0/community';

/** A browser's cookie jar, enough for the sign-in round trip through inject. */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies) {
      const expired =
        cookie.value === '' ||
        cookie.maxAge === 0 ||
        (cookie.expires !== undefined && new Date(cookie.expires).getTime() < Date.now());
      if (expired) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

function setCookie(response: LightMyRequestResponse, name: string): string | undefined {
  const header = response.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  return all.find((cookie) => cookie.startsWith(`${name}=`));
}

/** The stored id of a signed-in test session: the hash of its cookie token. */
function sessionOf(signedIn: { cookie: string }): string {
  return sessionIdOf(signedIn.cookie.slice(signedIn.cookie.indexOf('=') + 1));
}

function pathOf(location: string): string {
  const url = new URL(location, 'http://localhost:3000');
  return `${url.pathname}${url.search}`;
}

function csrfMeta(html: string): string {
  const token = /<meta name="csrf-token" content="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error('no csrf-token meta in the page');
  return token;
}

interface RoundTrip {
  jar: CookieJar;
  /** Where the portal sent the browser at the end. */
  landing: LightMyRequestResponse;
}

/**
 * Signs in through the built-in provider as a browser would: start, provider, demo sign-in
 * page, choose an account, back to the callback.
 */
async function signInThroughProvider(
  app: FastifyInstance,
  options: { startUrl: string; subject?: string; cancel?: boolean; jar?: CookieJar },
): Promise<RoundTrip> {
  const jar = options.jar ?? new CookieJar();
  const get = async (url: string) => {
    const response = await app.inject({ method: 'GET', url, headers: { cookie: jar.header() } });
    jar.take(response);
    return response;
  };
  const start = await get(
    `/services/auth/sso/portal?startURL=${encodeURIComponent(options.startUrl)}`,
  );
  expect(start.statusCode).toBe(302);
  const authorize = await get(pathOf(start.headers.location as string));
  expect(authorize.statusCode).toBe(303);
  const signInPage = await get(pathOf(authorize.headers.location as string));
  expect(signInPage.statusCode).toBe(200);
  const csrf = /name="_csrf" value="([^"]+)"/.exec(signInPage.body)?.[1] ?? '';
  const form = new URLSearchParams({ _csrf: csrf });
  if (options.cancel) form.set('cancel', 'yes');
  else form.set('account', options.subject ?? 'demo-partner-primary');
  const chosen = await app.inject({
    method: 'POST',
    url: pathOf(authorize.headers.location as string),
    headers: {
      cookie: jar.header(),
      'content-type': 'application/x-www-form-urlencoded',
      origin: 'http://localhost:3000',
    },
    payload: form.toString(),
  });
  jar.take(chosen);
  expect(chosen.statusCode).toBe(303);
  const resumed = await get(pathOf(chosen.headers.location as string));
  expect(resumed.statusCode).toBe(303);
  const callback = pathOf(resumed.headers.location as string);
  expect(callback.startsWith('/services/auth/sso/portal/callback?')).toBe(true);
  const landing = await get(callback);
  return { jar, landing };
}

async function buildWith(database: PortalDatabase, env: NodeJS.ProcessEnv = {}) {
  const config: PortalConfig = testConfig(env);
  const app = await buildPortalServer({ config, database });
  return { app, config };
}

describeEachDialect('sign-in over HTTP', (database) => {
  let app: FastifyInstance;
  let config: PortalConfig;
  beforeAll(async () => {
    // Many round trips from one address: the rate limit has its own test below.
    ({ app, config } = await buildWith(database(), { SIGN_IN_RATE_LIMIT: '1000' }));
    await seedDemoData(database(), config);
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

  describe('logout', () => {
    it('needs the CSRF token', async () => {
      const signedIn = await signInAs(database(), 'demo-customer');
      for (const token of ['', 'wrong-token']) {
        const response = await app.inject({
          method: 'POST',
          url: '/services/auth/logout',
          headers: { cookie: signedIn.cookie, 'content-type': 'application/x-www-form-urlencoded' },
          payload: `_csrf=${token}`,
        });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ errorCode: 'CSRF_REJECTED' });
      }
      const still = await app.inject({
        method: 'GET',
        url: PAGE,
        headers: { cookie: signedIn.cookie },
      });
      expect(still.body).toContain('Mia Chen');
    });

    it('is not a GET', async () => {
      const signedIn = await signInAs(database(), 'demo-customer');
      await app.inject({
        method: 'GET',
        url: '/services/auth/logout',
        headers: { cookie: signedIn.cookie },
      });
      const still = await app.inject({
        method: 'GET',
        url: PAGE,
        headers: { cookie: signedIn.cookie },
      });
      expect(still.body).toContain('Mia Chen');
    });

    it('ends the session and goes home when there is no provider session to end', async () => {
      const signedIn = await signInAs(database(), 'demo-customer');
      const response = await app.inject({
        method: 'POST',
        url: '/services/auth/logout',
        headers: { cookie: signedIn.cookie, 'content-type': 'application/x-www-form-urlencoded' },
        payload: `_csrf=${signedIn.csrfToken}`,
      });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/0/');
      expect(setCookie(response, 'LL_session')).toMatch(/^LL_session=;/);
      const after = await app.inject({
        method: 'GET',
        url: PAGE,
        headers: { cookie: signedIn.cookie },
      });
      expect(after.body).toContain('>Sign in<');
    });

    it("ends the provider's session too, with id_token_hint and a way back home", async () => {
      const { jar } = await signInThroughProvider(app, { startUrl: PAGE });
      const page = await app.inject({
        method: 'GET',
        url: PAGE,
        headers: { cookie: jar.header() },
      });
      const response = await app.inject({
        method: 'POST',
        url: '/services/auth/logout',
        headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
        payload: `_csrf=${csrfMeta(page.body)}`,
      });
      expect(response.statusCode).toBe(303);
      const endSession = new URL(response.headers.location as string);
      expect(endSession.pathname).toBe('/oidc/session/end');
      expect(endSession.searchParams.get('id_token_hint')).toBeTruthy();
      expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${config.siteUrl}/0/`);
      jar.take(response);
      const providerPage = await app.inject({
        method: 'GET',
        url: pathOf(endSession.href),
        headers: { cookie: jar.header() },
      });
      expect(providerPage.statusCode).toBe(200);
      expect(providerPage.body).toContain('Signing out');
    });
  });

  describe('CSRF protection on state-changing requests', () => {
    it('rejects a non-form POST without the token, with a wrong token, or from another site', async () => {
      const signedIn = await signInAs(database(), 'demo-customer');
      const attempts = [
        { cookie: signedIn.cookie },
        { cookie: signedIn.cookie, 'x-csrf-token': 'wrong' },
        {
          cookie: signedIn.cookie,
          'x-csrf-token': signedIn.csrfToken,
          origin: 'https://evil.example',
        },
        {
          cookie: signedIn.cookie,
          'x-csrf-token': signedIn.csrfToken,
          referer: 'https://evil.example/page',
        },
        {
          cookie: signedIn.cookie,
          'x-csrf-token': signedIn.csrfToken,
          'sec-fetch-site': 'cross-site',
        },
        {
          cookie: signedIn.cookie,
          'x-csrf-token': signedIn.csrfToken,
          origin: 'null',
          'sec-fetch-site': 'same-site',
        },
      ];
      for (const headers of attempts) {
        const response = await app.inject({
          method: 'POST',
          url: '/services/auth/session/extend',
          headers,
        });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({
          message: 'This request could not be verified. Reload the page and try again.',
          errorCode: 'CSRF_REJECTED',
        });
      }
    });

    it("accepts the session's token in the header, or as csrfToken in a JSON body", async () => {
      const signedIn = await signInAs(database(), 'demo-customer');
      const byHeader = await app.inject({
        method: 'POST',
        url: '/services/auth/session/extend',
        headers: {
          cookie: signedIn.cookie,
          'x-csrf-token': signedIn.csrfToken,
          origin: 'http://localhost:3000',
        },
      });
      expect(byHeader.statusCode).toBe(200);
      const byBody = await app.inject({
        method: 'POST',
        url: '/services/auth/session/extend',
        headers: { cookie: signedIn.cookie, 'content-type': 'application/json' },
        payload: { csrfToken: signedIn.csrfToken },
      });
      expect(byBody.statusCode).toBe(200);
    });

    it('refuses a form post from another site even with the right token', async () => {
      const signedIn = await signInAs(database(), 'demo-customer');
      const response = await app.inject({
        method: 'POST',
        url: '/services/auth/logout',
        headers: {
          cookie: signedIn.cookie,
          'content-type': 'application/x-www-form-urlencoded',
          origin: 'https://evil.example',
        },
        payload: `_csrf=${signedIn.csrfToken}`,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ errorCode: 'CSRF_REJECTED' });
    });

    it('accepts a same-origin form whose Origin is null (Referrer-Policy: no-referrer)', async () => {
      const signedIn = await signInAs(database(), 'demo-customer');
      const response = await app.inject({
        method: 'POST',
        url: '/services/auth/logout',
        headers: {
          cookie: signedIn.cookie,
          'content-type': 'application/x-www-form-urlencoded',
          origin: 'null',
          'sec-fetch-site': 'same-origin',
        },
        payload: `_csrf=${signedIn.csrfToken}`,
      });
      expect(response.statusCode).toBe(303);
    });

    it("does not take another session's token", async () => {
      const mine = await signInAs(database(), 'demo-customer');
      const theirs = await signInAs(database(), 'demo-admin');
      const response = await app.inject({
        method: 'POST',
        url: '/services/auth/session/extend',
        headers: { cookie: mine.cookie, 'x-csrf-token': theirs.csrfToken },
      });
      expect(response.statusCode).toBe(403);
    });

    it('gives a guest a token bound to an anonymous cookie', async () => {
      const page = await app.inject({ method: 'GET', url: PAGE });
      const cookie = setCookie(page, 'LL_csrf') ?? '';
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; SameSite=Lax/);
      const token = csrfMeta(page.body);
      const anonymous = cookie.split(';')[0] ?? '';
      const again = await app.inject({ method: 'GET', url: PAGE, headers: { cookie: anonymous } });
      expect(csrfMeta(again.body)).toBe(token);
      expect(setCookie(again, 'LL_csrf')).toBeUndefined();
      const other = await app.inject({ method: 'GET', url: PAGE });
      expect(csrfMeta(other.body)).not.toBe(token);
    });

    it('leaves the built-in provider’s own endpoints to their own protection', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/oidc/token',
        headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
        payload: {},
      });
      expect(response.statusCode).not.toBe(403);
      expect(response.json()).toMatchObject({ error: expect.any(String) });
    });
  });

  describe('session status and idle expiry', () => {
    it('reports the time left, and asking does not count as activity', async () => {
      const signedIn = await signInAs(database(), 'demo-customer');
      await database()
        .db.updateTable('portal_session')
        .set({ last_seen_at: '2020-01-01T00:00:00.000Z' })
        .where('id', '=', sessionOf(signedIn))
        .execute();
      const before = await database()
        .db.selectFrom('portal_session')
        .select('idle_expires_at')
        .where('id', '=', sessionOf(signedIn))
        .executeTakeFirstOrThrow();
      const response = await app.inject({
        method: 'GET',
        url: '/services/auth/session',
        headers: { cookie: signedIn.cookie },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const status = response.json();
      expect(status).toMatchObject({
        isGuest: false,
        warnBeforeMs: 30_000,
        idleExpiresAt: before.idle_expires_at,
      });
      expect(status.expiresInMs).toBeGreaterThan(1_700_000);
      const after = await database()
        .db.selectFrom('portal_session')
        .select('idle_expires_at')
        .where('id', '=', sessionOf(signedIn))
        .executeTakeFirstOrThrow();
      expect(after.idle_expires_at).toBe(before.idle_expires_at);
    });

    it('treats an idle-expired session as a guest and clears its cookie', async () => {
      const signedIn = await signInAs(database(), 'demo-customer');
      await database()
        .db.updateTable('portal_session')
        .set({ idle_expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', sessionOf(signedIn))
        .execute();
      const page = await app.inject({
        method: 'GET',
        url: PAGE,
        headers: { cookie: signedIn.cookie },
      });
      expect(page.body).toContain('>Sign in<');
      expect(setCookie(page, 'LL_session')).toMatch(/^LL_session=;/);
      const status = await app.inject({
        method: 'GET',
        url: '/services/auth/session',
        headers: { cookie: signedIn.cookie },
      });
      expect(status.json()).toEqual({ isGuest: true });
    });

    it('treats an absolute-expired session as a guest, however recent its activity', async () => {
      const signedIn = await signInAs(database(), 'demo-customer');
      await database()
        .db.updateTable('portal_session')
        .set({ absolute_expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', sessionOf(signedIn))
        .execute();
      const page = await app.inject({
        method: 'GET',
        url: PAGE,
        headers: { cookie: signedIn.cookie },
      });
      expect(page.body).toContain('>Sign in<');
    });

    it("'Continue Working' moves the idle deadline on; a guest is told the session timed out", async () => {
      const signedIn = await signInAs(database(), 'demo-customer');
      await database()
        .db.updateTable('portal_session')
        .set({ idle_expires_at: new Date(Date.now() + 20_000).toISOString() })
        .where('id', '=', sessionOf(signedIn))
        .execute();
      const extended = await app.inject({
        method: 'POST',
        url: '/services/auth/session/extend',
        headers: { cookie: signedIn.cookie, 'x-csrf-token': signedIn.csrfToken },
      });
      expect(extended.json().expiresInMs).toBeGreaterThan(1_790_000);
      const guest = await app.inject({ method: 'GET', url: PAGE });
      const token = csrfMeta(guest.body);
      const cookie = (setCookie(guest, 'LL_csrf') ?? '').split(';')[0] ?? '';
      const timedOut = await app.inject({
        method: 'POST',
        url: '/services/auth/session/extend',
        headers: { cookie, 'x-csrf-token': token },
      });
      expect(timedOut.statusCode).toBe(401);
      expect(timedOut.json()).toEqual({
        message: 'Your session has timed out. Try again.',
        errorCode: 'SESSION_EXPIRED',
      });
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
      expect(setCookie(page, 'LL_csrf')).toMatch(/; Secure/);
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
      const page = await app.inject({ method: 'GET', url: PAGE });
      expect(page.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
