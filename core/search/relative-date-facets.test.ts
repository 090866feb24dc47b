import { describe, expect, it } from 'vitest';
import {
  DATE_INPUT_PATTERN,
  DATE_PATTERN_LETTERS,
  DEFAULT_RELATIVE_DATE_RANGE_IDS,
  RELATIVE_DATE_UNITS,
  parseDateInput,
  parseRelativeDateRangeId,
  relativeDateFacetLabel,
  relativeDateFacetSpan,
  relativeDateRangeId,
  relativeDateRangeLabel,
  relativeDateSpan,
} from './relative-date-facets.ts';

describe('relative date facet labels (spec 9)', () => {
  it.each([
    ['past-1-hour', 'Past hour'],
    ['past-1-day', 'Past day'],
    ['past-1-week', 'Past week'],
    ['past-1-month', 'Past month'],
    ['past-1-quarter', 'Past quarter'],
    ['past-1-year', 'Past year'],
    ['next-1-hour', 'Next hour'],
    ['next-1-day', 'Next day'],
    ['next-1-week', 'Next week'],
    ['next-1-month', 'Next month'],
    ['next-1-quarter', 'Next quarter'],
    ['next-1-year', 'Next year'],
  ])('%s is labelled %s', (id, label) => {
    expect(relativeDateFacetLabel(id)).toBe(label);
  });

  it.each([
    ['past-7-days', 'Past 7 days'],
    ['next-2-weeks', 'Next 2 weeks'],
    ['past-3-hours', 'Past 3 hours'],
    ['past-6-months', 'Past 6 months'],
    ['next-2-quarters', 'Next 2 quarters'],
    ['past-10-years', 'Past 10 years'],
  ])('uses plural forms: %s is %s', (id, label) => {
    expect(relativeDateFacetLabel(id)).toBe(label);
  });

  it('builds ids with the same plural rule, and parses them back', () => {
    for (const unit of RELATIVE_DATE_UNITS) {
      for (const amount of [1, 2, 12]) {
        for (const direction of ['past', 'next'] as const) {
          const range = { direction, amount, unit };
          const id = relativeDateRangeId(range);
          expect(parseRelativeDateRangeId(id)).toEqual(range);
        }
      }
    }
    expect(relativeDateRangeId({ direction: 'past', amount: 7, unit: 'day' })).toBe('past-7-days');
    expect(relativeDateRangeId({ direction: 'next', amount: 1, unit: 'week' })).toBe('next-1-week');
  });

  it.each([
    'past-0-days',
    'past-1-days',
    'past-7-day',
    'past-07-days',
    'last-1-day',
    'past-1-fortnight',
    'Past-1-day',
    'past-1-day ',
    'past-99999-days',
    '',
  ])('rejects %j', (id) => {
    expect(parseRelativeDateRangeId(id)).toBeUndefined();
    expect(relativeDateFacetLabel(id)).toBeUndefined();
    expect(relativeDateFacetSpan(id, new Date())).toBeUndefined();
  });

  it('labels a range given as parts', () => {
    expect(relativeDateRangeLabel({ direction: 'next', amount: 3, unit: 'month' })).toBe(
      'Next 3 months',
    );
  });

  it('offers the past day, week, month, quarter and year by default, all valid', () => {
    expect(DEFAULT_RELATIVE_DATE_RANGE_IDS.map(relativeDateFacetLabel)).toEqual([
      'Past day',
      'Past week',
      'Past month',
      'Past quarter',
      'Past year',
    ]);
  });
});

describe('the span a range covers, relative to now', () => {
  const now = new Date('2026-05-31T15:45:00.000Z');

  it.each([
    ['past-1-hour', '2026-05-31T14:45:00.000Z', '2026-05-31T15:45:00.000Z'],
    ['past-1-day', '2026-05-30T15:45:00.000Z', '2026-05-31T15:45:00.000Z'],
    ['past-7-days', '2026-05-24T15:45:00.000Z', '2026-05-31T15:45:00.000Z'],
    ['past-1-week', '2026-05-24T15:45:00.000Z', '2026-05-31T15:45:00.000Z'],
    ['past-1-month', '2026-04-30T15:45:00.000Z', '2026-05-31T15:45:00.000Z'],
    ['past-1-quarter', '2026-02-28T15:45:00.000Z', '2026-05-31T15:45:00.000Z'],
    ['past-1-year', '2025-05-31T15:45:00.000Z', '2026-05-31T15:45:00.000Z'],
    ['next-2-hours', '2026-05-31T15:45:00.000Z', '2026-05-31T17:45:00.000Z'],
    ['next-1-month', '2026-05-31T15:45:00.000Z', '2026-06-30T15:45:00.000Z'],
    ['next-3-quarters', '2026-05-31T15:45:00.000Z', '2027-02-28T15:45:00.000Z'],
    ['next-1-year', '2026-05-31T15:45:00.000Z', '2027-05-31T15:45:00.000Z'],
  ])('%s runs from %s to %s', (id, from, to) => {
    expect(relativeDateFacetSpan(id, now)).toEqual({ from, to });
  });

  it('keeps month ends within the month, leap years included', () => {
    const leapDay = new Date('2028-02-29T00:00:00.000Z');
    expect(relativeDateSpan({ direction: 'past', amount: 1, unit: 'year' }, leapDay).from).toBe(
      '2027-02-28T00:00:00.000Z',
    );
    expect(
      relativeDateSpan(
        { direction: 'past', amount: 1, unit: 'month' },
        new Date('2028-03-31T00:00:00Z'),
      ).from,
    ).toBe('2028-02-29T00:00:00.000Z');
  });

  it('does not change the now it is given', () => {
    const given = new Date(now.getTime());
    relativeDateFacetSpan('past-1-year', given);
    expect(given.getTime()).toBe(now.getTime());
  });
});

describe('date pattern letters (spec 9)', () => {
  it('are d, m and y, asked for as mm/dd/yyyy', () => {
    expect(DATE_PATTERN_LETTERS).toEqual({ day: 'd', month: 'm', year: 'y' });
    expect(DATE_INPUT_PATTERN).toBe('mm/dd/yyyy');
  });

  it.each([
    ['03/05/2026', '2026-03-05'],
    ['3/5/2026', '2026-03-05'],
    [' 12/31/2025 ', '2025-12-31'],
    ['02/29/2028', '2028-02-29'],
  ])('reads %j as %s', (text, iso) => {
    expect(parseDateInput(text)).toBe(iso);
  });

  it.each(['02/29/2026', '13/01/2026', '00/10/2026', '04/31/2026', '2026-03-05', '3/5/26', ''])(
    'rejects %j',
    (text) => {
      expect(parseDateInput(text)).toBeUndefined();
    },
  );
});
