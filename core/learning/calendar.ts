import { slugOf } from '../text/index.ts';

/*
 * One learning session as an iCalendar file (RFC 5545), for the 'Add to calendar' download.
 * Times are written in UTC (form #2, 'Z'), so no VTIMEZONE is needed and every calendar shows
 * the session at the right moment in its own zone.
 */

export interface CalendarSession {
  /** Stable across downloads, so importing twice updates the entry instead of adding one. */
  uid: string;
  title: string;
  description: string;
  startsAt: string;
  durationMinutes: number;
  location: string | undefined;
  url: string;
}

export const CALENDAR_PRODUCT_ID = '-//help-portal//learning sessions//EN';

/** RFC 5545 3.3.5 UTC date-time: 20261203T013000Z. */
export function calendarDateTime(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** RFC 5545 3.3.11: backslash, semicolon and comma are escaped; line breaks become \n. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * RFC 5545 3.1: lines longer than 75 octets are folded with CRLF and a space. Breaks fall
 * between characters, never inside a UTF-8 sequence.
 */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const pieces: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = encoder.encode(character).length;
    const limit = pieces.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      pieces.push(current);
      current = '';
      octets = 0;
    }
    current += character;
    octets += size;
  }
  pieces.push(current);
  return pieces.join('\r\n ');
}

export function sessionCalendar(session: CalendarSession, stamp: Date): string {
  const start = new Date(session.startsAt);
  const end = new Date(start.getTime() + session.durationMinutes * 60_000);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${CALENDAR_PRODUCT_ID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${session.uid}`,
    `DTSTAMP:${calendarDateTime(stamp)}`,
    `DTSTART:${calendarDateTime(start)}`,
    `DTEND:${calendarDateTime(end)}`,
    `SUMMARY:${escapeText(session.title)}`,
    `DESCRIPTION:${escapeText(session.description)}`,
    ...(session.location ? [`LOCATION:${escapeText(session.location)}`] : []),
    `URL:${session.url}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** A file name for the download: the title's words, lower case, joined with hyphens. */
export function calendarFileName(title: string): string {
  return `${slugOf(title, 60) || 'session'}.ics`;
}
