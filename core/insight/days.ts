/* Calendar days as the insight aggregates keep them: 'YYYY-MM-DD' in UTC. */

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The day a 'YYYY-MM-DD' text names, or undefined when it is not a real calendar day. */
export function parseDay(text: string): string | undefined {
  const match = DAY_PATTERN.exec(text);
  if (!match) return undefined;
  const date = new Date(`${text}T00:00:00.000Z`);
  return Number.isNaN(date.getTime()) || dayOf(date) !== text ? undefined : text;
}

export function addDays(day: string, days: number): string {
  return dayOf(new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS));
}

/** Days from the first to the last, both counted. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** Every day from the first to the last, both included. */
export function daysFrom(from: string, to: string): string[] {
  const count = Math.max(0, daysBetween(from, to));
  return Array.from({ length: count }, (_, at) => addDays(from, at));
}

/** The first and the (exclusive) end instant of a day, as stored times compare. */
export function dayBounds(day: string): { start: string; end: string } {
  return { start: `${day}T00:00:00.000Z`, end: `${addDays(day, 1)}T00:00:00.000Z` };
}

/** The Monday of the week a day is in, which names the week of a digest. */
export function weekOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

/** The month a day is in, 'YYYY-MM', which keys the monthly aggregates. */
export function monthOf(day: string): string {
  return day.slice(0, 7);
}

/** The first day of the month after a day's month (31 days on from a 1st is always in it). */
function nextMonthStart(day: string): string {
  return `${monthOf(addDays(`${monthOf(day)}-01`, 31))}-01`;
}

/** The first and last day of a 'YYYY-MM' month. */
export function monthBounds(month: string): { from: string; to: string } {
  const from = `${month}-01`;
  return { from, to: addDays(nextMonthStart(from), -1) };
}

/**
 * A range of days as the aggregates read it: the months it holds whole, and the runs of days
 * before and after them (or the whole range when it holds no whole month), so a year reads
 * twelve monthly rows of a figure and the daily rows of at most two partial months.
 */
export function splitIntoMonths(
  from: string,
  to: string,
): { months: string[]; days: { from: string; to: string }[] } {
  if (from > to) return { months: [], days: [] };
  const months: string[] = [];
  let start = from.endsWith('-01') ? from : nextMonthStart(from);
  for (; monthBounds(monthOf(start)).to <= to; start = nextMonthStart(start)) {
    months.push(monthOf(start));
  }
  if (months.length === 0) return { months, days: [{ from, to }] };
  const days: { from: string; to: string }[] = [];
  const first = monthBounds(months[0]!).from;
  const last = monthBounds(months.at(-1)!).to;
  if (from < first) days.push({ from, to: addDays(first, -1) });
  if (last < to) days.push({ from: addDays(last, 1), to });
  return { months, days };
}
