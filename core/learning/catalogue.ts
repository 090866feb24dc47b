import { z } from 'zod';
import { REGIONS, type Region } from '../regions/index.ts';
import { LEARNING_KINDS, SCHEDULED_KINDS } from './learning-kinds.ts';

/*
 * The learning platform's catalogue export (docs/learning-sync.md): the JSON that
 * `npm run learning:sync` reads and, one record at a time, the learning webhook accepts.
 */

/** The value of the export's "format" field; a later incompatible format gets a new number. */
export const CATALOGUE_FORMAT = 'learning-catalogue/1';

const platformId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'must be 1 to 64 letters, digits, - or _');

/** Whether YYYY-MM-DD names a day that exists (not 31 February). */
function isRealDay(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

const isoInstant = z
  .string()
  .trim()
  .refine(
    (value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value),
    {
      message: 'must be an ISO 8601 date and time with a UTC offset',
    },
  )
  .refine((value) => !Number.isNaN(Date.parse(value)) && isRealDay(value.slice(0, 10)), {
    message: 'is not a real date',
  })
  .transform((value) => new Date(value).toISOString());

const calendarDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD')
  .refine(isRealDay, { message: 'is not a real date' });

/** A time zone the runtime knows (IANA name, 'Australia/Sydney'). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const timeZone = z.string().trim().refine(isTimeZone, { message: 'is not a known time zone' });
const region = z.enum(REGIONS, { message: `must be one of ${REGIONS.join(', ')}` });
const minutes = z.number().int('must be a whole number of minutes').min(1).max(100_000);
const text = (max: number) => z.string().trim().min(1, 'must not be empty').max(max);

export const learningSessionSchema = z.object({
  id: platformId,
  startsAt: isoInstant,
  timeZone,
  region,
  durationMinutes: minutes.optional(),
  location: text(200).optional(),
});

export const learningItemSchema = z
  .object({
    id: platformId,
    type: z.enum(LEARNING_KINDS, { message: `must be one of ${LEARNING_KINDS.join(', ')}` }),
    title: text(200),
    description: text(4000),
    audience: z.array(text(100)).max(10).default([]),
    products: z.array(text(100)).max(20).default([]),
    durationMinutes: minutes,
    featured: z.boolean().default(false),
    onDemand: z.boolean().default(false),
    delivery: z.enum(['online', 'in-person']).optional(),
    sessions: z.array(learningSessionSchema).max(500).default([]),
    nextClass: z.partialRecord(region, calendarDate).optional(),
  })
  .superRefine((item, context) => {
    if (item.sessions.length > 0 && !SCHEDULED_KINDS.includes(item.type)) {
      context.addIssue({
        code: 'custom',
        path: ['sessions'],
        message: `a ${item.type} has no sessions; only ${SCHEDULED_KINDS.join(', ')} do`,
      });
    }
    if (item.nextClass !== undefined && item.type !== 'classroom') {
      context.addIssue({
        code: 'custom',
        path: ['nextClass'],
        message: 'only a classroom has next class dates',
      });
    }
    if (item.type === 'event' && item.delivery === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['delivery'],
        message: "an event must say its delivery: 'online' or 'in-person'",
      });
    }
    const seen = new Set<string>();
    item.sessions.forEach((session, index) => {
      if (seen.has(session.id)) {
        context.addIssue({
          code: 'custom',
          path: ['sessions', index, 'id'],
          message: `session ${session.id} is listed twice`,
        });
      }
      seen.add(session.id);
    });
  });

export const certificationSchema = z.object({
  id: platformId,
  userEmail: z
    .email({ message: 'must be an email address' })
    .transform((value) => value.toLowerCase()),
  name: text(200),
  earnedOn: calendarDate,
  expiresOn: calendarDate.nullable().default(null),
  badgeUrl: z
    .url({ protocol: /^https?$/, message: 'must be an http(s) URL' })
    .nullable()
    .default(null),
});

export const catalogueExportSchema = z.object({
  format: z.literal(CATALOGUE_FORMAT, { message: `must be '${CATALOGUE_FORMAT}'` }),
  exportedAt: isoInstant,
  items: z.array(z.unknown()).max(20_000),
  certifications: z.array(z.unknown()).max(200_000).default([]),
});

/** One webhook delivery: a single item or a single certification. */
export const webhookRecordSchema = z.union([
  z.object({ item: z.unknown() }).strict(),
  z.object({ certification: z.unknown() }).strict(),
]);

export type LearningSession = z.infer<typeof learningSessionSchema>;
export type LearningItemRecord = z.infer<typeof learningItemSchema>;
export type CertificationRecord = z.infer<typeof certificationSchema>;

export interface RecordProblem {
  /** The record's platform id, or its position ('items[3]') when it has no readable id. */
  id: string;
  reason: string;
}

function reasonOf(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const path = issue.path.join('.');
      return path === '' ? issue.message : `${path} ${issue.message}`;
    })
    .join('; ');
}

function idOf(record: unknown, fallback: string): string {
  if (typeof record === 'object' && record !== null && 'id' in record) {
    const id = (record as { id: unknown }).id;
    if (typeof id === 'string' && id.trim() !== '') return id.trim();
  }
  return fallback;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; problem: RecordProblem };

