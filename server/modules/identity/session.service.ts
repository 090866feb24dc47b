import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '~server/db/schema.ts';
import { deleteExpiredOidcPayloads } from './oidc-payload.repository.ts';
import {
  deleteExpiredSessions,
  deleteSession,
  findLiveSession,
  insertSession,
  updateSessionActivity,
} from './session.repository.ts';
import { portalUserFromRow } from './user.service.ts';
import type { PortalUser } from './viewer.ts';

export interface SessionTimeouts {
  idleTimeoutSeconds: number;
  absoluteTimeoutSeconds: number;
}

export interface PortalSession {
  /** The stored id: the SHA-256 of the cookie token, never the token itself. */
  id: string;
  user: PortalUser;
  csrfToken: string;
  idToken: string | null;
  lastSeenAt: Date;
  idleExpiresAt: Date;
  absoluteExpiresAt: Date;
}

/** The idle deadline after activity at `now`: the idle timeout on, never past the absolute end. */
function idleDeadline(now: Date, absoluteExpiresAt: Date, timeouts: SessionTimeouts): Date {
  const idle = now.getTime() + timeouts.idleTimeoutSeconds * 1000;
  return new Date(Math.min(idle, absoluteExpiresAt.getTime()));
}

export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Starts a new session for the user and returns its cookie token. Every sign-in gets a fresh
 * random token, so an id planted before sign-in never becomes a signed-in session.
 */
export async function startSession(
  db: Kysely<Database>,
  user: PortalUser,
  idToken: string | null,
  timeouts: SessionTimeouts,
  now: Date = new Date(),
): Promise<{ token: string; session: PortalSession }> {
  const token = newSecretToken();
  const absoluteExpiresAt = new Date(now.getTime() + timeouts.absoluteTimeoutSeconds * 1000);
  const session: PortalSession = {
    id: sessionIdOf(token),
    user,
    csrfToken: newSecretToken(),
    idToken,
    lastSeenAt: now,
    idleExpiresAt: idleDeadline(now, absoluteExpiresAt, timeouts),
    absoluteExpiresAt,
  };
  await deleteExpiredSessions(db, now);
  await insertSession(db, {
    id: session.id,
    user_id: user.id,
    created_at: now.toISOString(),
    last_seen_at: now.toISOString(),
    idle_expires_at: session.idleExpiresAt.toISOString(),
    absolute_expires_at: absoluteExpiresAt.toISOString(),
    csrf_token: session.csrfToken,
    id_token: idToken,
  });
  return { token, session };
}

/** The live session a cookie token stands for, or undefined when unknown or expired. */
export async function readSession(
  db: Kysely<Database>,
  token: string,
  now: Date = new Date(),
): Promise<PortalSession | undefined> {
  const found = await findLiveSession(db, sessionIdOf(token), now);
  if (!found) return undefined;
  const { session, user } = found;
  return {
    id: session.id,
    user: portalUserFromRow(user),
    csrfToken: session.csrf_token,
    idToken: session.id_token,
    lastSeenAt: new Date(session.last_seen_at),
    idleExpiresAt: new Date(session.idle_expires_at),
    absoluteExpiresAt: new Date(session.absolute_expires_at),
  };
}

/**
 * Moves the idle deadline on after activity. Writes at most once per `minimumGapMs`, so a page
 * and its data requests cost one write, not one each; `minimumGapMs` 0 always writes.
 */
export async function recordActivity(
  db: Kysely<Database>,
  session: PortalSession,
  timeouts: SessionTimeouts,
  minimumGapMs: number,
  now: Date = new Date(),
): Promise<PortalSession> {
  if (now.getTime() - session.lastSeenAt.getTime() < minimumGapMs) return session;
  const idleExpiresAt = idleDeadline(now, session.absoluteExpiresAt, timeouts);
  await updateSessionActivity(db, session.id, now.toISOString(), idleExpiresAt.toISOString());
  return { ...session, lastSeenAt: now, idleExpiresAt };
}

export async function endSession(db: Kysely<Database>, sessionId: string): Promise<void> {
  await deleteSession(db, sessionId);
}

/** How long activity may go unrecorded: a tenth of the idle timeout, at most a minute. */
export function activityWriteGapMs(timeouts: SessionTimeouts): number {
  return Math.min(60_000, timeouts.idleTimeoutSeconds * 100);
}

/**
 * Forgets sessions and sign-in provider records whose time ran out; a periodic job runs it, so
 * a portal nobody signs in to does not keep them.
 */
export async function purgeExpiredSignIns(db: Kysely<Database>, now: Date): Promise<void> {
  await deleteExpiredSessions(db, now);
  await deleteExpiredOidcPayloads(db, now.toISOString());
}
