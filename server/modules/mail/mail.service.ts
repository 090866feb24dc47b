import { randomBytes, randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { systemClock, type Clock } from '~server/clock.ts';
import type { Database } from '~server/db/schema.ts';
import * as repository from './mail.repository.ts';
import {
  mailboxTransport,
  smtpTransport,
  type MailAttachment,
  type MailTransport,
} from './mail-transport.ts';

export type { MailAttachment, MailTransport } from './mail-transport.ts';
export type { OutboxRow } from './mail.repository.ts';

/** A message to queue with the event it tells about. */
export interface OutgoingMail {
  /** Unique per event and recipient ('answer:{postId}:{userId}'): queued at most once. */
  eventKey: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  attachments?: readonly MailAttachment[];
}

/**
 * Queues messages in the caller's transaction: they are sent only if the event they tell about
 * is committed, and they survive any crash after that.
 */
export async function queueMail(
  db: Kysely<Database>,
  messages: readonly OutgoingMail[],
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  await repository.insertOutboxRows(
    db,
    messages.map((message) => ({
      id: randomUUID(),
      event_key: message.eventKey,
      recipient: message.to,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html,
      headers: JSON.stringify(message.headers ?? {}),
      attachments: message.attachments?.length ? JSON.stringify(message.attachments) : null,
      created_at: at,
      available_at: at,
      attempts: 0,
    })),
  );
}

export interface DeliverySettings {
  from: string;
  /** The domain of Message-IDs (the site's host). */
  messageIdDomain: string;
  /** Dates claims, leases and retries; a test moves it past a lease or a retry delay. */
  clock?: Clock;
  /** How long a claim holds before another sender may take the message over. */
  leaseMs?: number;
  batchSize?: number;
  /** Attempts before a message is given up (failed_at set). */
  maxAttempts?: number;
}

const DEFAULT_LEASE_MS = 5 * 60 * 1000;
const DEFAULT_BATCH = 20;
const DEFAULT_MAX_ATTEMPTS = 8;

/** Waits before the next attempt: 1, 4, 9 … minutes, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(attempts * attempts, 60) * 60 * 1000;
}

/**
 * Sends what is due, once: each message is claimed before it is sent and marked sent after,
 * so two senders never send the same message and a sender that dies mid-way leaves its
 * messages to be claimed again when the lease ends (at-least-once; the Message-ID stays the
 * same, and the local mailbox rewrites the same file, so a retry never makes a second copy).
 */
export async function deliverDueMail(
  db: Kysely<Database>,
  transport: MailTransport,
  settings: DeliverySettings,
): Promise<{ sent: number; failed: number }> {
  const clock = settings.clock ?? systemClock;
  const leaseMs = settings.leaseMs ?? DEFAULT_LEASE_MS;
  const maxAttempts = settings.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const counts = { sent: 0, failed: 0 };
  const ids = await repository.listDueIds(
    db,
    clock.now().toISOString(),
    settings.batchSize ?? DEFAULT_BATCH,
  );
  for (const id of ids) {
    const claimedAt = clock.now();
    const token = randomBytes(12).toString('hex');
    let row: repository.OutboxRow | undefined;
    try {
      row = await repository.claimOutboxRow(db, id, {
        token,
        now: claimedAt.toISOString(),
        until: new Date(claimedAt.getTime() + leaseMs).toISOString(),
      });
    } catch (error) {
      // The claim may have been written before the database went away (a restart between the
      // update and its answer, or before the row was read back): nothing was sent, so the
      // sender gives its own claim back once it can, or the message would wait out the lease.
      await writeOnceReachable(() => repository.releaseOutboxClaim(db, id, token));
      throw error;
    }
    if (!row) continue;
    try {
      await transport.send({
        id: row.id,
        from: settings.from,
        to: row.recipient,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        headers: JSON.parse(row.headers) as Record<string, string>,
        attachments: row.attachments ? (JSON.parse(row.attachments) as MailAttachment[]) : [],
        messageId: `<${row.id}@${settings.messageIdDomain}>`,
      });
    } catch (error) {
      const failedAt = clock.now();
      await repository.markOutboxFailed(db, row.id, token, {
        error: error instanceof Error ? error.message : String(error),
        now: failedAt.toISOString(),
        retryAt:
          row.attempts >= maxAttempts
            ? null
            : new Date(failedAt.getTime() + retryDelayMs(row.attempts)).toISOString(),
      });
      counts.failed += 1;
      continue;
    }
    // The message has left: failing to record it would send it again when the claim runs out.
    await writeOnceReachable(() =>
      repository.markOutboxSent(db, row.id, token, clock.now().toISOString()),
    );
    counts.sent += 1;
  }
  return counts;
}

/** How long a sender keeps trying to record what it did while the database is away. */
const WRITE_PATIENCE_MS = 60_000;

/**
 * Records what a sender did (sent a message, gave a claim back), tried again until the
 * database answers (a restart takes seconds); only a sender that dies meanwhile leaves the
 * message to its claim's lease.
 */
export async function writeOnceReachable(write: () => Promise<unknown>): Promise<void> {
  const giveUpAt = Date.now() + WRITE_PATIENCE_MS;
  for (;;) {
    try {
      await write();
      return;
    } catch (error) {
      if (Date.now() > giveUpAt) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

export interface MailConfig {
  mail: { smtpUrl?: string; from: string };
  dataDir: string;
  siteUrl: string;
}

/** SMTP when SMTP_URL is set, otherwise the local mailbox DATA_DIR/mail (docs/mail.md). */
export function transportFor(config: MailConfig): MailTransport {
  return config.mail.smtpUrl
    ? smtpTransport(config.mail.smtpUrl)
    : mailboxTransport(join(config.dataDir, 'mail'));
}

export interface MailDelivery {
  /** Sends what is due now; a job runs it every few seconds (server/background-jobs.ts). */
  deliverDue(): Promise<{ sent: number; failed: number }>;
  /** The transport's own description, for the start-up log. */
  description: string;
  close(): void;
}

/** Delivery of the outbox through the configured transport, on the portal's clock. */
export function mailDelivery(
  db: Kysely<Database>,
  config: MailConfig,
  clock: Clock = systemClock,
): MailDelivery {
  const transport = transportFor(config);
  const settings: DeliverySettings = {
    from: config.mail.from,
    messageIdDomain: new URL(config.siteUrl).hostname,
    clock,
  };
  return {
    deliverDue: () => deliverDueMail(db, transport, settings),
    description: transport.description,
    close: () => transport.close(),
  };
}
