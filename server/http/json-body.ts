import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { describeIssue } from '~core/analytics';

/**
 * JSON bodies of an API scope: bad JSON is the caller's mistake like any other, answered with
 * the API's own 400 error (made by `invalid`) instead of Fastify's generic one.
 */
export function parseJsonBodies(scope: FastifyInstance, invalid: (message: string) => Error) {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, body === '' ? undefined : (JSON.parse(body as string) as unknown));
    } catch {
      done(invalid('The body must be valid JSON'));
    }
  });
}

/** The body as the schema reads it, or the API's 400 error naming the first problem. */
export function validatedBody<Schema extends z.ZodType>(
  body: unknown,
  schema: Schema,
  invalid: (message: string) => Error,
): z.output<Schema> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw invalid('The body must be a JSON object');
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw invalid(describeIssue(parsed.error));
  return parsed.data;
}
