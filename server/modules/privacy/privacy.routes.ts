import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  CONSENT_RECORDS_PATH,
  consentRecordSchema,
  ONE_CLICK_UNSUBSCRIBE_PATH,
  PREFERENCE_LINK_PROBLEMS,
} from '~core/consent';
import { systemClock, type Clock } from '~server/clock.ts';
import type { PortalDatabase } from '~server/db/database.ts';
import { BODY_LIMITS } from '~server/http/body-limits.ts';
import { parseJsonBodies, validatedBody } from '~server/http/json-body.ts';
import { enableRateLimits, perVisitorLimit } from '~server/http/rate-limit.ts';
import { recordConsent } from './consent-records.service.ts';
import type { PreferenceLinks } from './preference-links.ts';
import { checkLink, signedPageLink, unsubscribeByLink } from './preferences.service.ts';

/** Per visitor and minute: a person changes their mind a few times at most. */
export const CONSENT_RATE_LIMIT = { max: 30, timeWindow: 60_000 } as const;
/** Per address and minute: a mailbox provider posts once a message, a person far less. */
export const UNSUBSCRIBE_RATE_LIMIT = { max: 60, timeWindow: 60_000 } as const;

export interface PrivacyRoutesOptions {
  database: PortalDatabase;
  links: PreferenceLinks;
  /** The preferences page's absolute URL. */
  pageUrl: string;
  siteUrl: string;
  brand: string;
  /** Stops a community follow by its unsubscribe token (the community module's, handed in). */
  unfollow(token: string): Promise<boolean>;
  /** The community page that asks before unfollowing, for a person who opens the link. */
  unfollowPageUrl(token: string): string;
  clock?: Clock;
}

function invalid(message: string): Error {
  return Object.assign(new Error(message), { statusCode: 400, code: 'BAD_REQUEST' });
}

function plain(reply: FastifyReply, status: number, text: string) {
  return reply.status(status).header('cache-control', 'no-store').type('text/plain').send(text);
}

/**
 * POST /api/consent: the banner reports each choice, kept as a new consent record (with the
 * CSRF token every state-changing request carries, checked by the site-wide hook).
 * POST /api/unsubscribe: RFC 8058 one-click unsubscribe, for a signed marketing link (?token=)
 * or a community follow (?follow=); the link itself is the authority, so it takes no CSRF token.
 * GET on it (a person opening the link) leads to a page that asks first.
 */
export async function registerPrivacyRoutes(
  app: FastifyInstance,
  options: PrivacyRoutesOptions,
): Promise<void> {
  const { database, links, clock = systemClock } = options;
  await app.register(async (scope) => {
    await enableRateLimits(scope, clock);
    parseJsonBodies(scope, invalid);
    // RFC 8058's body ('List-Unsubscribe=One-Click', form-encoded) says nothing the URL does not.
    scope.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'],
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, done) => done(null, undefined),
    );

    scope.post(
      CONSENT_RECORDS_PATH,
      {
        bodyLimit: BODY_LIMITS.jsonApi,
        onRequest: perVisitorLimit(scope, 'privacy.consent', CONSENT_RATE_LIMIT),
      },
      async (request, reply) => {
        const choice = validatedBody(request.body, consentRecordSchema, invalid);
        await recordConsent(database.db, choice, request.viewer.user?.id ?? null, clock.now());
        return reply.status(204).send();
      },
    );

    const unsubscribeLimit = perVisitorLimit(scope, 'privacy.unsubscribe', UNSUBSCRIBE_RATE_LIMIT);
    const query = (raw: unknown) => {
      const { token, follow } = (raw ?? {}) as { token?: unknown; follow?: unknown };
      return {
        token: typeof token === 'string' ? token : '',
        follow: typeof follow === 'string' ? follow : '',
      };
    };

    scope.post(
      ONE_CLICK_UNSUBSCRIBE_PATH,
      { onRequest: unsubscribeLimit },
      async (request, reply) => {
        const { token, follow } = query(request.query);
        const now = clock.now();
        if (follow) {
          return (await options.unfollow(follow))
            ? plain(reply, 200, 'Unsubscribed: you will get no more e-mails about this.')
            : plain(reply, 404, 'This link is not valid or was already used. Nothing was changed.');
        }
        const link = checkLink(links, token, 'unsubscribe', now, null);
        if (!link.ok) return plain(reply, 400, PREFERENCE_LINK_PROBLEMS[link.problem]);
        const payload = links.read(token, 'unsubscribe');
        await unsubscribeByLink(
          database.db,
          { email: link.email, ...(payload?.topic ? { topic: payload.topic } : {}) },
          { now, links, pageUrl: options.pageUrl, brand: options.brand },
        );
        return plain(reply, 200, 'Unsubscribed: you will get no more of these e-mails.');
      },
    );

    scope.get(
      ONE_CLICK_UNSUBSCRIBE_PATH,
      { onRequest: unsubscribeLimit },
      async (request, reply) => {
        const { token, follow } = query(request.query);
        if (follow) return reply.redirect(options.unfollowPageUrl(follow), 303);
        const link = checkLink(links, token, 'unsubscribe', clock.now(), null);
        if (!link.ok) return plain(reply, 400, PREFERENCE_LINK_PROBLEMS[link.problem]);
        return reply.redirect(
          signedPageLink(links, options.pageUrl, 'manage', link.email, clock.now()),
          303,
        );
      },
    );
  });
}
