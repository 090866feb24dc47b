import { z } from 'zod';
import { ERROR_REPORT_LIMITS } from './error-reports.ts';

function truncated(limit: number) {
  return z.string().transform((value) => (value.length > limit ? value.slice(0, limit) : value));
}

const contextValue = z.union([
  truncated(ERROR_REPORT_LIMITS.contextValue),
  z.number(),
  z.boolean(),
  z.null(),
]);

/**
 * An error report as the browser sends it. Long texts are cut rather than refused, so a
 * report about a huge failure still arrives; only a report without a message is refused.
 */
export const errorReportSchema = z.strictObject({
  // A guest's page has no token: the server then takes the browser's same-origin headers.
  csrfToken: z.string().min(1, 'csrfToken must not be empty').max(512).optional(),
  message: z
    .string()
    .trim()
    .min(1, 'message must not be empty')
    .pipe(truncated(ERROR_REPORT_LIMITS.message)),
  errorName: truncated(ERROR_REPORT_LIMITS.errorName).optional(),
  stack: truncated(ERROR_REPORT_LIMITS.stack).optional(),
  /** What was running: a server method, a component, a tracking call. */
  source: truncated(ERROR_REPORT_LIMITS.source).optional(),
  context: z
    .record(z.string().max(100), contextValue)
    .refine((value) => Object.keys(value).length <= ERROR_REPORT_LIMITS.contextKeys, {
      message: `context may hold at most ${ERROR_REPORT_LIMITS.contextKeys} entries`,
    })
    .optional(),
  pagePath: truncated(ERROR_REPORT_LIMITS.pagePath).refine((value) => value.startsWith('/'), {
    message: 'must be a path on this site',
  }),
  occurredAt: z.iso.datetime({ message: 'must be an ISO-8601 UTC time' }),
});

export type ErrorReport = z.output<typeof errorReportSchema>;
