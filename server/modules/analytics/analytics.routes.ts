import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { analyticsBatchSchema, describeIssue, errorReportSchema } from '~core/analytics';
import { requestConsent } from '~core/consent';
import { systemClock, type Clock } from '~server/clock.ts';
import type { PortalDatabase } from '~server/db/database.ts';
import { CSRF_REJECTED } from '~server/http/csrf.ts';
import { recordAnalyticsEvents, recordErrorReport } from './analytics.service.ts';
import { enableRateLimits, rateLimited } from '~server/http/rate-limit.ts';
import { BODY_LIMITS } from '~server/http/body-limits.ts';

export const ANALYTICS_EVENTS_PATH = '/api/analytics/events';
export const ERROR_REPORTS_PATH = '/api/errors';

/** Per address and minute: a busy page sends a batch every few seconds, errors far fewer. */
export const RATE_LIMITS = {
  events: { max: 120, timeWindow: 60_000 },
  errors: { max: 30, timeWindow: 60_000 },
} as const;

const BODY_LIMIT = BODY_LIMITS.analytics;

export interface AnalyticsRoutesOptions {
  database: PortalDatabase;
  /** Whether the token belongs to this request's visitor (the identity module's check). */
  verifyCsrfToken: (request: FastifyRequest, token: unknown) => boolean | Promise<boolean>;
  /** Stamps receipt times, which trending counts views since. */
  clock?: Clock;
  /** The site's cookie prefix: the region cookie decides consent before the visitor chooses. */
  prefix: string;
}

interface ErrorBody {
  message: string;
  errorCode: string;
}

function badRequest(message: string) {
  return Object.assign(new Error(message), { statusCode: 400, code: 'BAD_REQUEST' });
}

/**
 * Beacons send text/plain (a type they may always use, with no preflight), so on these routes
 * text/plain bodies are read as JSON. Parsed here, the site-wide CSRF check sees the body's
 * csrfToken as it does for application/json.
 */
function parseTextAsJson(
  _request: FastifyRequest,
  body: string | Buffer,
  done: (error: Error | null, value?: unknown) => void,
) {
  try {
    done(null, JSON.parse(body.toString()) as unknown);
  } catch {
    done(badRequest('The body must be JSON'));
  }
}

/**
 * The body, checked: the token first, so a request from another site learns nothing about what
 * the endpoint would accept; then the schema, whose first problem is the 400's message.
 */
async function validated<Schema extends z.ZodType>(
  request: FastifyRequest,
  reply: FastifyReply,
  schema: Schema,
  verifyCsrfToken: AnalyticsRoutesOptions['verifyCsrfToken'],
): Promise<z.output<Schema> | undefined> {
  const body: unknown = request.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    const refusal: ErrorBody = {
      message: 'The body must be a JSON object',
      errorCode: 'BAD_REQUEST',
    };
    await reply.status(400).send(refusal);
    return undefined;
  }
  if (!(await verifyCsrfToken(request, (body as { csrfToken?: unknown }).csrfToken))) {
    await reply.status(403).send(CSRF_REJECTED);
    return undefined;
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const refusal: ErrorBody = { message: describeIssue(parsed.error), errorCode: 'BAD_REQUEST' };
    await reply.status(400).send(refusal);
    return undefined;
  }
  return parsed.data;
}

/**
 * POST /api/analytics/events stores a batch of spec 3 analytics events (with statistics
 * consent: the CookieConsent cookie, or the region's default before a choice); POST /api/errors stores a browser error report.
 */
export async function registerAnalyticsRoutes(
  app: FastifyInstance,
  options: AnalyticsRoutesOptions,
): Promise<void> {
  const { database, verifyCsrfToken, clock = systemClock, prefix } = options;
  await app.register(async (scope) => {
    await enableRateLimits(scope, clock);
    const limit = (name: keyof typeof RATE_LIMITS) =>
      scope.rateLimit({
        ...RATE_LIMITS[name],
        groupId: `analytics.${name}`,
        errorResponseBuilder: rateLimited,
      });
    scope.removeContentTypeParser('text/plain');
    scope.addContentTypeParser('text/plain', { parseAs: 'string' }, parseTextAsJson);

    scope.post(
      ANALYTICS_EVENTS_PATH,
      { bodyLimit: BODY_LIMIT, onRequest: limit('events') },
      async (request, reply) => {
        const batch = await validated(request, reply, analyticsBatchSchema, verifyCsrfToken);
        if (!batch) return reply;
        const consent = requestConsent(
          {
            cookie: request.headers.cookie,
            acceptLanguage: request.headers['accept-language'],
            secGpc: request.headers['sec-gpc'] as string | undefined,
          },
          prefix,
        );
        const result = await recordAnalyticsEvents(database.db, {
          events: batch.events,
          viewer: request.viewer,
          consent,
          now: clock.now(),
        });
        return reply.status(202).send(result);
      },
    );

    scope.post(
      ERROR_REPORTS_PATH,
      { bodyLimit: BODY_LIMIT, onRequest: limit('errors') },
      async (request, reply) => {
        const report = await validated(request, reply, errorReportSchema, verifyCsrfToken);
        if (!report) return reply;
        const result = await recordErrorReport(database.db, {
          report,
          viewer: request.viewer,
          userAgent: request.headers['user-agent'],
          now: clock.now(),
        });
        return reply.status(202).send(result);
      },
    );
  });
}
