import type { FastifyInstance } from 'fastify';
import { pingDatabase, type PortalDatabase } from '../db/database.ts';

/** For load balancers and start-up checks: answers only when the database answers. */
export function registerHealthCheck(app: FastifyInstance, database: PortalDatabase): void {
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
