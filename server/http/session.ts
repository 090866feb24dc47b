import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_STATUS_PATH } from '~core/session';
import type { Clock } from '../clock.ts';
import type { PortalConfig } from '../config.ts';
import type { PortalDatabase } from '../db/database.ts';
import {
  activityWriteGapMs,
  GUEST,
  readSession,
  recordActivity,
  type PortalSession,
} from '~server/modules/identity';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in session behind `viewer`, or null for a guest. */
    portalSession: PortalSession | null;
  }
}

export function sessionCookieName(prefix: string): string {
  return `${prefix}_session`;
}

/** Secure whenever the site is served over HTTPS, and always in production. */
export function secureCookies(config: Pick<PortalConfig, 'siteUrl' | 'nodeEnv'>): boolean {
  return config.siteUrl.startsWith('https:') || config.nodeEnv === 'production';
}

export function sessionCookieOptions(config: Pick<PortalConfig, 'siteUrl' | 'nodeEnv'>) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: secureCookies(config),
  };
}

/** When the session ends unless there is activity (epoch ms); null without a session. */
export function sessionEndsAt(session: PortalSession | null): number | null {
  if (!session) return null;
  return Math.min(session.idleExpiresAt.getTime(), session.absoluteExpiresAt.getTime());
}

/** Requests that do not show the person is there: status polls and static files. */
function isPassive(request: FastifyRequest): boolean {
  const path = request.url.split('?', 1)[0] ?? '';
  return (
    (request.method === 'GET' && path === SESSION_STATUS_PATH) ||
    path.startsWith('/assets/') ||
    path === '/favicon.svg' ||
    path === '/icons.svg'
  );
}

/**
 * Sets `request.viewer` on every request from the session cookie: a guest when there is no
 * cookie or its session has ended (the stale cookie is then cleared). Activity moves the idle
 * deadline on, written at most every `activityWriteGapMs`.
 */
export async function registerSessions(
  app: FastifyInstance,
  options: { config: PortalConfig; database: PortalDatabase; clock: Clock },
): Promise<void> {
  const { config, database, clock } = options;
  const name = sessionCookieName(config.prefix);
  const gapMs = activityWriteGapMs(config.session);
  if (!app.hasDecorator('serializeCookie')) await app.register(cookie);
  app.decorateRequest('viewer', null as never);
  app.decorateRequest('portalSession', null);
  app.addHook('onRequest', async (request, reply) => {
    request.viewer = GUEST;
    request.portalSession = null;
    const token = request.cookies[name];
    if (!token) return;
    const now = clock.now();
    const found = await readSession(database.db, token, now);
    if (!found) {
      reply.clearCookie(name, sessionCookieOptions(config));
      return;
    }
    const session = isPassive(request)
      ? found
      : await recordActivity(database.db, found, config.session, gapMs, now);
    request.portalSession = session;
    request.viewer = { isGuest: false, user: session.user, sessionId: session.id };
  });
}
