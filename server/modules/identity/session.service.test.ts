import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import {
  activityWriteGapMs,
  endSession,
  readSession,
  recordActivity,
  sessionIdOf,
  startSession,
} from './session.service.ts';
import { saveUser } from './user.service.ts';
import { NO_USER_DATA } from './user.repository.ts';
import type { PortalUser } from './viewer.ts';

const TIMEOUTS = { idleTimeoutSeconds: 1800, absoluteTimeoutSeconds: 43200 };
const T0 = new Date('2026-03-01T09:00:00.000Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

describeEachDialect('sessions', (database) => {
  let user: PortalUser;
  beforeAll(async () => {
    user = await saveUser(
      database().db,
      {
        issuer: 'https://idp.example',
        subject: 'session-user',
        email: 'pat.lee@example.com',
        firstName: 'Pat',
        lastName: 'Lee',
      },
      { ...NO_USER_DATA, isPartner: true },
      T0,
    );
  });

  it('stores only the hash of the cookie token, and finds the session by the token', async () => {
    const { token, session } = await startSession(database().db, user, 'id.token', TIMEOUTS, T0);
    expect(session.id).toBe(sessionIdOf(token));
    expect(session.id).not.toContain(token);
    const stored = await database()
      .db.selectFrom('portal_session')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(stored.map((row) => row.id)).toContain(sessionIdOf(token));
    expect(stored.some((row) => row.id === token)).toBe(false);

    const read = await readSession(database().db, token, at(1));
    expect(read?.user).toEqual(user);
    expect(read?.csrfToken).toBe(session.csrfToken);
    expect(read?.idToken).toBe('id.token');
    expect(read?.idleExpiresAt.toISOString()).toBe('2026-03-01T09:30:00.000Z');
    expect(read?.absoluteExpiresAt.toISOString()).toBe('2026-03-01T21:00:00.000Z');
  });

  it('gives every session its own token and CSRF token', async () => {
    const first = await startSession(database().db, user, null, TIMEOUTS, T0);
    const second = await startSession(database().db, user, null, TIMEOUTS, T0);
    expect(first.token).not.toBe(second.token);
    expect(first.session.csrfToken).not.toBe(second.session.csrfToken);
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('knows no session for an unknown token', async () => {
    expect(await readSession(database().db, 'not-a-token', T0)).toBeUndefined();
  });

  it('ends after the idle timeout without activity', async () => {
    const { token } = await startSession(database().db, user, null, TIMEOUTS, T0);
    expect(await readSession(database().db, token, at(1799))).toBeDefined();
    expect(await readSession(database().db, token, at(1800))).toBeUndefined();
  });

  it('activity moves the idle deadline on', async () => {
    const { token, session } = await startSession(database().db, user, null, TIMEOUTS, T0);
    const moved = await recordActivity(database().db, session, TIMEOUTS, 0, at(1000));
    expect(moved.idleExpiresAt.toISOString()).toBe('2026-03-01T09:46:40.000Z');
    expect(await readSession(database().db, token, at(2500))).toBeDefined();
    expect(await readSession(database().db, token, at(2800))).toBeUndefined();
  });

  it('writes activity at most once per gap', async () => {
    const { token, session } = await startSession(database().db, user, null, TIMEOUTS, T0);
    const unchanged = await recordActivity(database().db, session, TIMEOUTS, 60_000, at(30));
    expect(unchanged).toBe(session);
    expect((await readSession(database().db, token, at(31)))?.lastSeenAt).toEqual(T0);
    const written = await recordActivity(database().db, session, TIMEOUTS, 60_000, at(60));
    expect(written.lastSeenAt).toEqual(at(60));
    expect((await readSession(database().db, token, at(61)))?.lastSeenAt).toEqual(at(60));
  });

  it('ends at the absolute timeout however active the user is', async () => {
    const timeouts = { idleTimeoutSeconds: 600, absoluteTimeoutSeconds: 1000 };
    const { token, session } = await startSession(database().db, user, null, timeouts, T0);
    const late = await recordActivity(database().db, session, timeouts, 0, at(900));
    // The idle deadline never passes the absolute end.
    expect(late.idleExpiresAt).toEqual(at(1000));
    expect(await readSession(database().db, token, at(999))).toBeDefined();
    expect(await readSession(database().db, token, at(1000))).toBeUndefined();
  });

  it('ends at once when ended', async () => {
    const { token, session } = await startSession(database().db, user, null, TIMEOUTS, T0);
    await endSession(database().db, session.id);
    expect(await readSession(database().db, token, at(1))).toBeUndefined();
  });

  it('clears out ended sessions when a new one starts', async () => {
    const { session } = await startSession(database().db, user, null, TIMEOUTS, T0);
    await startSession(database().db, user, null, TIMEOUTS, at(40000));
    const left = await database()
      .db.selectFrom('portal_session')
      .select('id')
      .where('id', '=', session.id)
      .execute();
    expect(left).toEqual([]);
  });
});

describe('activityWriteGapMs', () => {
  it('is a tenth of the idle timeout, at most a minute', () => {
    expect(activityWriteGapMs({ idleTimeoutSeconds: 1800, absoluteTimeoutSeconds: 1 })).toBe(
      60_000,
    );
    expect(activityWriteGapMs({ idleTimeoutSeconds: 40, absoluteTimeoutSeconds: 1 })).toBe(4_000);
  });
});
