import type { FastifyInstance } from 'fastify';
import { pingDatabase, type PortalDatabase } from '../db/database.ts';
import { pendingMigrations } from '../db/migrate.ts';
import { RETRY_AFTER_SECONDS } from './database-faults.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Set when the process has been told to stop (graceful shutdown): it still serves, but
     * `/ready` answers 503 so the load balancer sends new visitors elsewhere.
     */
    draining: boolean;
  }
}

/**
 * Probes for load balancers and orchestrators (docs/reliability.md):
 * - `/health` is liveness: 200 as long as the process serves, whatever the database does, so a
 *   database outage never gets healthy processes restarted;
 * - `/ready` is readiness: 200 when the database answers and every migration of this build is
 *   applied, 503 otherwise, so traffic goes elsewhere until both hold;
 * - `/healthz` is the original check (the database answers), kept for the scripts and tests
 *   that wait on it.
 */
export function registerHealthCheck(app: FastifyInstance, database: PortalDatabase): void {
  app.decorate('draining', false);
  // While draining, every answer asks the client not to reuse its connection, so keep-alive
  // clients move to another process before this one closes.
  app.addHook('onRequest', (_request, reply, done) => {
    if (app.draining) reply.header('connection', 'close');
    done();
  });

  app.get('/health', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/ready', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (app.draining) {
      return reply
        .status(503)
        .send({ status: 'unavailable', database: database.dialect, reason: 'stopping' });
    }
    let pending: string[];
    try {
      pending = await pendingMigrations(database);
    } catch (error) {
      app.log.warn({ err: error }, 'readiness: database did not answer');
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ status: 'unavailable', database: database.dialect, reason: 'database' });
    }
    if (pending.length > 0) {
      return reply
        .status(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ status: 'unavailable', database: database.dialect, reason: 'migrations', pending });
    }
    return { status: 'ok', database: database.dialect };
  });

  app.get('/healthz', async (_request, reply) => {
    try {
      await pingDatabase(database);
      return { status: 'ok', database: database.dialect };
    } catch (error) {
      app.log.error(error, 'health check: database did not answer');
      return reply.status(503).send({ status: 'unavailable', database: database.dialect });
    }
  });
}
