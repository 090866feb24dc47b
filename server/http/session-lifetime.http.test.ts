import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { signInAs } from '~tests/support/sessions.ts';
import type { PortalConfig } from '../config.ts';
import {
  buildWithDemoData,
  csrfMeta,
  PAGE,
  pathOf,
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
      // A guest's browser vouches for its request, as browsers do for the portal's own pages.
      const timedOut = await app.inject({
        method: 'POST',
        url: '/services/auth/session/extend',
        headers: { 'sec-fetch-site': 'same-origin' },
      });
      expect(timedOut.statusCode).toBe(401);
      expect(timedOut.json()).toEqual({
        message: 'Your session has timed out. Try again.',
        errorCode: 'SESSION_EXPIRED',
      });
    });
  });
});
