/** What a field holds: text it must have, text it may leave out or empty, or true/false. */
export type FieldRule = 'text' | 'optional text' | 'flag';

/**
 * The analytics events of spec 3 and their fields. The spec lists the fields only; which of
 * them an event can do without is decided here (see docs/analytics.md). The browser checks an
 * event with these rules before sending it and the server checks it again, so one bad event is
 * never sent to spoil the batch around it. No validation library is needed for that, which
 * keeps it out of every page's script.
 */
export const ANALYTICS_EVENT_FIELD_RULES = {
  'content viewed': {
    contentType: 'text',
    contentName: 'text',
    contentNamePersonal: 'optional text',
    contentId: 'optional text',
    // getTeamValue answers '' when it fails (spec 8).
    contentTeam: 'optional text',
  },
  'case submitted': { caseNumber: 'text', orgId: 'optional text' },
  'link clicked': {
    linkName: 'text',
    linkDestination: 'text',
    isExternal: 'flag',
    screenName: 'text',
    subScreenName: 'optional text',
  },
  'button clicked': { buttonName: 'text', screenName: 'text', subScreenName: 'optional text' },
  'banner hidden': { bannerName: 'text', actionType: 'text' },
  'accordion toggled': { accordionName: 'text', isExpanded: 'flag' },
  'component displayed': { componentName: 'text' },
  'screen viewed': { screenName: 'text', subScreenName: 'optional text' },
} as const satisfies Record<string, Record<string, FieldRule>>;

type Rules = typeof ANALYTICS_EVENT_FIELD_RULES;

export type AnalyticsEventName = keyof Rules;

type FieldsOf<R> = {
  [K in keyof R as R[K] extends 'optional text' ? never : K]: R[K] extends 'flag'
    ? boolean
    : string;
} & { [K in keyof R as R[K] extends 'optional text' ? K : never]?: string };

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** The fields of an event, typed from its rules. */
export type AnalyticsEventFields<Name extends AnalyticsEventName> = Simplify<FieldsOf<Rules[Name]>>;

export const ANALYTICS_EVENT_NAMES = Object.keys(
  ANALYTICS_EVENT_FIELD_RULES,
) as AnalyticsEventName[];

/** One event as the browser sends it. */
export type AnalyticsEvent = {
  [Name in AnalyticsEventName]: {
    name: Name;
    fields: AnalyticsEventFields<Name>;
    /** ISO-8601 UTC. */
    occurredAt: string;
    /** The path (and query) of the page it happened on. */
    pagePath: string;
  };
}[AnalyticsEventName];

/** At most this many events go in one request; the browser sends a full queue at once. */
export const MAX_EVENTS_PER_BATCH = 50;

export const MAX_FIELD_LENGTH = 500;
export const MAX_PAGE_PATH_LENGTH = 2000;

export interface FieldProblem {
  /** The field at fault; '' when the fields as a whole are wrong. */
  field: string;
  message: string;
}

export function isAnalyticsEventName(value: unknown): value is AnalyticsEventName {
  return typeof value === 'string' && Object.hasOwn(ANALYTICS_EVENT_FIELD_RULES, value);
}

/** The first thing wrong with an event's fields, or undefined when they follow its rules. */
export function eventFieldsProblem(
  name: AnalyticsEventName,
  fields: unknown,
): FieldProblem | undefined {
  if (typeof fields !== 'object' || fields === null || Array.isArray(fields)) {
    return { field: '', message: 'fields must be an object' };
  }
  const rules: Readonly<Record<string, FieldRule>> = ANALYTICS_EVENT_FIELD_RULES[name];
  const values = fields as Record<string, unknown>;
  for (const key of Object.keys(values)) {
    if (!Object.hasOwn(rules, key)) return { field: key, message: `is not a field of '${name}'` };
  }
  for (const [key, rule] of Object.entries(rules)) {
    const value = values[key];
    if (rule === 'flag') {
      if (typeof value !== 'boolean') return { field: key, message: 'must be true or false' };
      continue;
    }
    if (value === undefined && rule === 'optional text') continue;
    if (typeof value !== 'string') return { field: key, message: 'must be text' };
    if (value.length > MAX_FIELD_LENGTH) {
      return { field: key, message: `must be at most ${MAX_FIELD_LENGTH} characters` };
    }
    if (rule === 'text' && value.trim() === '') return { field: key, message: 'must not be empty' };
  }
  return undefined;
}
