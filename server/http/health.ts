import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { PortalDatabase } from '../db/database.ts';

/** For load balancers and start-up checks: answers only when the database answers. */
export function registerHealthCheck(app: FastifyInstance, database: PortalDatabase): void {
  app.get('/healthz', async (_request, reply) => {
    try {
      await sql`select 1`.execute(database.db);
      return { status: 'ok', database: database.dialect };
    } catch (error) {
      app.log.error(error, 'health check: database did not answer');
      return reply.status(503).send({ status: 'unavailable', database: database.dialect });
    }
  });
}
