import { describe, expect, it } from 'vitest';
import {
  calendarDateTime,
  calendarFileName,
  escapeText,
  foldLine,
  sessionCalendar,
} from './calendar.ts';

describe('calendar text (RFC 5545)', () => {
  it('writes UTC date-times', () => {
    expect(calendarDateTime(new Date('2027-02-03T14:05:09.123Z'))).toBe('20270203T140509Z');
  });

  it('escapes backslashes, semicolons, commas and line breaks', () => {
    expect(escapeText('a\\b;c,d\r\ne\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('folds lines at 75 octets, never inside a character', () => {
    const folded = foldLine(`DESCRIPTION:${'é'.repeat(80)}`);
    for (const line of folded.split('\r\n')) {
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    }
    expect(
      folded
        .split('\r\n')
        .slice(1)
        .every((line) => line.startsWith(' ')),
    ).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(`DESCRIPTION:${'é'.repeat(80)}`);
  });

  it('leaves short lines alone', () => {
    expect(foldLine('SUMMARY:short')).toBe('SUMMARY:short');
  });
});

describe('sessionCalendar', () => {
  const file = sessionCalendar(
    {
      uid: 'a0S1@help.example',
      title: 'Bank rules; masterclass',
      description: 'Line one\nLine two',
      startsAt: '2027-01-13T02:00:00.000Z',
      durationMinutes: 45,
      location: 'Singapore, level 3',
      url: 'https://learn.example/student/activity/W-1',
    },
    new Date('2026-11-21T00:00:00Z'),
  );

  it('is one event between VCALENDAR lines ending in CRLF', () => {
    expect(file.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:')).toBe(true);
    expect(file.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    expect(file.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('starts and ends at the session times, in UTC', () => {
    expect(file).toContain('\r\nDTSTART:20270113T020000Z\r\n');
    expect(file).toContain('\r\nDTEND:20270113T024500Z\r\n');
    expect(file).toContain('\r\nDTSTAMP:20261121T000000Z\r\n');
    expect(file).toContain('\r\nUID:a0S1@help.example\r\n');
  });

  it('escapes the texts', () => {
    expect(file).toContain('SUMMARY:Bank rules\\; masterclass');
    expect(file).toContain('DESCRIPTION:Line one\\nLine two');
    expect(file).toContain('LOCATION:Singapore\\, level 3');
  });

  it('leaves LOCATION out for an online session', () => {
    const online = sessionCalendar(
      {
        uid: 'u',
        title: 't',
        description: 'd',
        startsAt: '2027-01-01T00:00:00Z',
        durationMinutes: 1,
        location: undefined,
        url: 'https://x',
      },
      new Date(),
    );
    expect(online).not.toContain('LOCATION');
  });
});

describe('calendarFileName', () => {
  it('is the title in lower-case words', () => {
    expect(calendarFileName("What's new in Ledgerleaf?")).toBe('what-s-new-in-ledgerleaf.ics');
    expect(calendarFileName('!!!')).toBe('session.ics');
  });

  it('keeps an accented letter as its letter, in one word', () => {
    expect(calendarFileName('Résumé of the café’s year')).toBe('resume-of-the-cafe-s-year.ics');
  });
});
