import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { answersJson } from './answer-kind.ts';
import { messagePage } from './message-page.ts';
import { PRE_ROUTING_HEADERS } from './security-headers.ts';
import {
  PAYLOAD_TOO_LARGE,
  tooLargeMessage,
  UNSUPPORTED_MEDIA_TYPE as UNSUPPORTED,
} from './body-limits.ts';

interface ErrorBody {
  message: string;
  errorCode: string;
}

/**
 * Fastify's own body errors, in the words and codes the portal's clients read (decision 014):
 * its codes name its internals, and a JSON syntax error's message names a parser position.
 */
function bodyError(error: FastifyError, limit: number): ErrorBody | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { message: tooLargeMessage(limit), errorCode: PAYLOAD_TOO_LARGE };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { message: 'This address does not take a body of this type.', errorCode: UNSUPPORTED };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { message: 'The body must be valid JSON, and it is empty.', errorCode: 'BAD_REQUEST' };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { message: 'The body does not match its Content-Length.', errorCode: 'BAD_REQUEST' };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { message: 'The body must be valid JSON.', errorCode: 'BAD_REQUEST' };
  }
  if (error instanceof SyntaxError) {
    return { message: 'The body must be valid JSON.', errorCode: 'BAD_REQUEST' };
  }
  return undefined;
}

/** A client's mistake keeps its status and a short message, in the shape clients read. */
function clientError(error: FastifyError, reply: FastifyReply) {
  const body: ErrorBody = bodyError(error, reply.request.routeOptions.bodyLimit) ?? {
    message: error.message,
    errorCode: error.code ?? 'BAD_REQUEST',
  };
  return reply.status(error.statusCode ?? 400).send(body);
}

/** What a browser shows for an address it cannot be given a page for: cut off mid-character. */
function badAddressPage(brand: string): string {
  return messagePage(
    brand,
    'We can’t open that address',
    `<p>Part of this address is missing or mistyped, often because a link was cut off when it was
copied. Check the link you followed, or start again from the help portal.</p>
<p><a href="/">Go to the help portal</a></p>`,
  );
}

/**
 * Errors Fastify raises before routing answer like every other error, with the headers no hook
 * has set; a malformed address (a percent sign without its two digits) answers a page where a
 * page was asked for.
 */
export function frameworkErrors(brand: string) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    reply.headers(PRE_ROUTING_HEADERS);
    if (error.code !== 'FST_ERR_BAD_URL' || answersJson(request)) return clientError(error, reply);
    return reply
      .status(400)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(badAddressPage(brand));
  };
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
