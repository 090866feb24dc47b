import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { systemClock, type Clock } from '~server/clock.ts';
import type { PortalConfig } from '~server/config.ts';
import type { PortalDatabase } from '~server/db/database.ts';
import { BODY_LIMITS } from '~server/http/body-limits.ts';
import { enableRateLimits, rateLimited } from '~server/http/rate-limit.ts';
import { caseFollowKey } from './case-follow-links.ts';
import { caseReplySettings } from './case-replies.ts';
import { bounceRefusedReply, receiveCaseReply } from './inbound-mail.service.ts';

/** Where a mail provider posts each reply to a case e-mail, raw (RFC 5322). */
export const INBOUND_MAIL_PATH = '/api/cases/inbound-mail';

export const INBOUND_MAIL_ERRORS = {
  notConfigured: {
    errorCode: 'INBOUND_MAIL_DISABLED',
    message: 'Replies by e-mail are not set up: set INBOUND_MAIL_SECRET.',
  },
  secret: {
    errorCode: 'INVALID_SECRET',
    message: 'Send the shared secret as "Authorization: Bearer {INBOUND_MAIL_SECRET}".',
  },
  empty: { errorCode: 'EMPTY_MESSAGE', message: 'The body must be the raw e-mail.' },
} as const;

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The shared secret, compared in constant time (hashed first, so lengths do not matter). */
function hasSecret(authorization: string | undefined, secret: string): boolean {
  const given = /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1]?.trim() ?? '';
  return timingSafeEqual(digest(given), digest(secret));
}

export interface InboundMailRoutesOptions {
  config: PortalConfig;
  database: PortalDatabase;
  clock?: Clock;
}

/**
 * The inbound webhook: a mail provider posts the raw reply with the shared secret. Every
 * e-mail it could read is answered 200 with what became of it, so the provider does not send
 * it again; a refused one is also bounced to its sender with the reason.
 */
export async function registerInboundMailRoutes(
  app: FastifyInstance,
  { config, database, clock = systemClock }: InboundMailRoutesOptions,
): Promise<void> {
  const replies = caseReplySettings(config);
  const followKey = caseFollowKey(config);
  await app.register(async (scope) => {
    await enableRateLimits(scope, clock);
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: BODY_LIMITS.inboundMail },
      (_request, body, done) => done(null, body),
    );
    scope.post(
      INBOUND_MAIL_PATH,
      {
        bodyLimit: BODY_LIMITS.inboundMail,
        onRequest: scope.rateLimit({
          max: 600,
          timeWindow: 60_000,
          groupId: 'cases.inbound-mail',
          errorResponseBuilder: rateLimited,
        }),
      },
      async (request, reply) => {
        const secret = config.caseMail.inboundSecret;
        // Off unless configured: for callers the address does not exist.
        if (!secret) return reply.code(404).send(INBOUND_MAIL_ERRORS.notConfigured);
        if (!hasSecret(request.headers.authorization, secret)) {
          return reply.code(401).send(INBOUND_MAIL_ERRORS.secret);
        }
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        if (raw.length === 0) return reply.code(400).send(INBOUND_MAIL_ERRORS.empty);
        const context = {
          db: database.db,
          siteUrl: config.siteUrl,
          attachmentsDir: config.caseAttachmentsDir,
          now: clock.now(),
          replies,
          followKey,
        };
        const result = await receiveCaseReply(context, raw);
        if (result.outcome === 'refused') await bounceRefusedReply(context, result);
        return reply
          .code(200)
          .send(
            result.outcome === 'refused'
              ? { outcome: result.outcome, reason: result.reason }
              : result,
          );
      },
    );
  });
}
