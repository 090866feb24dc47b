import type { FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '~core/content';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { answersJson } from './answer-kind.ts';
import { messagePage } from './message-page.ts';

/**
 * How long a client should wait before asking again. A PostgreSQL restart or a SQLite lock is
 * over in seconds; a short figure brings visitors back soon without hammering a recovering server.
 */
export const RETRY_AFTER_SECONDS = 5;

export const UNAVAILABLE_MESSAGE =
  'The help portal is briefly unavailable. Please try again in a few moments.';

/** A page that needs nothing but this string: no database, no React, no stylesheet to fetch. */
export function unavailablePage(brand: string): string {
  return messagePage(
    brand,
    "We'll be right back",
    `<p>${escapeHtml(UNAVAILABLE_MESSAGE)}</p>
<p><a href="">Try again</a></p>`,
  );
}

/** Answers 503 with Retry-After, as a page or as `{message, errorCode: 'UNAVAILABLE'}`. */
export function answerUnavailable(
  request: FastifyRequest,
  reply: FastifyReply,
  brand: string,
): FastifyReply {
  reply
    .status(503)
    .header('retry-after', String(RETRY_AFTER_SECONDS))
    .header('cache-control', 'no-store');
  if (answersJson(request)) {
    return reply.send({ message: UNAVAILABLE_MESSAGE, errorCode: 'UNAVAILABLE' });
  }
  return reply.type('text/html; charset=utf-8').send(unavailablePage(brand));
}

/**
 * For the site's error handler: answers the request itself when the error means the database
 * cannot answer now (and says so by returning true). Logged as a warning, without the stack:
 * during an outage every request meets the same error, and the pool logs the cause once.
 */
export function databaseFaultAnswer(brand: string) {
  return (error: unknown, request: FastifyRequest, reply: FastifyReply): boolean => {
    if (!isDatabaseUnavailable(error)) return false;
    answerDatabaseFault(error, request, reply, brand);
    return true;
  };
}

function answerDatabaseFault(
  error: unknown,
  request: FastifyRequest,
  reply: FastifyReply,
  brand: string,
): void {
  request.log.warn(
    { code: (error as { code?: unknown }).code },
    `database unavailable: ${error instanceof Error ? error.message : String(error)}`,
  );
  answerUnavailable(request, reply, brand);
}

/** For the React Router mount: a loader's database fault answers 503 like a route's. */
export function databaseFaultsOfLoaders(brand: string) {
  return {
    claims: isDatabaseUnavailable,
    answer: (error: unknown, request: FastifyRequest, reply: FastifyReply) =>
      answerDatabaseFault(error, request, reply, brand),
  };
}
