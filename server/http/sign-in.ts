import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  LOGOUT_PATH,
  SESSION_EXTEND_PATH,
  SESSION_STATUS_PATH,
  SESSION_WARNING_MS,
  type SessionStatus,
} from '~core/session';
import { SSO_START_PATH } from '~core/routes';
import type { Clock } from '../clock.ts';
import type { PortalConfig } from '../config.ts';
import type { PortalDatabase } from '../db/database.ts';
import {
  builtInClient,
  builtInIssuer,
  callbackPath,
  completeSignIn,
  DEMO_SIGN_IN_PATH,
  derivedKey,
  endSession,
  providerLogoutUrl,
  recordActivity,
  RelyingParty,
  SIGN_IN_FLOW_SECONDS,
  startSignIn,
  type CompleteOutcome,
  type PortalSession,
  type SignInFlowSettings,
  type StartOutcome,
} from '~server/modules/identity';
import { escapeHtml } from '~core/content';
import { mountBuiltInProvider } from './built-in-provider.ts';
import { CSRF_FIELD, CSRF_HEADER, CSRF_REJECTED, verifyCsrfToken } from './csrf.ts';
import { sessionCookieName, sessionCookieOptions, sessionEndsAt } from './session.ts';
import { enableRateLimits } from './rate-limit.ts';
import { answersJson } from './answer-kind.ts';
import { messagePage } from './message-page.ts';
import { BODY_LIMITS } from './body-limits.ts';

/** What a page loader may do about signing in (see app/routes/sign-in*.tsx). */
export interface SignInActions {
  start(
    provider: string,
    startUrl: string | null,
  ): Promise<SignInStep<Exclude<StartOutcome, { kind: 'redirect' }>>>;
  complete(
    provider: string,
    search: string,
  ): Promise<SignInStep<Exclude<CompleteOutcome, { kind: 'signed-in' }>>>;
}

/** Either a redirect (with the cookies it sets) or the outcome a page must show. */
export type SignInStep<Problem> =
  { redirect: string; setCookies: string[] } | { redirect?: undefined; problem: Problem };

declare module 'fastify' {
  interface FastifyRequest {
    signIn: SignInActions;
  }
}

const TOO_MANY = 'TOO_MANY_SIGN_IN_ATTEMPTS';

/** What a browser shows when its network has started signing in too often this minute. */
function tooManySignInsPage(message: string, brand: string, homeUrl: string): string {
  return messagePage(
    brand,
    'Too many sign-in attempts',
    `<p>${escapeHtml(message)}</p>
<p><a href="">Try again</a> · <a href="${escapeHtml(homeUrl)}">Back to the help portal</a></p>`,
  );
}

function formBody(request: FastifyRequest): Record<string, string> {
  const body = request.body;
  return typeof body === 'object' && body !== null ? (body as Record<string, string>) : {};
}

function sessionStatus(session: PortalSession | null, now: number): SessionStatus {
  const endsAt = sessionEndsAt(session);
  if (!session || endsAt === null) return { isGuest: true };
  return {
    isGuest: false,
    expiresInMs: Math.max(0, endsAt - now),
    idleExpiresAt: session.idleExpiresAt.toISOString(),
    absoluteExpiresAt: session.absoluteExpiresAt.toISOString(),
    warnBeforeMs: SESSION_WARNING_MS,
  };
}

/** A page that hands the browser to another site (the provider's logout) after a form post. */
function leavingPage(location: string, nonce: string): string {
  const href = escapeHtml(location);
  return `<!DOCTYPE html><html lang="en-US"><head><meta charset="utf-8"><title>Signing out</title>
<meta http-equiv="refresh" content="0;url=${href}"></head>
<body><p>You are signed out here. <a href="${href}">Continue signing out at your sign-in service</a>.</p>
<script nonce="${escapeHtml(nonce)}">location.replace(${JSON.stringify(location).replace(/</g, '\\u003c')});</script>
</body></html>`;
}

/**
 * Single sign-on: the built-in provider (when on), the flow the start and callback pages run,
 * logout, the session status endpoints, and rate limits on everything sign-in.
 */
