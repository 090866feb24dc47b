import { describe, expect, it } from 'vitest';
import { bookableSlots, isOfferedSlot, type BookingCalendar } from './booking-slots.ts';
import { callbackWhen } from './callback-window.ts';
import { contactWays } from './contact-ways.ts';
import { openingState, type RegionHours } from './opening-hours.ts';
import { normalisePhone } from './phone.ts';
import { addDays, formatInZone, instantOf, minutesOfDay, wallTime } from './zoned-time.ts';

const weekdays = (open: number, close: number) =>
  Object.fromEntries([1, 2, 3, 4, 5].map((day) => [day, { open, close }]));

const sydney: RegionHours = {
  timeZone: 'Australia/Sydney',
  week: weekdays(9 * 60, 17 * 60),
  holidays: ['2026-12-25', '2026-12-28'],
};

const calendar: BookingCalendar = {
  slotMinutes: 30,
  capacity: 2,
  minimumNoticeMinutes: 120,
  daysAhead: 7,
};

describe('time zones', () => {
  it('reads the wall clock of a zone, daylight saving included', () => {
    // 26 Nov 2026 is summer in Sydney (UTC+11).
    expect(wallTime(new Date('2026-11-26T00:30:00Z'), 'Australia/Sydney')).toEqual({
      date: '2026-11-26',
      weekday: 4,
      minutes: 11 * 60 + 30,
    });
    expect(instantOf('2026-11-26', 9 * 60, 'Australia/Sydney').toISOString()).toBe(
      '2026-11-25T22:00:00.000Z',
    );
    // June is winter there (UTC+10); London is on summer time (UTC+1).
    expect(instantOf('2026-06-01', 9 * 60, 'Australia/Sydney').toISOString()).toBe(
      '2026-05-31T23:00:00.000Z',
    );
    expect(instantOf('2026-06-01', 9 * 60, 'Europe/London').toISOString()).toBe(
      '2026-06-01T08:00:00.000Z',
    );
  });

  it('moves a skipped time on by the gap and takes the first of a repeated one', () => {
    // New York skips 02:00-03:00 on 8 March 2026.
    expect(instantOf('2026-03-08', 2 * 60 + 30, 'America/New_York').toISOString()).toBe(
      '2026-03-08T07:30:00.000Z',
    );
    // Sydney repeats 02:00-03:00 on 5 April 2026: the first is still summer time.
    expect(instantOf('2026-04-05', 2 * 60 + 30, 'Australia/Sydney').toISOString()).toBe(
      '2026-04-04T15:30:00.000Z',
    );
  });

  it('adds days across months and years, and reads HH:MM', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(minutesOfDay('24:00')).toBe(1440);
    expect(minutesOfDay('09:30')).toBe(570);
    expect(minutesOfDay('24:01')).toBeUndefined();
    expect(minutesOfDay('9:30')).toBeUndefined();
  });

  it('formats in the spec style in the visitor zone', () => {
    expect(formatInZone(new Date('2026-11-25T22:00:00Z'), 'Europe/London')).toBe(
      'Wed, Nov 25, 10:00 PM GMT',
    );
  });
});

describe('opening hours', () => {
  it('is open inside the hours and says until when', () => {
    const state = openingState(sydney, new Date('2026-11-26T00:00:00Z')); // Thu 11:00 Sydney
    expect(state).toEqual({ open: true, closesAt: new Date('2026-11-26T06:00:00Z') });
  });

  it('says when it opens: the next morning, after a weekend, after holidays', () => {
    expect(openingState(sydney, new Date('2026-11-26T07:00:00Z'))).toEqual({
      open: false,
      opensAt: new Date('2026-11-26T22:00:00Z'),
    });
    // Saturday 28 Nov → Monday 30 Nov 09:00.
    expect(openingState(sydney, new Date('2026-11-28T01:00:00Z'))).toEqual({
      open: false,
      opensAt: new Date('2026-11-29T22:00:00Z'),
    });
    // Christmas Day (Fri) and the Monday holiday → Tuesday 29 Dec.
    expect(openingState(sydney, new Date('2026-12-24T07:00:00Z'))).toEqual({
      open: false,
      opensAt: new Date('2026-12-28T22:00:00Z'),
    });
  });

  it('is closed at the closing minute and opens at the opening minute', () => {
    expect(openingState(sydney, new Date('2026-11-26T06:00:00Z')).open).toBe(false);
    expect(openingState(sydney, new Date('2026-11-25T22:00:00Z')).open).toBe(true);
  });

  it('has no next opening for a region with no hours', () => {
    expect(openingState({ ...sydney, week: {} }, new Date())).toEqual({
      open: false,
      opensAt: undefined,
    });
  });

  it('offers callbacks by the hours, chat by who is online, the rest always', () => {
    const ways = contactWays(sydney, new Date('2026-11-28T01:00:00Z'), false);
    expect(ways.map((way) => [way.way, way.availability === 'always'])).toEqual([
      ['chat', false],
      ['callback', false],
      ['book-a-call', true],
      ['case', true],
      ['community', true],
    ]);
    expect(ways[0]?.availability).toBe('assistant');
    expect(contactWays(sydney, new Date('2026-11-28T01:00:00Z'), true)[0]?.availability).toBe(
      'agents',
    );
  });
});

