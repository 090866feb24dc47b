import type { FastifyInstance } from 'fastify';
import { webhookRecordSchema } from '~core/learning';
import { isRecordId } from '~core/records';
import { systemClock, type Clock } from '~server/clock.ts';
import type { PortalConfig } from '~server/config.ts';
import type { PortalDatabase } from '~server/db/database.ts';
import { enableRateLimits, rateLimited } from '~server/http/rate-limit.ts';
import { sessionCalendarFile } from './learning-pages.service.ts';
import {
  checkDelivery,
  DELIVERY_HEADER,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
} from './learning-webhook.ts';
import { applyWebhookRecord, type CertificationListener } from './learning.service.ts';
import { BODY_LIMITS } from '~server/http/body-limits.ts';

export const LEARNING_WEBHOOK_PATH = '/api/learning/webhook';
const CALENDAR_PATH = '/api/learning/sessions/:sessionId/calendar.ics';
/** One record per delivery: a classroom with many sessions stays far below this. */
const WEBHOOK_BODY_LIMIT = BODY_LIMITS.learningWebhook;

export const WEBHOOK_ERRORS = {
  notConfigured: {
    errorCode: 'LEARNING_WEBHOOK_DISABLED',
    message: 'The learning webhook is not configured: set LEARNING_WEBHOOK_SECRET.',
  },
  signature: {
    errorCode: 'INVALID_SIGNATURE',
    message: `The ${SIGNATURE_HEADER} header is missing or does not sign this body with its ${TIMESTAMP_HEADER} and ${DELIVERY_HEADER}.`,
  },
  stale: {
    errorCode: 'STALE_DELIVERY',
    message: `The ${TIMESTAMP_HEADER} is more than 5 minutes from now: send a new delivery.`,
  },
  notJson: { errorCode: 'INVALID_RECORD', message: 'The body is not JSON.' },
  shape: {
    errorCode: 'INVALID_RECORD',
    message: 'The body must be {"item": {...}} or {"certification": {...}}.',
  },
} as const;

export interface LearningRoutesOptions {
  config: PortalConfig;
  database: PortalDatabase;
  clock?: Clock;
  /** Told when a delivery changed the catalogue that guests' pages show. */
  pagesChanged?: () => void;
  /** Told of a newly passed certification, in the delivery's transaction. */
  certificationPassed?: CertificationListener;
}

/**
 * The learning platform's signed webhook, one catalogue record per delivery, and each
 * session's calendar file.
 */
export async function registerLearningRoutes(
  app: FastifyInstance,
  {
    config,
    database,
    clock = systemClock,
    pagesChanged,
    certificationPassed,
  }: LearningRoutesOptions,
): Promise<void> {
  await app.register(async (scope) => {
    await enableRateLimits(scope, clock);
    // The signature covers the exact bytes sent, so the body is kept raw and parsed here.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.post(
      LEARNING_WEBHOOK_PATH,
      {
        onRequest: scope.rateLimit({
          max: 600,
          timeWindow: 60_000,
          groupId: 'learning.webhook',
          errorResponseBuilder: rateLimited,
        }),
      },
      async (request, reply) => {
        const secret = config.learningWebhookSecret;
        if (!secret) return reply.code(503).send(WEBHOOK_ERRORS.notConfigured);
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const delivery = checkDelivery(secret, request.headers, body, clock.nowMs());
        if (!delivery.ok) return reply.code(401).send(WEBHOOK_ERRORS[delivery.problem]);
        let document: unknown;
        try {
          document = JSON.parse(body.toString('utf8'));
        } catch {
          return reply.code(400).send(WEBHOOK_ERRORS.notJson);
        }
        const record = webhookRecordSchema.safeParse(document);
        if (!record.success) return reply.code(400).send(WEBHOOK_ERRORS.shape);
        const outcome = await applyWebhookRecord(
          database.db,
          record.data,
          config,
          clock.now(),
          delivery.deliveryId,
          certificationPassed,
        );
        if (!outcome.ok) {
          return reply.code(400).send({
            errorCode: 'INVALID_RECORD',
            message: `${outcome.problem.id}: ${outcome.problem.reason}`,
            id: outcome.problem.id,
            reason: outcome.problem.reason,
          });
        }
        pagesChanged?.();
        return reply.code(200).send(outcome);
      },
    );
  });

  app.get<{ Params: { sessionId: string } }>(CALENDAR_PATH, async (request, reply) => {
    const { sessionId } = request.params;
    const file = isRecordId(sessionId)
      ? await sessionCalendarFile(database.db, sessionId, {
          learningBaseUrl: config.learningBaseUrl,
          siteHost: new URL(config.siteUrl).host,
          now: clock.now(),
        })
      : undefined;
    if (!file) {
      return reply
        .code(404)
        .send({ errorCode: 'NOT_FOUND', message: 'There is no learning session with this id.' });
    }
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'no-store')
      .send(file.body);
  });
}