export async function registerSignIn(
  app: FastifyInstance,
  options: { config: PortalConfig; database: PortalDatabase; homePath: string; clock: Clock },
): Promise<void> {
  const { config, database, homePath, clock } = options;
  const db = database.db;
  const cookieOptions = sessionCookieOptions(config);
  const sessionCookie = sessionCookieName(config.prefix);
  const flowCookie = `${config.prefix}_sso_flow`;
  const flowCookieOptions = {
    ...cookieOptions,
    path: SSO_START_PATH,
    maxAge: SIGN_IN_FLOW_SECONDS,
  };
  const provider = config.ssoProvider;
  const redirectUri = `${config.siteUrl}${callbackPath(provider)}`;
  const homeUrl = `${config.siteUrl}${homePath}`;

  let relyingParty: RelyingParty | undefined;
  if (config.signIn.external) {
    relyingParty = new RelyingParty(config.signIn.external);
  }
  if (config.signIn.builtInProvider) {
    const client = builtInClient(config.sessionSecret, redirectUri, homeUrl);
    const issuer = builtInIssuer(config.siteUrl);
    const fetchInProcess = await mountBuiltInProvider(app, { config, database, client, issuer });
    relyingParty ??= new RelyingParty({
      issuer,
      clientId: client.clientId,
      clientSecret: client.clientSecret,
      fetch: fetchInProcess,
    });
  }

  const flow: SignInFlowSettings = {
    db,
    provider,
    relyingParty,
    siteUrl: config.siteUrl,
    homePath,
    scopes: config.signIn.scopes,
    alwaysPrompt: !config.signIn.external && config.signIn.builtInProvider,
    flowKey: derivedKey(config.sessionSecret, 'sign-in-flow'),
    timeouts: config.session,
    clock,
  };

  await enableRateLimits(app, clock);
  const limiter = (group: string) =>
    app.rateLimit({
      max: config.signIn.rateLimitPerMinute,
      timeWindow: 60_000,
      groupId: `sign-in.${group}`,
      keyGenerator: (request) => request.ip,
      errorResponseBuilder: (_request, context) =>
        Object.assign(
          new Error(`Too many sign-in attempts from your network. Try again in ${context.after}.`),
          { statusCode: 429, code: TOO_MANY },
        ),
    });
  const limits: Array<[string, ReturnType<typeof limiter>]> = [
    [`${SSO_START_PATH}/`, limiter('sso')],
    [`${DEMO_SIGN_IN_PATH}/`, limiter('demo-sign-in')],
    [LOGOUT_PATH, limiter('logout')],
  ];
  // Sign-in cookies belong to SITE_URL's host name and the provider returns there: a visitor who
  // came in on another name for this server (127.0.0.1 for localhost) is moved over first. The
  // port is not compared: behind a proxy the server's own port is not the one visitors use.
  const siteHostName = new URL(config.siteUrl).hostname;
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?', 1)[0] ?? '';
    if (
      path.startsWith(`${SSO_START_PATH}/`) &&
      request.method === 'GET' &&
      request.hostname !== siteHostName
    ) {
      return reply.redirect(new URL(request.url, config.siteUrl).href, 302);
    }
  });
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?', 1)[0] ?? '';
    const limit = limits.find(([prefix]) => path.startsWith(prefix))?.[1];
    if (!limit) return;
    try {
      await limit.call(app, request, reply);
    } catch (error) {
      if ((error as { code?: unknown }).code !== TOO_MANY || answersJson(request)) throw error;
      // The limiter has set Retry-After; a browser on its way to sign in is shown a page.
      return reply
        .status(429)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(tooManySignInsPage((error as Error).message, config.brand, homeUrl));
    }
  });

  app.decorateRequest('signIn', null as never);
  app.addHook('onRequest', async (request) => {
    request.signIn = {
      async start(name, startUrl) {
        const outcome = await startSignIn(flow, name, startUrl);
        if (outcome.kind !== 'redirect') return { problem: outcome };
        return {
          redirect: outcome.location,
          setCookies: [app.serializeCookie(flowCookie, outcome.flowCookie, flowCookieOptions)],
        };
      },
      async complete(name, search) {
        const outcome = await completeSignIn(
          flow,
          name,
          new URL(`${callbackPath(name)}${search}`, config.siteUrl),
          request.cookies[flowCookie],
          request.portalSession?.id ?? null,
        );
        const clearFlow = app.serializeCookie(flowCookie, '', { ...flowCookieOptions, maxAge: 0 });
        if (outcome.kind !== 'signed-in') return { problem: outcome };
        const maxAge = Math.ceil(
          (outcome.session.absoluteExpiresAt.getTime() - clock.nowMs()) / 1000,
        );
        return {
          redirect: outcome.location,
          setCookies: [
            clearFlow,
            app.serializeCookie(sessionCookie, outcome.sessionToken, { ...cookieOptions, maxAge }),
          ],
        };
      },
    };
  });

  app.get(SESSION_STATUS_PATH, async (request, reply) => {
    void reply.header('Cache-Control', 'no-store');
    return sessionStatus(request.portalSession, clock.nowMs());
  });

  app.post(SESSION_EXTEND_PATH, async (request, reply) => {
    void reply.header('Cache-Control', 'no-store');
    const session = request.portalSession;
    if (!session) {
      return reply.status(401).send({
        message: 'Your session has timed out. Try again.',
        errorCode: 'SESSION_EXPIRED',
      });
    }
    const now = clock.now();
    const extended = await recordActivity(db, session, config.session, 0, now);
    return sessionStatus(extended, now.getTime());
  });

  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: BODY_LIMITS.signInForm },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.post(LOGOUT_PATH, async (request, reply) => logout(request, reply));
  });

  async function logout(request: FastifyRequest, reply: FastifyReply) {
    if (request.headers[CSRF_HEADER] === undefined) {
      if (!verifyCsrfToken(request, formBody(request)[CSRF_FIELD])) {
        return reply.status(403).send(CSRF_REJECTED);
      }
    }
    const session = request.portalSession;
    void reply.clearCookie(sessionCookie, cookieOptions);
    if (!session) return reply.redirect(homePath, 303);
    await endSession(db, session.id);
    const providerLogout = await providerLogoutUrl(flow, session.idToken);
    if (!providerLogout) return reply.redirect(homePath, 303);
    // A redirect after a form post must satisfy the page's form-action policy ('self'), so a
    // provider on another origin is reached by a navigation from a page instead.
    if (new URL(providerLogout).origin === new URL(config.siteUrl).origin) {
      return reply.redirect(providerLogout, 303);
    }
    return reply
      .type('text/html; charset=utf-8')
      .send(leavingPage(providerLogout, request.cspNonce));
  }
}
