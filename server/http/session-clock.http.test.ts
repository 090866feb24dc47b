import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TestClock } from '~tests/support/clock.ts';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { signInAs, type SignedInSession } from '~tests/support/sessions.ts';
import type { PortalConfig } from '../config.ts';
import {
  buildWithDemoData,
  PAGE,
  sessionOf,
  setCookie,
  signInThroughProvider,
} from './sign-in.fixture.ts';

const START = '2031-03-03T09:00:00.000Z';
const MINUTE = 60_000;
const IDLE_MS = 30 * MINUTE;
const ABSOLUTE_MS = 120 * MINUTE;
const at = (ms: number) => new Date(Date.parse(START) + ms).toISOString();

/*
 * The session timeouts on the portal's clock: time is moved on by hand, so a deadline half an
 * hour or two hours away is reached at once, and to the millisecond.
 */
describeEachDialect('session timeouts on the portal clock', (database) => {
  const clock = new TestClock(START);
  let app: FastifyInstance;
  let config: PortalConfig;

  beforeAll(async () => {
    ({ app, config } = await buildWithDemoData(database(), {
      clock,
      env: {
        SESSION_IDLE_TIMEOUT_SECONDS: String(IDLE_MS / 1000),
        SESSION_ABSOLUTE_TIMEOUT_SECONDS: String(ABSOLUTE_MS / 1000),
      },
    }));
  });
  afterAll(async () => {
    await app.close();
  });
  beforeEach(() => {
    clock.set(START);
  });

  const signIn = () => signInAs(database(), 'demo-customer', config, clock);
  const page = (signedIn: SignedInSession) =>
    app.inject({ method: 'GET', url: PAGE, headers: { cookie: signedIn.cookie } });
  const status = async (signedIn: SignedInSession) =>
    (
      await app.inject({
        method: 'GET',
        url: '/services/auth/session',
        headers: { cookie: signedIn.cookie },
      })
    ).json<Record<string, unknown>>();

  async function expectSignedIn(signedIn: SignedInSession) {
    const response = await page(signedIn);
    expect(response.body).toContain('Mia Chen');
    expect(setCookie(response, 'LL_session')).toBeUndefined();
  }

  async function expectEnded(signedIn: SignedInSession) {
    const response = await page(signedIn);
    expect(response.body).toContain('>Sign in<');
    expect(response.body).not.toContain('Mia Chen');
    expect(setCookie(response, 'LL_session')).toMatch(/^LL_session=;/);
    expect(await status(signedIn)).toEqual({ isGuest: true });
  }

  it('ends the session at the idle timeout: the request is a guest and the cookie is cleared', async () => {
    const signedIn = await signIn();
    clock.advance(IDLE_MS - 1);
    expect(await status(signedIn)).toMatchObject({ isGuest: false, expiresInMs: 1 });
    clock.advance(1);
    await expectEnded(signedIn);
  });

  it('moves the idle deadline on with activity before it', async () => {
    const signedIn = await signIn();
    clock.advance(IDLE_MS - MINUTE);
    await expectSignedIn(signedIn);
    clock.advance(IDLE_MS - MINUTE);
    // Past the first deadline, with a minute left of the one the page view set.
    expect(await status(signedIn)).toMatchObject({
      isGuest: false,
      expiresInMs: MINUTE,
      idleExpiresAt: at(2 * IDLE_MS - MINUTE),
    });
    await expectSignedIn(signedIn);
    clock.advance(IDLE_MS);
    await expectEnded(signedIn);
  });

  it('ends the session at the absolute timeout, however active it is', async () => {
    const signedIn = await signIn();
    for (let elapsed = 20 * MINUTE; elapsed < ABSOLUTE_MS; elapsed += 20 * MINUTE) {
      clock.set(at(elapsed));
      await expectSignedIn(signedIn);
    }
    // The idle deadline is never put past the absolute one.
    expect(await status(signedIn)).toMatchObject({
      expiresInMs: 20 * MINUTE,
      idleExpiresAt: at(ABSOLUTE_MS),
      absoluteExpiresAt: at(ABSOLUTE_MS),
    });
    clock.set(at(ABSOLUTE_MS));
    await expectEnded(signedIn);
  });

  it("reports the time left on the clock, and 'Continue Working' starts the idle time again", async () => {
    const signedIn = await signIn();
    expect(await status(signedIn)).toEqual({
      isGuest: false,
      expiresInMs: IDLE_MS,
      idleExpiresAt: at(IDLE_MS),
      absoluteExpiresAt: at(ABSOLUTE_MS),
      warnBeforeMs: 30_000,
    });
    clock.advance(10 * MINUTE);
    expect(await status(signedIn)).toMatchObject({ expiresInMs: IDLE_MS - 10 * MINUTE });
    clock.advance(IDLE_MS - 10 * MINUTE - 20_000);
    expect(await status(signedIn)).toMatchObject({ expiresInMs: 20_000 });
    const extended = await app.inject({
      method: 'POST',
      url: '/services/auth/session/extend',
      headers: { cookie: signedIn.cookie, 'x-csrf-token': signedIn.csrfToken },
    });
    expect(extended.json()).toMatchObject({
      expiresInMs: IDLE_MS,
      idleExpiresAt: at(2 * IDLE_MS - 20_000),
    });
    clock.advance(IDLE_MS - 1);
    expect(await status(signedIn)).toMatchObject({ expiresInMs: 1 });
  });

  describe('signing in through the provider', () => {
    it('starts the session and sets its cookie lifetime on the portal clock', async () => {
      const { jar, landing } = await signInThroughProvider(app, { startUrl: PAGE });
      expect(landing.statusCode).toBe(302);
      expect(setCookie(landing, 'LL_session')).toContain(`Max-Age=${ABSOLUTE_MS / 1000}`);
      const token = jar.get('LL_session') ?? '';
      const row = await database()
        .db.selectFrom('portal_session')
        .select(['created_at', 'idle_expires_at', 'absolute_expires_at'])
        .where('id', '=', sessionOf({ cookie: `LL_session=${token}` }))
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        created_at: START,
        idle_expires_at: at(IDLE_MS),
        absolute_expires_at: at(ABSOLUTE_MS),
      });
      clock.advance(IDLE_MS);
      const after = await app.inject({
        method: 'GET',
        url: PAGE,
        headers: { cookie: jar.header() },
      });
      expect(after.body).toContain('>Sign in<');
    });
  });
});
