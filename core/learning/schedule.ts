import { isRegion, type Region } from '../regions/index.ts';
import { LEARNING_KINDS, SCHEDULED_KINDS, type LearningKind } from './learning-kinds.ts';

/**
 * One formatter per time zone, made once: building an Intl.DateTimeFormat costs far more than
 * formatting with it (it was the learning pages' largest cost of our own under load).
 */
const SESSION_TIME_FORMATS = new Map<string, Intl.DateTimeFormat>();

function sessionTimeFormat(timeZone: string): Intl.DateTimeFormat {
  let format = SESSION_TIME_FORMATS.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'short',
      month: 'short',
      day: '2-digit',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
      timeZoneName: 'short',
    });
    // Time zones come from the catalogue, a few hundred at most; the bound is a safeguard.
    if (SESSION_TIME_FORMATS.size < 1000) SESSION_TIME_FORMATS.set(timeZone, format);
  }
  return format;
}

/** Spec 9 dates: en-US, short month, 2-digit day, 12-hour time, with the zone it is shown in. */
export function sessionTimeLabel(startsAt: string, timeZone: string): string {
  return sessionTimeFormat(timeZone).format(new Date(startsAt));
}

export interface ScheduleFilter {
  region: Region | undefined;
  format: LearningKind | undefined;
}

/**
 * The webinars-and-events filters from the query string: '?region=UK&format=webinar'. A value
 * that is not a region or a scheduled kind is ignored (shows everything), never an error page.
 */
export function scheduleFilter(params: URLSearchParams): ScheduleFilter {
  const region = params.get('region')?.trim().toUpperCase();
  const format = params.get('format')?.trim();
  return {
    region: isRegion(region) ? region : undefined,
    format:
      format !== undefined &&
      (LEARNING_KINDS as readonly string[]).includes(format) &&
      SCHEDULED_KINDS.includes(format as LearningKind)
        ? (format as LearningKind)
        : undefined,
  };
}

export interface ScheduledSession {
  sessionId: string;
  itemKind: LearningKind;
  region: Region;
  startsAt: string;
}

/** Sessions that have not started yet, matching the filter, soonest first. */
export function upcomingSessions<T extends ScheduledSession>(
  sessions: readonly T[],
  filter: ScheduleFilter,
  now: Date,
): T[] {
  const from = now.toISOString();
  return sessions
    .filter((session) => session.startsAt >= from)
    .filter((session) => filter.region === undefined || session.region === filter.region)
    .filter((session) => filter.format === undefined || session.itemKind === filter.format)
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.sessionId.localeCompare(b.sessionId));
}
