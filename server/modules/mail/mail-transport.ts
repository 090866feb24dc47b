import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

/** A small file sent with a message, such as a calendar invitation or an invoice. */
export interface MailAttachment {
  filename: string;
  /** 'text/calendar; method=PUBLISH' */
  contentType: string;
  /** The text itself, or with encoding 'base64' the bytes of a binary file such as a PDF. */
  content: string;
  encoding?: 'base64';
}

/** One message as the transport sends it. */
export interface MailMessage {
  /** The outbox id: names the mailbox file and makes the Message-ID. */
  id: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  attachments: readonly MailAttachment[];
  /** Stable per outbox row, so a message sent twice after a crash is one message to clients. */
  messageId: string;
}

export interface MailTransport {
  /** Where messages go, for the start-up log (never the SMTP password). */
  readonly description: string;
  send(message: MailMessage): Promise<void>;
  close(): void;
}

function mailOptions(message: MailMessage) {
  return {
    from: message.from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: message.headers,
    attachments: message.attachments.map((attachment) => ({ ...attachment })),
    messageId: message.messageId,
  };
}

/** Sends through an SMTP server (SMTP_URL, e.g. smtp://user:pass@mail.example:587). */
export function smtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  const url = new URL(smtpUrl);
  return {
    description: `SMTP ${url.protocol}//${url.host}`,
    async send(message) {
      await transporter.sendMail(mailOptions(message));
    },
    close() {
      transporter.close();
    },
  };
}

/**
 * The embedded default's mailbox: a Maildir under `directory` (new/, cur/, tmp/), each message
 * one RFC 822 file named after its outbox id. A file is written in tmp/ and then renamed into
 * new/, so a reader never sees half a message, and sending the same message again replaces
 * the file instead of adding a second one.
 */
export function mailboxTransport(directory: string): MailTransport {
  const builder = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  let prepared: Promise<void> | undefined;
  const prepare = () => {
    prepared ??= Promise.all(
      ['tmp', 'new', 'cur'].map((folder) => mkdir(join(directory, folder), { recursive: true })),
    ).then(() => undefined);
    return prepared;
  };
  return {
    description: `local mailbox ${join(directory, 'new')}`,
    async send(message) {
      await prepare();
      const info = await builder.sendMail(mailOptions(message));
      const fileName = `${message.id}.eml`;
      const temporary = join(directory, 'tmp', fileName);
      await writeFile(temporary, info.message as Buffer);
      await rename(temporary, join(directory, 'new', fileName));
    },
    close() {
      builder.close();
    },
  };
}
