import { describe, expect, it } from 'vitest';
import { monthBounds, monthOf, splitIntoMonths } from './days.ts';
import { seededRandom } from './seeded-random.ts';
import { compareCounted, ITEMS_KEPT, keepTopItems } from './top-items.ts';

describe('insight months', () => {
  it('names the month of a day and its first and last day', () => {
    expect(monthOf('2026-11-25')).toBe('2026-11');
    expect(monthBounds('2026-11')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(monthBounds('2026-12')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(monthBounds('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthBounds('2027-02')).toEqual({ from: '2027-02-01', to: '2027-02-28' });
  });

  it('reads a range without a whole month as days', () => {
    expect(splitIntoMonths('2026-10-27', '2026-11-25')).toEqual({
      months: [],
      days: [{ from: '2026-10-27', to: '2026-11-25' }],
    });
    expect(splitIntoMonths('2026-11-01', '2026-11-29')).toEqual({
      months: [],
      days: [{ from: '2026-11-01', to: '2026-11-29' }],
    });
    expect(splitIntoMonths('2026-11-02', '2026-11-30')).toEqual({
      months: [],
      days: [{ from: '2026-11-02', to: '2026-11-30' }],
    });
    expect(splitIntoMonths('2026-11-05', '2026-11-05')).toEqual({
      months: [],
      days: [{ from: '2026-11-05', to: '2026-11-05' }],
    });
  });

  it('reads whole months as months and the days around them as days', () => {
    expect(splitIntoMonths('2026-11-01', '2026-11-30')).toEqual({ months: ['2026-11'], days: [] });
    expect(splitIntoMonths('2026-10-15', '2026-12-10')).toEqual({
      months: ['2026-11'],
      days: [
        { from: '2026-10-15', to: '2026-10-31' },
        { from: '2026-12-01', to: '2026-12-10' },
      ],
    });
    expect(splitIntoMonths('2025-11-26', '2026-11-25')).toEqual({
      months: [
        '2025-12',
        '2026-01',
        '2026-02',
        '2026-03',
        '2026-04',
        '2026-05',
        '2026-06',
        '2026-07',
        '2026-08',
        '2026-09',
        '2026-10',
      ],
      days: [
        { from: '2025-11-26', to: '2025-11-30' },
        { from: '2026-11-01', to: '2026-11-25' },
      ],
    });
    expect(splitIntoMonths('2026-01-01', '2026-03-05')).toEqual({
      months: ['2026-01', '2026-02'],
      days: [{ from: '2026-03-01', to: '2026-03-05' }],
    });
    expect(splitIntoMonths('2026-01-20', '2026-02-28')).toEqual({
      months: ['2026-02'],
      days: [{ from: '2026-01-20', to: '2026-01-31' }],
    });
  });

  it('reads nothing for a range that ends before it starts', () => {
    expect(splitIntoMonths('2026-11-02', '2026-11-01')).toEqual({ months: [], days: [] });
  });
});

describe('insight top items', () => {
  const row = (group: string, item: string, count: number, amount = 0) => ({
    group,
    item,
    count,
    amount,
  });

  it('orders by count, then amount, then item in code point order', () => {
    const rows = [row('a', 'b', 1), row('a', 'B', 1), row('a', 'c', 2), row('a', 'a', 1, 3)];
    expect([...rows].sort(compareCounted).map((entry) => entry.item)).toEqual(['c', 'a', 'B', 'b']);
  });

  it('keeps the largest items of each group and every row of groups not cut', () => {
    const rows = [
      row('a', 'x', 1),
      row('a', 'y', 5),
      row('a', 'z', 3),
      row('b', 'x', 1),
      row('b', 'y', 2),
      row('totals', '', 100),
      row('totals', 'kept', 1),
    ];
    const kept = keepTopItems(
      rows,
      (entry) => entry.group,
      (entry) => entry.group !== 'totals',
      2,
    );
    expect(kept).toEqual([
      row('totals', '', 100),
      row('totals', 'kept', 1),
      row('a', 'y', 5),
      row('a', 'z', 3),
      row('b', 'y', 2),
      row('b', 'x', 1),
    ]);
  });

  it('keeps a hundred items by default', () => {
    const rows = Array.from({ length: 150 }, (_, at) => row('a', `q${at}`, at));
    const kept = keepTopItems(
      rows,
      (entry) => entry.group,
      () => true,
    );
    expect(ITEMS_KEPT).toBe(100);
    expect(kept).toHaveLength(100);
    expect(Math.min(...kept.map((entry) => entry.count))).toBe(50);
  });
});

describe('seeded random numbers', () => {
  it('gives the same numbers for the same seed and others for another', () => {
    const first = Array.from({ length: 5 }, seededRandom(25).next);
    expect(Array.from({ length: 5 }, seededRandom(25).next)).toEqual(first);
    expect(Array.from({ length: 5 }, seededRandom(26).next)).not.toEqual(first);
  });

  it('stays within its bounds and reaches both ends', () => {
    const random = seededRandom(7);
    const numbers = Array.from({ length: 2000 }, () => random.next());
    expect(numbers.every((value) => value >= 0 && value < 1)).toBe(true);
    const whole = new Set(Array.from({ length: 2000 }, () => random.between(2, 5)));
    expect([...whole].sort()).toEqual([2, 3, 4, 5]);
    const picked = new Set(Array.from({ length: 200 }, () => random.pick(['a', 'b', 'c'])));
    expect(picked).toEqual(new Set(['a', 'b', 'c']));
    const heads = Array.from({ length: 4000 }, () => random.chance(0.25)).filter(Boolean).length;
    expect(heads).toBeGreaterThan(800);
    expect(heads).toBeLessThan(1200);
    expect(random.chance(0)).toBe(false);
  });
});
