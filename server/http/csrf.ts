import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { PortalConfig } from '../config.ts';
import { derivedKey } from '~server/modules/identity';
import { sessionCookieOptions } from './session.ts';

/** Browser code sends the token in this header (see app/csrf.ts). */
export const CSRF_HEADER = 'x-csrf-token';
/** HTML forms carry the token in this field. */
export const CSRF_FIELD = '_csrf';
/** JSON bodies may carry the token in this property instead of the header. */
export const CSRF_JSON_FIELD = 'csrfToken';

export const CSRF_REJECTED = {
  message: 'This request could not be verified. Reload the page and try again.',
  errorCode: 'CSRF_REJECTED',
} as const;

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The CSRF token for this visitor: the session's own when signed in; for a guest, one bound
     * to an anonymous cookie, which is set on the response the first time it is asked for.
     * Pages a guest may get from a cache never carry it (decision 021).
     */
    csrfToken(): string;
    /** Whether the request passes the CSRF check with `token`; call it through verifyCsrfToken. */
    passesCsrfCheck(token: unknown): boolean;
    /**
     * Who this visitor is, for what is bound to them (search tokens): the session's id when
     * signed in, a guest's anonymous id, or null for a guest that has none yet.
     */
    visitorKey(): string | null;
    /** The same, giving a guest that has none an anonymous id (and its cookie) now. */
    issueVisitorKey(): string;
  }
}

/**
 * True when the request passes the CSRF check with `token`: the visitor's own token, or, for a
 * guest, the browser's word that the request comes from the portal's own pages. For handlers
 * that read a body of their own (a JSON `csrfToken`, a form's `_csrf`) and check it themselves.
 */
export function verifyCsrfToken(request: FastifyRequest, token: unknown): boolean {
  return request.passesCsrfCheck(token);
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];
const guestState = new WeakMap<FastifyRequest, { reply: FastifyReply; issued?: string }>();

