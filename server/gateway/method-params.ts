import type { z } from 'zod';
import { REMOTE_METHOD_PARAMS, type RemoteMethod } from '~core/gateway';
import { invalidParams } from './gateway-error.ts';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The methodParams of a GET: JSON in the query string; absent means no params. */
export function paramsFromQuery(method: RemoteMethod, query: unknown): unknown {
  const raw = isPlainObject(query) ? query.methodParams : undefined;
  if (raw === undefined || raw === '') return {};
  if (typeof raw !== 'string') {
    throw invalidParams(method, 'methodParams must be given once, as a JSON object.');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw invalidParams(method, 'methodParams is not valid JSON.');
  }
  if (!isPlainObject(parsed)) throw invalidParams(method, 'methodParams must be a JSON object.');
  return parsed;
}

/** The methodParams of a POST: the JSON body itself; an empty body means no params. */
export function paramsFromBody(method: RemoteMethod, body: unknown): unknown {
  if (body === undefined || body === null) return {};
  if (!isPlainObject(body)) throw invalidParams(method, 'the body must be a JSON object.');
  return body;
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const field = issue.path.map(String).join('.');
  const message = issue.message.endsWith('.') ? issue.message : `${issue.message}.`;
  return field === '' || message.startsWith(field) ? message : `${field}: ${message}`;
}

/** The params checked against the method's schema; the first problem is reported. */
export function validParams(method: RemoteMethod, params: unknown): unknown {
  const result = REMOTE_METHOD_PARAMS[method].safeParse(params);
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  throw invalidParams(method, issue ? describeIssue(issue) : 'methodParams are not valid.');
}
