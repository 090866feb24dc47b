import { describe, expect, it } from 'vitest';
import {
  addDays,
  billingPeriodOn,
  daysBetween,
  isIsoDate,
  prorate,
  prorateChange,
} from './proration.ts';

describe('billing periods', () => {
  it('runs from the start day of one month to the next', () => {
    expect(billingPeriodOn('2026-01-15', '2026-03-20')).toEqual({
      start: '2026-03-15',
      end: '2026-04-15',
      days: 31,
    });
    expect(billingPeriodOn('2026-01-15', '2026-03-14')).toEqual({
      start: '2026-02-15',
      end: '2026-03-15',
      days: 28,
    });
    expect(billingPeriodOn('2026-01-15', '2026-01-15').start).toBe('2026-01-15');
  });

  it('falls back to the last day of a shorter month for a start on the 29th to 31st', () => {
    expect(billingPeriodOn('2026-01-31', '2026-02-28')).toEqual({
      start: '2026-02-28',
      end: '2026-03-31',
      days: 31,
    });
    expect(billingPeriodOn('2028-01-30', '2028-02-29')).toEqual({
      start: '2028-02-29',
      end: '2028-03-30',
      days: 30,
    });
    expect(billingPeriodOn('2026-01-31', '2026-02-27').start).toBe('2026-01-31');
  });

  it('holds every day of two years in exactly one period, periods touching end to start', () => {
    for (const anchor of ['2026-01-01', '2026-01-29', '2026-01-31', '2026-03-15']) {
      let previous = billingPeriodOn(anchor, anchor);
      for (let offset = 0; offset < 730; offset += 1) {
        const day = addDays(anchor, offset);
        const period = billingPeriodOn(anchor, day);
        expect(daysBetween(period.start, day)).toBeGreaterThanOrEqual(0);
        expect(daysBetween(day, period.end)).toBeGreaterThan(0);
        expect(period.days).toBeGreaterThanOrEqual(28);
        expect(period.days).toBeLessThanOrEqual(31);
        if (period.start !== previous.start) expect(period.start).toBe(previous.end);
        previous = period;
      }
    }
  });

  it('refuses a day before the subscription starts and dates that do not exist', () => {
    expect(() => billingPeriodOn('2026-02-01', '2026-01-31')).toThrow(RangeError);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('2026-2-3')).toBe(false);
    expect(isIsoDate('2028-02-29')).toBe(true);
  });
});

describe('proration', () => {
  it('charges a share of the period by days, rounded once', () => {
    expect(prorate(3_000, 15, 30)).toBe(1_500);
    expect(prorate(3_300, 10, 31)).toBe(1_065); // 1,064.52
    expect(prorate(1, 1, 2)).toBe(1); // half a cent rounds up
    expect(prorate(999, 0, 30)).toBe(0);
    expect(prorate(999, 30, 30)).toBe(999);
    expect(() => prorate(999, 31, 30)).toThrow(RangeError);
  });

  it('never charges more than the whole price, whatever the days', () => {
    for (let days = 0; days <= 31; days += 1) {
      for (let price = 0; price <= 5_000; price += 37) {
        const part = prorate(price, days, 31);
        expect(part).toBeGreaterThanOrEqual(0);
        expect(part).toBeLessThanOrEqual(price);
        expect(Math.abs(part - (price * days) / 31)).toBeLessThanOrEqual(0.5);
      }
    }
  });

  it('previews an upgrade as the new price less the unused old one for the days left', () => {
    const change = prorateChange('2026-11-01', '2026-11-16', 3_300, 6_500);
    expect(change.period).toEqual({ start: '2026-11-01', end: '2026-12-01', days: 30 });
    expect(change.daysLeft).toBe(15);
    expect(change.credit).toBe(1_650);
    expect(change.charge).toBe(3_250);
    expect(change.net).toBe(1_600);
  });

  it('previews a downgrade as a credit', () => {
    const change = prorateChange('2026-10-31', '2026-11-20', 6_500, 3_300);
    expect(change.period.start).toBe('2026-10-31');
    expect(change.period.end).toBe('2026-11-30');
    expect(change.daysLeft).toBe(10);
    expect(change.net).toBeLessThan(0);
    expect(change.net).toBe(prorate(3_300, 10, 30) - prorate(6_500, 10, 30));
  });

  it('charges nothing for a change on the first day of a period beyond the new price', () => {
    const change = prorateChange('2026-11-01', '2026-12-01', 3_300, 6_500);
    expect(change.daysLeft).toBe(31);
    expect(change.net).toBe(3_200);
  });
});
