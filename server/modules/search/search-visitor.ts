import { createHmac, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PortalConfig } from '~server/config.ts';
import { sessionCookieOptions } from '~server/http/session.ts';
import { derivedKey } from '~server/modules/identity';

/*
 * The pseudonym search analytics count visitors and refined queries by (docs/insight.md
 * 'Search'). Under statistics consent the search API gives the browser a random id in a cookie
 * only the API's own path receives, so no page (shared between guests, decision 021) carries
 * it; the search library's protocol uses the id the library keeps instead. The log keeps a
 * keyed hash of the id, never the id, a user id or an address. Without consent the cookie is
 * removed and nothing is kept.
 */

/** A day at most: the pseudonym cannot follow a visitor from one day to the next. */
const VISITOR_COOKIE_SECONDS = 24 * 60 * 60;
const VISITOR_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function searchVisitorCookieName(prefix: string): string {
  return `${prefix}_search_visitor`;
}

/** The pseudonym of a visitor's id: a keyed hash, the same for the same id. */
export function visitorPseudonyms(sessionSecret: string): (id: string) => string {
  const hashKey = derivedKey(sessionSecret, 'search-visitor');
  return (id) => createHmac('sha256', hashKey).update(id).digest('base64url');
}

export interface SearchVisitorKeys {
  /** The visitor's pseudonym for this request, or undefined without statistics consent. */
  keyOf(request: FastifyRequest, reply: FastifyReply, statistics: boolean): string | undefined;
}

/** Pseudonyms for the search API under `path` (the cookie is sent to that path only). */
export function searchVisitorKeys(
  config: Pick<PortalConfig, 'prefix' | 'sessionSecret' | 'siteUrl' | 'nodeEnv'>,
  path: string,
): SearchVisitorKeys {
  const name = searchVisitorCookieName(config.prefix);
  const cookieOptions = { ...sessionCookieOptions(config), path };
  const pseudonymOf = visitorPseudonyms(config.sessionSecret);
  return {
    keyOf(request, reply, statistics) {
      const known = request.cookies[name];
      if (!statistics) {
        if (known !== undefined) reply.clearCookie(name, cookieOptions);
        return undefined;
      }
      let id = known;
      if (id === undefined || !VISITOR_ID.test(id)) {
        id = randomUUID();
        reply.setCookie(name, id, { ...cookieOptions, maxAge: VISITOR_COOKIE_SECONDS });
      }
      return pseudonymOf(id);
    },
  };
}
