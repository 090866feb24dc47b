import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { signInAs } from '~tests/support/sessions.ts';
import { buildWithDemoData, PAGE, setCookie } from './sign-in.fixture.ts';

describeEachDialect('sign-in over HTTP', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await buildWithDemoData(database()));
  });
  afterAll(async () => {
    await app.close();
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

    it("gives guests pages without a token or a cookie, and takes their browser's word instead", async () => {
      const page = await app.inject({ method: 'GET', url: PAGE });
      expect(page.body).not.toContain('name="csrf-token"');
      expect(setCookie(page, 'LL_csrf')).toBeUndefined();
      const extend = (headers: Record<string, string>) =>
        app.inject({ method: 'POST', url: '/services/auth/session/extend', headers });
      // Past the CSRF check, a guest has no session to extend.
      for (const fromOwnPage of <Record<string, string>[]>[
        { 'sec-fetch-site': 'same-origin' },
        { origin: 'http://localhost:3000' },
      ]) {
        expect((await extend(fromOwnPage)).statusCode).toBe(401);
      }
      for (const unvouched of <Record<string, string>[]>[
        {},
        { origin: 'null' },
        { 'sec-fetch-site': 'none' },
        { 'sec-fetch-site': 'same-site' },
        { origin: 'https://evil.example' },
      ]) {
        expect((await extend(unvouched)).statusCode).toBe(403);
      }
    });

    it("never takes the browser's word for a signed-in visitor, who needs the session's token", async () => {
      const signedIn = await signInAs(database(), 'demo-customer');
      for (const fromOwnPage of <Record<string, string>[]>[
        { 'sec-fetch-site': 'same-origin' },
        { origin: 'http://localhost:3000' },
      ]) {
        const response = await app.inject({
          method: 'POST',
          url: '/services/auth/session/extend',
          headers: { cookie: signedIn.cookie, ...fromOwnPage },
        });
        expect(response.statusCode).toBe(403);
      }
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
});