function sameToken(expected: string, given: unknown): boolean {
  if (typeof given !== 'string' || given.length === 0) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * One CSRF mechanism for every state-changing request:
 * 1. a cross-site Origin (or, without one, Referer) is refused outright;
 * 2. a signed-in visitor's request carries the session's token: in the `x-csrf-token` header
 *    or a JSON body's `csrfToken`, or, for a form post, in the `_csrf` field, which the handler
 *    checks once it has read the body (React Router actions: `context.verifyCsrf(formData)`);
 * 3. a guest has no session to protect and gets pages that any guest may share, so it carries a
 *    token only when it has one; without one, the browser's own word that the request comes from
 *    the portal's pages (`Sec-Fetch-Site: same-origin`, or the site's Origin) is enough
 *    (decision 021). A guest's request with neither is refused before its body is read.
 * `exemptPrefixes` are paths with protection of their own (the built-in provider's endpoints).
 */
export function registerCsrfProtection(
  app: FastifyInstance,
  options: { config: PortalConfig; exemptPrefixes: readonly string[] },
): void {
  const { config } = options;
  const cookieName = `${config.prefix}_csrf`;
  const key = derivedKey(config.sessionSecret, 'csrf');
  const siteOrigin = new URL(config.siteUrl).origin;
  const guestToken = (anonymousId: string) =>
    createHmac('sha256', key).update(anonymousId).digest('base64url');
  const ownOrigins = (request: FastifyRequest) =>
    new Set([siteOrigin, `${request.protocol}://${request.host}`]);

  function anonymousId(request: FastifyRequest): string | undefined {
    return request.cookies[cookieName] ?? guestState.get(request)?.issued;
  }

  function expectedToken(request: FastifyRequest): string | undefined {
    if (request.portalSession) return request.portalSession.csrfToken;
    const id = anonymousId(request);
    return id ? guestToken(id) : undefined;
  }

  function issueAnonymousId(request: FastifyRequest): string {
    const state = guestState.get(request);
    const id = randomBytes(32).toString('base64url');
    if (state) {
      state.issued = id;
      state.reply.setCookie(cookieName, id, sessionCookieOptions(config));
    }
    return id;
  }

  /** A guest's request that the browser says comes from the portal's own pages. */
  function guestFromOwnPages(request: FastifyRequest): boolean {
    if (request.portalSession) return false;
    if (request.headers['sec-fetch-site'] === 'same-origin') return true;
    const origin = request.headers.origin;
    return origin !== undefined && ownOrigins(request).has(origin);
  }

  app.decorateRequest('passesCsrfCheck', function (this: FastifyRequest, token: unknown) {
    const expected = expectedToken(this);
    if (expected !== undefined && sameToken(expected, token)) return true;
    return guestFromOwnPages(this);
  });

  app.decorateRequest('visitorKey', function (this: FastifyRequest): string | null {
    if (this.portalSession) return this.portalSession.id;
    return anonymousId(this) ?? null;
  });

  app.decorateRequest('issueVisitorKey', function (this: FastifyRequest): string {
    if (this.portalSession) return this.portalSession.id;
    return anonymousId(this) ?? issueAnonymousId(this);
  });

  app.decorateRequest('csrfToken', function (this: FastifyRequest): string {
    return expectedToken(this) ?? guestToken(issueAnonymousId(this));
  });

  /**
   * Whether the browser says the request comes from another site. `Origin: null` (which a
   * same-origin form sends under `Referrer-Policy: no-referrer`) says nothing either way; the
   * token then decides.
   */
  function crossSite(request: FastifyRequest): boolean {
    const own = ownOrigins(request);
    const fetchSite = request.headers['sec-fetch-site'];
    if (fetchSite === 'cross-site' || fetchSite === 'same-site') return true;
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== 'null') return !own.has(origin);
    const referer = request.headers.referer;
    if (referer === undefined) return false;
    return !URL.canParse(referer) || !own.has(new URL(referer).origin);
  }

  app.addHook('onRequest', async (request, reply) => {
    guestState.set(request, { reply });
  });

  const exempt = (request: FastifyRequest) => {
    if (SAFE_METHODS.has(request.method)) return true;
    const path = request.url.split('?', 1)[0] ?? '';
    return options.exemptPrefixes.some((prefix) => path.startsWith(prefix));
  };
  const isForm = (request: FastifyRequest) => {
    const type = (request.headers['content-type'] ?? '').toLowerCase();
    return FORM_TYPES.some((form) => type.startsWith(form));
  };

  // Everything that can be decided without the body is decided before a byte of it is read
  // (decision 014): a refused request then costs no more than its headers.
  app.addHook('preParsing', async (request, reply) => {
    if (exempt(request)) return undefined;
    const reject = () => void reply.status(403).send(CSRF_REJECTED);
    if (crossSite(request)) return reject();
    const header = request.headers[CSRF_HEADER];
    if (header !== undefined) {
      if (!verifyCsrfToken(request, header)) return reject();
      return undefined;
    }
    if (guestFromOwnPages(request)) return undefined;
    // A form's token is in its body, but with no session and no anonymous cookie there is no
    // token it could match, so the body is not worth reading.
    if (isForm(request) && expectedToken(request) === undefined) return reject();
    return undefined;
  });

  // Left for after parsing: a JSON body's csrfToken, the one token read from a parsed body.
  app.addHook('preHandler', async (request, reply) => {
    if (exempt(request)) return;
    if (request.headers[CSRF_HEADER] !== undefined || isForm(request)) return;
    if (guestFromOwnPages(request)) return;
    const body = request.body;
    if (typeof body === 'object' && body !== null && CSRF_JSON_FIELD in body) {
      if (verifyCsrfToken(request, (body as Record<string, unknown>)[CSRF_JSON_FIELD])) return;
    }
    return reply.status(403).send(CSRF_REJECTED);
  });
}