export function checkItem(record: unknown, position = 'item'): Checked<LearningItemRecord> {
  const parsed = learningItemSchema.safeParse(record);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, problem: { id: idOf(record, position), reason: reasonOf(parsed.error) } };
}

export function checkCertification(
  record: unknown,
  position = 'certification',
): Checked<CertificationRecord> {
  const parsed = certificationSchema.safeParse(record);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, problem: { id: idOf(record, position), reason: reasonOf(parsed.error) } };
}

export interface CheckedCatalogue {
  exportedAt: string;
  items: LearningItemRecord[];
  certifications: CertificationRecord[];
  problems: RecordProblem[];
}

/**
 * A whole export, checked record by record so every bad record is named at once. Ids must be
 * unique across the items, across all sessions, and across the certifications.
 */
export function checkCatalogue(document: unknown): CheckedCatalogue {
  const envelope = catalogueExportSchema.safeParse(document);
  if (!envelope.success) {
    return {
      exportedAt: '',
      items: [],
      certifications: [],
      problems: [{ id: 'export', reason: reasonOf(envelope.error) }],
    };
  }
  const problems: RecordProblem[] = [];
  const items: LearningItemRecord[] = [];
  const itemIds = new Set<string>();
  const sessionIds = new Set<string>();
  envelope.data.items.forEach((record, index) => {
    const checked = checkItem(record, `items[${index}]`);
    if (!checked.ok) return problems.push(checked.problem);
    const item = checked.value;
    if (itemIds.has(item.id)) {
      return problems.push({ id: item.id, reason: 'the item id is listed twice' });
    }
    const reused = item.sessions.find((session) => sessionIds.has(session.id));
    if (reused) {
      return problems.push({
        id: item.id,
        reason: `session ${reused.id} belongs to another item too`,
      });
    }
    itemIds.add(item.id);
    for (const session of item.sessions) sessionIds.add(session.id);
    items.push(item);
  });
  const certifications: CertificationRecord[] = [];
  const certificationIds = new Set<string>();
  envelope.data.certifications.forEach((record, index) => {
    const checked = checkCertification(record, `certifications[${index}]`);
    if (!checked.ok) return problems.push(checked.problem);
    if (certificationIds.has(checked.value.id)) {
      return problems.push({
        id: checked.value.id,
        reason: 'the certification id is listed twice',
      });
    }
    certificationIds.add(checked.value.id);
    certifications.push(checked.value);
  });
  return { exportedAt: envelope.data.exportedAt, items, certifications, problems };
}

/*
 * How an item appears in search (spec 2.6 labels and section 3 fields): courses, classrooms and
 * webinars carry the spec's content types; an event is indexed as what it is for the learner,
 * a webinar when online and an in-person classroom when in person; plans and tracks carry
 * their own object types, which the learning hub covers.
 */
export interface LearningSearchType {
  objecttype: string;
  objecttypelabel: string;
  contentType: string;
}

export function learningSearchType(
  item: Pick<LearningItemRecord, 'type' | 'delivery'>,
): LearningSearchType {
  switch (item.type) {
    case 'course':
      return {
        objecttype: 'LearningActivity',
        objecttypelabel: 'Course',
        contentType: 'Online course',
      };
    case 'classroom':
      return {
        objecttype: 'LearningActivity',
        objecttypelabel: 'In-person classroom',
        contentType: 'Live classroom',
      };
    case 'webinar':
      return {
        objecttype: 'LearningActivity',
        objecttypelabel: 'Webinar',
        contentType: 'Live webinar',
      };
    case 'event':
      return item.delivery === 'in-person'
        ? {
            objecttype: 'LearningActivity',
            objecttypelabel: 'Event',
            contentType: 'Live classroom',
          }
        : { objecttype: 'LearningActivity', objecttypelabel: 'Event', contentType: 'Live webinar' };
    case 'learning_plan':
      return {
        objecttype: 'LearningPlan',
        objecttypelabel: 'Learning plan',
        contentType: 'Learning plan',
      };
    case 'learning_track':
      return {
        objecttype: 'LearningTrack',
        objecttypelabel: 'Learning track',
        contentType: 'Learning track',
      };
  }
}

/**
 * A classroom's next class date per region: the platform's own date where it gives one,
 * otherwise the day (in the session's time zone) of the earliest session in that region that
 * starts at or after the export. Regions without either have none.
 */
export function nextClassDates(
  item: Pick<LearningItemRecord, 'type' | 'sessions' | 'nextClass'>,
  asOf: string,
): Partial<Record<Region, string>> {
  if (item.type !== 'classroom') return {};
  const dates: Partial<Record<Region, string>> = {};
  const upcoming = item.sessions
    .filter((session) => session.startsAt >= asOf)
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  for (const session of upcoming) {
    dates[session.region] ??= localDate(session.startsAt, session.timeZone);
  }
  return { ...dates, ...item.nextClass };
}

/** The calendar day (YYYY-MM-DD) an instant falls on in a time zone. */
export function localDate(instant: string, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(instant));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}
