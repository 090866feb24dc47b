import { z } from 'zod';
import {
  ANALYTICS_EVENT_NAMES,
  eventFieldsProblem,
  MAX_EVENTS_PER_BATCH,
  MAX_PAGE_PATH_LENGTH,
  type AnalyticsEvent,
  type AnalyticsEventFields,
  type AnalyticsEventName,
} from './events.ts';

const pagePath = z
  .string()
  .max(MAX_PAGE_PATH_LENGTH)
  .regex(/^\/(?!\/)/, 'must be a path on this site, starting with a single /');

const occurredAt = z.iso.datetime({ message: 'must be an ISO-8601 UTC time' });

function eventSchema<Name extends AnalyticsEventName>(name: Name) {
  return z.strictObject({
    name: z.literal(name),
    fields: z.custom<AnalyticsEventFields<Name>>().superRefine((fields, context) => {
      const problem = eventFieldsProblem(name, fields);
      if (problem) {
        context.addIssue({
          code: 'custom',
          message: problem.message,
          path: problem.field ? [problem.field] : [],
        });
      }
    }),
    occurredAt,
    pagePath,
  });
}

/** One event as the browser sends it, checked with the rules of `analytics-events.ts`. */
export const analyticsEventSchema: z.ZodType<AnalyticsEvent> = z.discriminatedUnion(
  'name',
  [
    eventSchema('content viewed'),
    eventSchema('case submitted'),
    eventSchema('link clicked'),
    eventSchema('button clicked'),
    eventSchema('banner hidden'),
    eventSchema('accordion toggled'),
    eventSchema('component displayed'),
    eventSchema('screen viewed'),
  ],
  { error: `name must be one of: ${ANALYTICS_EVENT_NAMES.join(', ')}` },
);

/**
 * A batch of events. A signed-in visitor's CSRF token travels in the body because beacons cannot
 * set headers.
 */
export const analyticsBatchSchema = z.strictObject({
  // A guest's page has no token: the server then takes the browser's same-origin headers.
  csrfToken: z.string().min(1, 'csrfToken must not be empty').max(512).optional(),
  events: z
    .array(analyticsEventSchema)
    .min(1, 'events must hold at least one event')
    .max(MAX_EVENTS_PER_BATCH, `events must hold at most ${MAX_EVENTS_PER_BATCH} events`),
});

/** The first problem of a rejected request, as one line naming where it is. */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The request is not valid';
  const where = issue.path.map(String).join('.');
  return where ? `${where}: ${issue.message}` : issue.message;
}
