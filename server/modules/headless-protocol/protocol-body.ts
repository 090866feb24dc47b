import type { z } from 'zod';
import { describeIssue } from '~core/analytics';
import { invalidRequest } from '~core/headless-protocol';

/** A body as a schema reads it, or the protocol's 400 naming the first problem. */
export function parsedBody<Schema extends z.ZodType>(
  body: unknown,
  schema: Schema,
): z.output<Schema> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw invalidRequest('The body must be a JSON object');
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw invalidRequest(describeIssue(parsed.error));
  return parsed.data;
}
