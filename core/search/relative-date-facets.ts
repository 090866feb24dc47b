import { countLabel } from '../ui/index.ts';

/** Spec 9 'Relative date facet labels': the units a relative range is counted in. */
export const RELATIVE_DATE_UNITS = ['hour', 'day', 'week', 'month', 'quarter', 'year'] as const;
export type RelativeDateUnit = (typeof RELATIVE_DATE_UNITS)[number];

export type RelativeDateDirection = 'past' | 'next';

export interface RelativeDateRange {
  direction: RelativeDateDirection;
  /** A whole number from 1. */
  amount: number;
  unit: RelativeDateUnit;
}

/** The ranges the search page's date facet offers, newest first. */
export const DEFAULT_RELATIVE_DATE_RANGE_IDS = [
  'past-1-day',
  'past-1-week',
  'past-1-month',
  'past-1-quarter',
  'past-1-year',
] as const;

/** A range's id, as URLs and the search API carry it: 'past-1-day', 'past-7-days', 'next-2-weeks'. */
export function relativeDateRangeId(range: RelativeDateRange): string {
  return `${range.direction}-${range.amount}-${range.unit}${range.amount === 1 ? '' : 's'}`;
}

const ID = /^(past|next)-([1-9]\d{0,3})-(hour|day|week|month|quarter|year)(s?)$/;

/** The range an id names, or undefined for anything but the exact form relativeDateRangeId makes. */
export function parseRelativeDateRangeId(id: string): RelativeDateRange | undefined {
  const match = ID.exec(id);
  if (!match) return undefined;
  const amount = Number(match[2]);
  if ((amount === 1) !== (match[4] === '')) return undefined;
  return {
    direction: match[1] as RelativeDateDirection,
    amount,
    unit: match[3] as RelativeDateUnit,
  };
}

function capitalised(direction: RelativeDateDirection): string {
  return direction === 'past' ? 'Past' : 'Next';
}

/** Spec 9: 'Past hour', 'Next week', and with spec 5 plurals 'Past 7 days', 'Next 2 weeks'. */
export function relativeDateRangeLabel(range: RelativeDateRange): string {
  const when = capitalised(range.direction);
  return range.amount === 1
    ? `${when} ${range.unit}`
    : `${when} ${countLabel(range.amount, range.unit)}`;
}

/** The label of a range id, or undefined when the id names no range. */
export function relativeDateFacetLabel(id: string): string | undefined {
  const range = parseRelativeDateRangeId(id);
  return range === undefined ? undefined : relativeDateRangeLabel(range);
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const MONTHS_IN: Partial<Record<RelativeDateUnit, number>> = { month: 1, quarter: 3, year: 12 };
const MS_IN: Partial<Record<RelativeDateUnit, number>> = {
  hour: HOUR_MS,
  day: DAY_MS,
  week: 7 * DAY_MS,
};

/**
 * The instant a signed number of units away from `from`. Months, quarters and years move by the
 * calendar (in UTC); a day that the target month lacks becomes that month's last day, so
 * 31 March less one month is 28 or 29 February rather than early March.
 */
function shifted(from: Date, unit: RelativeDateUnit, count: number): Date {
  const ms = MS_IN[unit];
  if (ms !== undefined) return new Date(from.getTime() + count * ms);
  const months = (MONTHS_IN[unit] ?? 0) * count;
  const target = new Date(from.getTime());
  const day = from.getUTCDate();
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(
    Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0),
  ).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

/** The span of time a range covers relative to `now`, as ISO-8601 UTC instants (both inclusive). */
export function relativeDateSpan(
  range: RelativeDateRange,
  now: Date,
): { from: string; to: string } {
  const sign = range.direction === 'past' ? -1 : 1;
  const other = shifted(now, range.unit, sign * range.amount);
  const [from, to] = range.direction === 'past' ? [other, now] : [now, other];
  return { from: from.toISOString(), to: to.toISOString() };
}

/** The span a range id covers relative to `now`, or undefined when the id names no range. */
export function relativeDateFacetSpan(
  id: string,
  now: Date,
): { from: string; to: string } | undefined {
  const range = parseRelativeDateRangeId(id);
  return range === undefined ? undefined : relativeDateSpan(range, now);
}

/** Spec 9 'Date pattern letters': day, month and year as a date input's pattern writes them. */
export const DATE_PATTERN_LETTERS = { day: 'd', month: 'm', year: 'y' } as const;

/** The pattern a custom date input asks for, in the en-US order of spec 9: 'mm/dd/yyyy'. */
export const DATE_INPUT_PATTERN = [
  DATE_PATTERN_LETTERS.month.repeat(2),
  DATE_PATTERN_LETTERS.day.repeat(2),
  DATE_PATTERN_LETTERS.year.repeat(4),
].join('/');

/**
 * A date typed in the input pattern ('3/5/2026' or '03/05/2026') as YYYY-MM-DD, or undefined
 * when it is not a real calendar date.
 */
export function parseDateInput(text: string): string | undefined {
  const match = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/.exec(text);
  if (!match) return undefined;
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1) return undefined;
  if (date.getUTCDate() !== day) return undefined;
  return date.toISOString().slice(0, 10);
}
