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
