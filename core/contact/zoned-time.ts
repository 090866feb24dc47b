/*
 * Wall-clock times in a named time zone, through Intl only: regions' opening hours are written
 * in their own zone, and visitors read every time in theirs.
 */

/** A calendar date and time of day as a clock on the wall of a time zone shows it. */
export interface WallTime {
  /** 'YYYY-MM-DD' */
  date: string;
  /** 1 Monday … 7 Sunday (ISO 8601). */
  weekday: number;
  /** Minutes since midnight. */
  minutes: number;
}

const PARTS_FORMATS = new Map<string, Intl.DateTimeFormat>();

function partsFormat(timeZone: string): Intl.DateTimeFormat {
  let format = PARTS_FORMATS.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      weekday: 'short',
    });
    PARTS_FORMATS.set(timeZone, format);
  }
  return format;
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

function partsOf(instant: Date, timeZone: string): Record<string, string> {
  const parts: Record<string, string> = {};
  for (const part of partsFormat(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return parts;
}

/** Whether Intl knows this IANA time zone name. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return name.length > 0;
  } catch {
    return false;
  }
}

export function wallTime(instant: Date, timeZone: string): WallTime {
  const parts = partsOf(instant, timeZone);
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    weekday: WEEKDAYS.indexOf(parts.weekday ?? '') + 1,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** How far the zone's clocks are ahead of UTC at this instant, in milliseconds. */
function offsetMs(instant: Date, timeZone: string): number {
  const parts = partsOf(instant, timeZone);
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant a zone's clocks show `minutes` past midnight on `date`. A time skipped by a
 * daylight-saving change is moved on by the change's gap; a repeated one takes the first.
 */
export function instantOf(date: string, minutes: number, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number);
  const asUtc = Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1, 0, minutes);
  // The zone's offsets a day either side cover both sides of any change on that day.
  const candidates = [-1, 0, 1].map(
    (days) => asUtc - offsetMs(new Date(asUtc + days * 86_400_000), timeZone),
  );
  const shown = candidates.filter((at) => {
    const wall = wallTime(new Date(at), timeZone);
    return wall.date === date && wall.minutes === minutes;
  });
  return new Date(shown.length > 0 ? Math.min(...shown) : Math.max(...candidates));
}

/** The calendar date `days` after `date` ('YYYY-MM-DD'). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, (day ?? 1) + days))
    .toISOString()
    .slice(0, 10);
}

/** 'HH:MM' as minutes since midnight, or undefined when it is not a time of day. */
export function minutesOfDay(value: string): number | undefined {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  if (!match) return undefined;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  return hours <= 24 && minutes <= 59 && hours * 60 + minutes <= 24 * 60
    ? hours * 60 + minutes
    : undefined;
}

/**
 * A time as the visitor reads it, in the spec's format (en-US, short month, 2-digit day,
 * 12-hour time), with the weekday and the zone's short name.
 */
export function formatInZone(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: '2-digit',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZoneName: 'short',
  }).format(instant);
}

/** Only the time of day, for a list of one day's slots. */
export function formatTimeInZone(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).format(instant);
}

/** Only the day, as a heading over its slots. */
export function formatDayInZone(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'long',
    month: 'short',
    day: '2-digit',
  }).format(instant);
}
