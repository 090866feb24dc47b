/*
 * Proration by days in monthly billing periods. A subscription's period starts on its start
 * date's day of the month (the 31st falls back to a shorter month's last day); a change part-way
 * through a period credits the unused days of the old price and charges the same days of the new
 * one, each rounded once.
 */
import { divideRounded } from './money.ts';

const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' as a UTC day number; throws on anything else. */
function dayNumber(date: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new RangeError(`Not a date: ${date}`);
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (new Date(time).toISOString().slice(0, 10) !== date)
    throw new RangeError(`No such day: ${date}`);
  return time / DAY_MS;
}

export function isIsoDate(value: string): boolean {
  try {
    dayNumber(value);
    return true;
  } catch {
    return false;
  }
}

export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

export function addDays(date: string, days: number): string {
  return new Date((dayNumber(date) + days) * DAY_MS).toISOString().slice(0, 10);
}

/** The anchor day in the month `monthsAfter` months from the anchor date, clamped to its length. */
function monthlyDate(anchor: string, monthsAfter: number): string {
  const [year, month, day] = anchor.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 + monthsAfter, 1));
  const lastDay = new Date(
    Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0),
  ).getUTCDate();
  first.setUTCDate(Math.min(day, lastDay));
  return first.toISOString().slice(0, 10);
}

export interface BillingPeriod {
  /** First day of the period. */
  start: string;
  /** First day of the next period (exclusive end). */
  end: string;
  days: number;
}

/** The monthly period, anchored on the subscription's start date, that holds the given day. */
export function billingPeriodOn(anchor: string, date: string): BillingPeriod {
  if (daysBetween(anchor, date) < 0)
    throw new RangeError('The day is before the subscription starts');
  const [ay, am] = anchor.split('-').map(Number) as [number, number];
  const [dy, dm] = date.split('-').map(Number) as [number, number];
  let months = (dy - ay) * 12 + (dm - am);
  while (months > 0 && daysBetween(monthlyDate(anchor, months), date) < 0) months -= 1;
  while (daysBetween(monthlyDate(anchor, months + 1), date) >= 0) months += 1;
  const start = monthlyDate(anchor, months);
  const end = monthlyDate(anchor, months + 1);
  return { start, end, days: daysBetween(start, end) };
}

/** A period's price for some of its days, rounded once. */
export function prorate(periodPriceMinor: number, days: number, periodDays: number): number {
  if (days < 0 || days > periodDays) throw new RangeError('Days outside the period');
  return divideRounded(periodPriceMinor * days, periodDays);
}

export interface ProratedChange {
  period: BillingPeriod;
  effectiveDate: string;
  /** Days from the effective date to the period's end. */
  daysLeft: number;
  /** The unused part of the old price, given back (positive). */
  credit: number;
  /** The new price for the same days. */
  charge: number;
  /** charge − credit: positive is owed, negative is credited to the next invoice. */
  net: number;
}

/** A change of monthly price taking effect on a day of the current period. */
export function prorateChange(
  anchor: string,
  effectiveDate: string,
  oldPriceMinor: number,
  newPriceMinor: number,
): ProratedChange {
  const period = billingPeriodOn(anchor, effectiveDate);
  const daysLeft = daysBetween(effectiveDate, period.end);
  const credit = prorate(oldPriceMinor, daysLeft, period.days);
  const charge = prorate(newPriceMinor, daysLeft, period.days);
  return { period, effectiveDate, daysLeft, credit, charge, net: charge - credit };
}
