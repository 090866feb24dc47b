import type { FastifyInstance } from 'fastify';
import { CONSENT_RECORDS_PATH, consentRecordSchema } from '~core/consent';
import { systemClock, type Clock } from '~server/clock.ts';
import type { PortalDatabase } from '~server/db/database.ts';
import { BODY_LIMITS } from '~server/http/body-limits.ts';
import { parseJsonBodies, validatedBody } from '~server/http/json-body.ts';
import { enableRateLimits, perVisitorLimit } from '~server/http/rate-limit.ts';
import { recordConsent } from './consent-records.service.ts';

/** Per visitor and minute: a person changes their mind a few times at most. */
export const CONSENT_RATE_LIMIT = { max: 30, timeWindow: 60_000 } as const;

export interface PrivacyRoutesOptions {
  database: PortalDatabase;
  clock?: Clock;
}

function invalid(message: string): Error {
  return Object.assign(new Error(message), { statusCode: 400, code: 'BAD_REQUEST' });
}

/**
 * POST /api/consent: the banner reports each choice, kept as a new consent record (with the
 * CSRF token every state-changing request carries, checked by the site-wide hook).
 */
export async function registerPrivacyRoutes(
  app: FastifyInstance,
  options: PrivacyRoutesOptions,
): Promise<void> {
  const { database, clock = systemClock } = options;
  await app.register(async (scope) => {
    await enableRateLimits(scope, clock);
    parseJsonBodies(scope, invalid);
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
  });
}
