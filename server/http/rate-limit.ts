import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Clock } from '../clock.ts';
import { rateLimitStoreOn, type rateLimitStoreFor } from './rate-limit-store.ts';

type StoreClass = ReturnType<typeof rateLimitStoreFor>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Where this server counts its windows (rate-limit-store.ts); set by the portal server. */
    rateLimitStore?: StoreClass;
  }
}

/**
 * Makes `scope.rateLimit(...)` available. The plugin is registered once, not global: routes take
 * a limiter from it as an onRequest handler, because a route's `config.rateLimit` would be
 * applied again by every registration of the plugin up the tree. Windows are counted where the
 * server says (shared by every process of a deployment), or else in memory on the clock.
 */
export async function enableRateLimits(scope: FastifyInstance, clock: Clock): Promise<void> {
  if (!scope.hasDecorator('rateLimit')) {
    await scope.register(rateLimit, {
      global: false,
      store: scope.rateLimitStore ?? rateLimitStoreOn(clock),
      // A counter that cannot be reached (the database restarting) lets the request through:
      // the route then answers for itself, with its 503 when it needs the database too.
      skipOnError: true,
    });
  }
}

/** The 429 answer, `{message, errorCode: 'RATE_LIMITED'}` through the error handler. */
export function rateLimited(_request: FastifyRequest, context: { after: string }): Error {
  return Object.assign(new Error(`Too many requests; try again in ${context.after}.`), {
    statusCode: 429,
    code: 'RATE_LIMITED',
  });
}

/** A named limit per visitor: their session, or their address for a guest; 429 as `rateLimited`. */
export function perVisitorLimit(
  scope: FastifyInstance,
  name: string,
  settings: { max: number; timeWindow: number },
) {
  return scope.rateLimit({
    ...settings,
    groupId: name,
    keyGenerator: (request: FastifyRequest) => request.viewer.sessionId ?? request.ip,
    errorResponseBuilder: rateLimited,
  });
}
