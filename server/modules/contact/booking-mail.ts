import { formatInZone } from '~core/contact';
import { sessionCalendar } from '~core/learning';
import type { OutgoingMail } from '~server/modules/mail';
import type { BookingRow } from './bookings.repository.ts';

/*
 * The mails of a booked call. Each carries the call as an .ics whose UID stays the booking's, so
 * a calendar that imported the first one moves or drops the same entry.
 */

export type BookingEvent = 'booked' | 'moved' | 'cancelled' | 'reminder';

const SUBJECTS: Readonly<Record<BookingEvent, string>> = {
  booked: 'Your call with support is booked',
  moved: 'Your call with support has moved',
  cancelled: 'Your call with support is cancelled',
  reminder: 'Reminder: your call with support is tomorrow',
};

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** A line of the mail as HTML, the booking's link made a link. */
function htmlLine(line: string, manageUrl: string | undefined): string {
  const escaped = escapeHtml(line);
  if (!manageUrl || !line.includes(manageUrl)) return escaped;
  const href = escapeHtml(manageUrl);
  return escaped.replace(href, `<a href="${href}">${href}</a>`);
}

export function bookingMail(
  booking: BookingRow,
  event: BookingEvent,
  links: { manageUrl: string | undefined; host: string; topicLabel: string },
  now: Date,
): OutgoingMail {
  const when = formatInZone(new Date(booking.starts_at), booking.time_zone);
  const lines = [
    `Hello ${booking.name},`,
    '',
    event === 'cancelled'
      ? `Your call about "${links.topicLabel}" on ${when} is cancelled.`
      : `We will call you about "${links.topicLabel}" on ${when}.`,
    ...(links.manageUrl && event !== 'cancelled'
      ? ['', `To move or cancel the call: ${links.manageUrl}`]
      : []),
    ...(event === 'reminder'
      ? ['', 'The link to move or cancel the call is in the e-mail that confirmed it.']
      : []),
  ];
  const calendar =
    event === 'cancelled'
      ? []
      : [
          {
            filename: 'support-call.ics',
            contentType: 'text/calendar; method=PUBLISH',
            content: sessionCalendar(
              {
                uid: `${booking.id}@${links.host}`,
                title: `Support call: ${links.topicLabel}`,
                description: links.manageUrl
                  ? `To move or cancel the call: ${links.manageUrl}`
                  : 'Your support call',
                startsAt: booking.starts_at,
                durationMinutes:
                  (Date.parse(booking.ends_at) - Date.parse(booking.starts_at)) / 60_000,
                location: 'Phone',
                url: links.manageUrl ?? `https://${links.host}/`,
              },
              now,
            ),
          },
        ];
  return {
    eventKey: `contact-call:${booking.id}:${event}:${booking.starts_at}`,
    to: `${booking.name.replace(/["\\<>\r\n]/g, '')} <${booking.email}>`,
    subject: SUBJECTS[event],
    text: lines.join('\n'),
    html: lines
      .map((line) => (line === '' ? '' : `<p>${htmlLine(line, links.manageUrl)}</p>`))
      .join('\n'),
    attachments: calendar,
  };
}
