import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Clock } from '../clock.ts';
import type { PortalConfig } from '../config.ts';
import type { PortalDatabase } from '../db/database.ts';
import {
  databaseWindows,
  rateLimitStoreFor,
  redisWindows,
  type WindowCounter,
} from './rate-limit-store.ts';

/**
 * Decides where this server's rate limits count (RATE_LIMIT_STORE, docs/deployment.md): in the
 * database or Redis, shared by every process of a deployment, or in memory for one process.
 * The limits themselves (rate-limit.ts) read the choice from the server.
 */
export function shareRateLimits(
  app: FastifyInstance,
  config: PortalConfig,
  database: PortalDatabase,
  clock: Clock,
): void {
  const settings = config.rateLimits;
  let counter: WindowCounter | undefined;
  if (settings.store === 'database') counter = databaseWindows(database.db, clock);
  if (settings.store === 'redis') {
    const redis = new Redis(settings.redisUrl, {
      lazyConnect: true,
      // A request waits at most this long for Redis before its limit is skipped (skipOnError).
      commandTimeout: 500,
      maxRetriesPerRequest: 1,
    });
    redis.on('error', (error: Error) => app.log.warn(`Rate-limit Redis: ${error.message}`));
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
    counter = redisWindows(redis);
  }
  if (counter) app.decorate('rateLimitStore', rateLimitStoreFor(counter));
}
