import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

interface ErrorBody {
  message: string;
  errorCode: string;
}

/** A client's mistake keeps its status and a short message, in the shape clients read. */
function clientError(error: FastifyError, reply: FastifyReply) {
  const body: ErrorBody = { message: error.message, errorCode: error.code ?? 'BAD_REQUEST' };
  return reply.status(error.statusCode ?? 400).send(body);
}

/** Errors Fastify raises before routing (a malformed URL, say) answer like every other error. */
export function frameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  return clientError(error, reply);
}

/** Answers an error itself and returns true, or leaves it to the handler (false). */
export type ErrorAnswer = (error: unknown, request: FastifyRequest, reply: FastifyReply) => boolean;

/**
 * Anything that is not the client's fault is logged and answered with a plain 500, no stack,
 * unless `answerFirst` takes it (database faults answer 503: server/http/database-faults.ts).
 */
export function registerErrorHandler(app: FastifyInstance, answerFirst?: ErrorAnswer): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (answerFirst?.(error, request, reply)) return reply;
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return clientError(error, reply);
    request.log.error(error);
    const body: ErrorBody = { message: 'Something went wrong on our side.', errorCode: 'INTERNAL' };
    return reply.status(500).send(body);
  });
}
