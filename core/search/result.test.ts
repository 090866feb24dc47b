import { describe, expect, it } from 'vitest';
import { rawDate, rawList, rawNumber, rawText } from './result.ts';

describe('reading raw fields', () => {
  it('reads text, trimmed, and numbers as their text; blank or other values are missing', () => {
    expect(rawText({ a: ' x ' }, 'a')).toBe('x');
    expect(rawText({ a: 12 }, 'a')).toBe('12');
    expect(rawText({ a: '  ' }, 'a')).toBeUndefined();
    expect(rawText({ a: ['x'] }, 'a')).toBeUndefined();
    expect(rawText({ a: Number.NaN }, 'a')).toBeUndefined();
    expect(rawText(undefined, 'a')).toBeUndefined();
  });

  it('reads lists, a single text counting as a list of one', () => {
    expect(rawList({ a: ['x', ' ', 'y ', 3] }, 'a')).toEqual(['x', 'y']);
    expect(rawList({ a: 'x' }, 'a')).toEqual(['x']);
    expect(rawList({}, 'a')).toEqual([]);
    expect(rawList(undefined, 'a')).toEqual([]);
  });

  it('reads numbers from numbers or their text', () => {
    expect(rawNumber({ a: 4.5 }, 'a')).toBe(4.5);
    expect(rawNumber({ a: ' 12 ' }, 'a')).toBe(12);
    expect(rawNumber({ a: '' }, 'a')).toBeUndefined();
    expect(rawNumber({ a: 'many' }, 'a')).toBeUndefined();
    expect(rawNumber({ a: Number.POSITIVE_INFINITY }, 'a')).toBeUndefined();
    expect(rawNumber({ a: null }, 'a')).toBeUndefined();
  });

  it('reads dates as ISO text, bare dates at UTC midnight, or milliseconds', () => {
    expect(rawDate({ a: '2026-03-05T10:00:00Z' }, 'a')?.toISOString()).toBe(
      '2026-03-05T10:00:00.000Z',
    );
    expect(rawDate({ a: '2026-03-05' }, 'a')?.toISOString()).toBe('2026-03-05T00:00:00.000Z');
    expect(rawDate({ a: 1772704800000 }, 'a')?.toISOString()).toBe('2026-03-05T10:00:00.000Z');
    expect(rawDate({ a: '1772704800000' }, 'a')?.toISOString()).toBe('2026-03-05T10:00:00.000Z');
    expect(rawDate({ a: 'not a date' }, 'a')).toBeUndefined();
    expect(rawDate({ a: '' }, 'a')).toBeUndefined();
    expect(rawDate({}, 'a')).toBeUndefined();
  });
});
