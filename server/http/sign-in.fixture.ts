import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { testConfig } from '~tests/support/config.ts';
import { buildPortalServer } from '../app.ts';
import type { Clock } from '../clock.ts';
import type { PortalConfig } from '../config.ts';
import { seedDemoData } from '../demo/seed.ts';
import { sessionIdOf } from '~server/modules/identity';
import type { PortalDatabase } from '../db/database.ts';

/* What the sign-in, CSRF and session tests over HTTP share: a browser's side of the round trip. */

export const PAGE = '/0/community';

/** A browser's cookie jar, enough for the sign-in round trip through inject. */
export class CookieJar {
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

export function setCookie(response: LightMyRequestResponse, name: string): string | undefined {
  const header = response.headers['set-cookie'];
  const all = Array.isArray(header) ? header : header ? [header] : [];
  return all.find((cookie) => cookie.startsWith(`${name}=`));
}

/** The stored id of a signed-in test session: the hash of its cookie token. */
export function sessionOf(signedIn: { cookie: string }): string {
  return sessionIdOf(signedIn.cookie.slice(signedIn.cookie.indexOf('=') + 1));
}

export function pathOf(location: string): string {
  const url = new URL(location, 'http://localhost:3000');
  return `${url.pathname}${url.search}`;
}

export function csrfMeta(html: string): string {
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
export async function signInThroughProvider(
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

export async function buildWith(
  database: PortalDatabase,
  env: NodeJS.ProcessEnv = {},
  clock?: Clock,
) {
  const config: PortalConfig = testConfig(env);
  const app = await buildPortalServer({ config, database, ...(clock ? { clock } : {}) });
  return { app, config };
}

/** The portal with the demo accounts that the 'sign-in over HTTP' suites start from. */
export async function buildWithDemoData(
  database: PortalDatabase,
  options: { env?: NodeJS.ProcessEnv; clock?: Clock } = {},
) {
  // Many round trips from one address: the rate limit has its own test (sign-in.http.test.ts).
  const env = { SIGN_IN_RATE_LIMIT: '1000', ...options.env };
  const built = await buildWith(database, env, options.clock);
  await seedDemoData(database, built.config);
  return built;
}
