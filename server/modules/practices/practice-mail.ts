import { plainTextHtml } from '~core/content';
import type { OutgoingMail } from '~server/modules/mail';

/*
 * The practices' e-mails: plain text, with the same text as HTML (links made links by the
 * plain-text renderer the rest of the portal uses for typed text).
 */

export function practiceMail(
  eventKey: string,
  to: string,
  subject: string,
  lines: string[],
): OutgoingMail {
  const text = lines.join('\n');
  return { eventKey, to, subject, text, html: plainTextHtml(text) };
}
