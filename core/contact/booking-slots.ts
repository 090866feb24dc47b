import { openingOn, type RegionHours } from './opening-hours.ts';
import { addDays, wallTime } from './zoned-time.ts';

/** How a region's calendar of calls is cut: within its hours, less holidays. */
export interface BookingCalendar {
  slotMinutes: number;
  /** Calls one slot takes: the agents on the phone at that time. */
  capacity: number;
  /** No call starts sooner than this after booking: agents need time to prepare. */
  minimumNoticeMinutes: number;
  /** How many days ahead slots are offered. */
  daysAhead: number;
}

export interface BookableSlot {
  /** ISO instant in UTC: the slot's identity. */
  startsAt: string;
  endsAt: string;
  /** Places still free. */
  remaining: number;
}

/**
 * The slots a visitor may book now, earliest first: whole slots inside opening hours, not on a
 * holiday, starting at least the minimum notice from now, with a place left. `booked` gives the
 * places taken per slot start (ISO).
 */
export function bookableSlots(
  hours: RegionHours,
  calendar: BookingCalendar,
  now: Date,
  booked: ReadonlyMap<string, number>,
): BookableSlot[] {
  const earliest = now.getTime() + calendar.minimumNoticeMinutes * 60_000;
  const step = calendar.slotMinutes * 60_000;
  const today = wallTime(now, hours.timeZone).date;
  const slots: BookableSlot[] = [];
  for (let day = 0; day <= calendar.daysAhead; day += 1) {
    const opening = openingOn(hours, addDays(today, day));
    if (!opening) continue;
    for (let start = opening.from.getTime(); start + step <= opening.to.getTime(); start += step) {
      if (start < earliest) continue;
      const startsAt = new Date(start).toISOString();
      const remaining = calendar.capacity - (booked.get(startsAt) ?? 0);
      if (remaining > 0) {
        slots.push({ startsAt, endsAt: new Date(start + step).toISOString(), remaining });
      }
    }
  }
  return slots;
}

/**
 * Whether a slot start is one the calendar offers at all (ignoring places taken): what the
 * server checks before taking a place, so a made-up time is refused.
 */
export function isOfferedSlot(
  hours: RegionHours,
  calendar: BookingCalendar,
  now: Date,
  startsAt: string,
): boolean {
  return bookableSlots(hours, calendar, now, new Map()).some((slot) => slot.startsAt === startsAt);
}
