import { plainTextHtml } from '~core/content';
import type { MailAttachment, OutgoingMail } from '~server/modules/mail';

/*
 * The subscriptions' e-mails: plain text, with the same text as HTML (links made links by the
 * renderer the rest of the portal uses for typed text).
 */
export function subscriptionMail(
  eventKey: string,
  to: string,
  subject: string,
  lines: string[],
  attachments?: readonly MailAttachment[],
): OutgoingMail {
  const text = lines.join('\n');
  return {
    eventKey,
    to,
    subject,
    text,
    html: plainTextHtml(text),
    ...(attachments ? { attachments } : {}),
  };
}
