import { describe, expect, it } from 'vitest';
import { scheduleFilter, sessionTimeLabel, upcomingSessions } from './schedule.ts';

describe('sessionTimeLabel (spec 9 dates)', () => {
  it('shows the time in the zone asked for, 12-hour, with the zone', () => {
    const at = '2027-02-03T14:00:00.000Z';
    expect(sessionTimeLabel(at, 'Europe/London')).toBe('Wed, Feb 03, 2027, 2:00 PM GMT');
    expect(sessionTimeLabel(at, 'Australia/Sydney')).toBe('Thu, Feb 04, 2027, 1:00 AM GMT+11');
  });
});

describe('scheduleFilter', () => {
  it('reads a region and a scheduled format', () => {
    expect(scheduleFilter(new URLSearchParams('region=uk&format=webinar'))).toEqual({
      region: 'UK',
      format: 'webinar',
    });
  });

  it('ignores unknown values and formats that have no sessions', () => {
    expect(scheduleFilter(new URLSearchParams('region=XX&format=course'))).toEqual({
      region: undefined,
      format: undefined,
    });
  });
});

describe('upcomingSessions', () => {
  const sessions = [
    {
      sessionId: 'b',
      itemKind: 'webinar' as const,
      region: 'UK' as const,
      startsAt: '2027-01-02T00:00:00.000Z',
    },
    {
      sessionId: 'a',
      itemKind: 'classroom' as const,
      region: 'AU' as const,
      startsAt: '2027-01-01T00:00:00.000Z',
    },
    {
      sessionId: 'c',
      itemKind: 'webinar' as const,
      region: 'UK' as const,
      startsAt: '2026-01-01T00:00:00.000Z',
    },
  ];
  const now = new Date('2026-06-01T00:00:00Z');

  it('keeps sessions still to come, soonest first', () => {
    const all = upcomingSessions(sessions, { region: undefined, format: undefined }, now);
    expect(all.map((s) => s.sessionId)).toEqual(['a', 'b']);
  });

  it('filters by region and by format', () => {
    expect(
      upcomingSessions(sessions, { region: 'UK', format: undefined }, now).map((s) => s.sessionId),
    ).toEqual(['b']);
    expect(
      upcomingSessions(sessions, { region: undefined, format: 'classroom' }, now).map(
        (s) => s.sessionId,
      ),
    ).toEqual(['a']);
  });
});