describe('booking slots', () => {
  const now = new Date('2026-11-26T00:00:00Z'); // Thu 11:00 Sydney

  it('starts after the minimum notice and fits whole slots inside the hours', () => {
    const slots = bookableSlots(sydney, calendar, now, new Map());
    expect(slots[0]?.startsAt).toBe('2026-11-26T02:00:00.000Z'); // 13:00, two hours on
    const thursday = slots.filter(
      (slot) => wallTime(new Date(slot.startsAt), sydney.timeZone).date === '2026-11-26',
    );
    expect(thursday.at(-1)?.endsAt).toBe('2026-11-26T06:00:00.000Z'); // ends at 17:00
    expect(thursday).toHaveLength(8);
    expect(slots.every((slot) => slot.remaining === 2)).toBe(true);
  });

  it('leaves out weekends, holidays and days beyond the calendar', () => {
    const slots = bookableSlots(sydney, { ...calendar, daysAhead: 40 }, now, new Map());
    const days = new Set(slots.map((slot) => wallTime(new Date(slot.startsAt), sydney.timeZone)));
    const dates = [...days].map((day) => day.date);
    expect(dates).not.toContain('2026-11-28');
    expect(dates).not.toContain('2026-12-25');
    expect(dates).not.toContain('2026-12-28');
    expect([...days].every((day) => day.weekday <= 5)).toBe(true);
    expect(dates.sort().at(-1)! <= '2027-01-05').toBe(true);
  });

  it('counts places taken and drops full slots', () => {
    const first = '2026-11-26T02:00:00.000Z';
    const second = '2026-11-26T02:30:00.000Z';
    const slots = bookableSlots(
      sydney,
      calendar,
      now,
      new Map([
        [first, 2],
        [second, 1],
      ]),
    );
    expect(slots[0]).toMatchObject({ startsAt: second, remaining: 1 });
  });

  it('refuses a start the calendar does not offer', () => {
    expect(isOfferedSlot(sydney, calendar, now, '2026-11-26T02:00:00.000Z')).toBe(true);
    expect(isOfferedSlot(sydney, calendar, now, '2026-11-26T02:10:00.000Z')).toBe(false);
    expect(isOfferedSlot(sydney, calendar, now, '2026-11-26T00:30:00.000Z')).toBe(false);
    expect(isOfferedSlot(sydney, calendar, now, '2026-11-28T00:00:00.000Z')).toBe(false);
  });
});

describe('phone numbers', () => {
  it('reads national numbers in the region and keeps E.164', () => {
    expect(normalisePhone('(02) 9374 4000', 'AU')).toMatchObject({
      ok: true,
      e164: '+61293744000',
    });
    expect(normalisePhone('020 7946 0958', 'UK')).toMatchObject({
      ok: true,
      e164: '+442079460958',
    });
    expect(normalisePhone('+1 212 555 0123', 'ROW')).toMatchObject({
      ok: true,
      e164: '+12125550123',
    });
  });

  it('refuses what cannot be called, with a message', () => {
    expect(normalisePhone('', 'AU')).toMatchObject({ ok: false });
    expect(normalisePhone('12', 'AU')).toMatchObject({ ok: false });
    expect(normalisePhone('020 7946 0958', 'ROW')).toMatchObject({
      ok: false,
      message: expect.stringContaining('country code') as unknown,
    });
    expect(normalisePhone('9'.repeat(41), 'US')).toMatchObject({ ok: false });
  });
});

describe('callback windows', () => {
  const window = { when: 'window', date: '2026-11-27', from: '09:00', to: '11:00' };

  it('takes as soon as possible, or a window that ends after it starts', () => {
    expect(callbackWhen({ when: 'asap', date: '', from: '', to: '' })).toEqual({
      ok: true,
      when: { kind: 'asap' },
    });
    expect(callbackWhen(window)).toMatchObject({ ok: true });
    expect(callbackWhen({ ...window, from: '24:00' })).toMatchObject({ field: 'callbackFrom' });
    expect(callbackWhen({ ...window, to: '08:00' })).toMatchObject({ field: 'callbackTo' });
    expect(callbackWhen({ ...window, date: 'soon' })).toMatchObject({ field: 'callbackDate' });
  });
});
