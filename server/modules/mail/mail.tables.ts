/*
 * The mail outbox (migration 0008-community). A row is written in the same transaction as the
 * event it tells about; the sender claims it (claim_token, claimed_until), sends it, and marks
 * it sent. A claim whose time ran out (the sender died) is claimed again.
 */
export interface MailOutboxTable {
  id: string;
  /** Unique per event and recipient: a repeated event never queues a second copy. */
  event_key: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  /** JSON object of extra headers (List-Unsubscribe). */
  headers: string;
  /** JSON array of small text attachments (a booking's .ics, migration 0020); null for none. */
  attachments: string | null;
  created_at: string;
  /** Not sent before this time: retries back off. */
  available_at: string;
  claim_token: string | null;
  claimed_until: string | null;
  attempts: number;
  sent_at: string | null;
  /** Set when the message was given up on after too many attempts. */
  failed_at: string | null;
  last_error: string | null;
}

export interface MailTables {
  mail_outbox: MailOutboxTable;
}
