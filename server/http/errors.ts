import type { FastifyError, FastifyInstance } from 'fastify';

/**
 * A client's mistake gets its status and a short message; anything else is logged and answered
 * with a plain 500, never a stack trace.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply
        .status(status)
        .send({ message: error.message, errorCode: error.code ?? 'BAD_REQUEST' });
    }
    request.log.error(error);
    return reply
      .status(500)
      .send({ message: 'Something went wrong on our side.', errorCode: 'INTERNAL' });
  });
}
