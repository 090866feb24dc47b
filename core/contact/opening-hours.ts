import { addDays, instantOf, wallTime } from './zoned-time.ts';

/** One day's opening, in the region's own clock: 'HH:MM' to 'HH:MM' ('24:00' is midnight). */
export interface OpeningTimes {
  open: number;
  close: number;
}

/** A region's hours for people: a week of openings in its time zone, less its holidays. */
export interface RegionHours {
  /** IANA name ('Australia/Sydney'): the zone the hours and holidays are written in. */
  timeZone: string;
  /** Index 1 Monday … 7 Sunday; a missing day is closed. */
  week: Readonly<Partial<Record<number, OpeningTimes>>>;
  /** Public holidays, 'YYYY-MM-DD' in the region's zone: closed all day. */
  holidays: readonly string[];
}

export type OpeningState =
  { open: true; closesAt: Date } | { open: false; opensAt: Date | undefined };

/** How far ahead a closed region's next opening is looked for (holidays run together). */
const LOOK_AHEAD_DAYS = 21;

/** The opening of one calendar day as instants, or undefined when closed all day. */
export function openingOn(hours: RegionHours, date: string): { from: Date; to: Date } | undefined {
  if (hours.holidays.includes(date)) return undefined;
  const noon = instantOf(date, 12 * 60, hours.timeZone);
  const times = hours.week[wallTime(noon, hours.timeZone).weekday];
  if (!times || times.close <= times.open) return undefined;
  return {
    from: instantOf(date, times.open, hours.timeZone),
    to: instantOf(date, times.close, hours.timeZone),
  };
}

/** Whether people are there now, until when, or when they are next. */
export function openingState(hours: RegionHours, now: Date): OpeningState {
  const today = wallTime(now, hours.timeZone).date;
  for (let day = 0; day <= LOOK_AHEAD_DAYS; day += 1) {
    const opening = openingOn(hours, addDays(today, day));
    if (!opening || opening.to <= now) continue;
    if (opening.from <= now) return { open: true, closesAt: opening.to };
    return { open: false, opensAt: opening.from };
  }
  return { open: false, opensAt: undefined };
}
