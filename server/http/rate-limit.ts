import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../clock.ts';
import { rateLimitStoreOn } from './rate-limit-store.ts';

/**
 * Makes `scope.rateLimit(...)` available. The plugin is registered once, not global: routes take
 * a limiter from it as an onRequest handler, because a route's `config.rateLimit` would be
 * applied again by every registration of the plugin up the tree.
 */
export async function enableRateLimits(scope: FastifyInstance, clock: Clock): Promise<void> {
  if (!scope.hasDecorator('rateLimit')) {
    // Windows end by the portal's clock (rate-limit-store.ts), like every other time rule.
    await scope.register(rateLimit, { global: false, store: rateLimitStoreOn(clock) });
  }
}

/** The 429 answer, `{message, errorCode: 'RATE_LIMITED'}` through the error handler. */
export function rateLimited(_request: FastifyRequest, context: { after: string }): Error {
  return Object.assign(new Error(`Too many requests; try again in ${context.after}.`), {
    statusCode: 429,
    code: 'RATE_LIMITED',
  });
}

/** A limiter per visitor: their session, or their address for a guest; 429 as `rateLimited`. */
export function perVisitorLimit(
  scope: FastifyInstance,
  settings: { max: number; timeWindow: number },
) {
  return scope.rateLimit({
    ...settings,
    keyGenerator: (request: FastifyRequest) => request.viewer.sessionId ?? request.ip,
    errorResponseBuilder: rateLimited,
  });
}
