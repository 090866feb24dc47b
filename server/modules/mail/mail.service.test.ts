import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { SelectQueryNode, type KyselyPlugin, type QueryId } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TestClock } from '~tests/support/clock.ts';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { claimOutboxRow, listOutbox } from './mail.repository.ts';
import {
  deliverDueMail,
  queueMail,
  retryDelayMs,
  mailDelivery,
  writeOnceReachable,
  type MailTransport,
  type OutgoingMail,
} from './mail.service.ts';
import { mailboxTransport, smtpTransport } from './mail-transport.ts';

interface Received {
  from: string;
  to: string[];
  data: string;
}

/** A real SMTP server on loopback that keeps what it receives. */
async function startReceiver(): Promise<{
  url: string;
  received: Received[];
  close(): Promise<void>;
}> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((to) => to.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const message = (n: number): OutgoingMail => ({
  eventKey: `test:${n}`,
  to: `"Reader ${n}" <reader${n}@example.com>`,
  subject: `Message ${n}`,
  text: `Body ${n}`,
  html: `<p>Body ${n}</p>`,
  headers: { 'List-Unsubscribe': `<http://portal.test/s/unsubscribe-topic?token=t${n}>` },
});

const settings = { from: 'Community <community@portal.test>', messageIdDomain: 'portal.test' };

describeEachDialect('mail outbox', (database) => {
  const db = () => database().db;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let smtp: MailTransport;

  beforeAll(async () => {
    receiver = await startReceiver();
    smtp = smtpTransport(receiver.url);
  });
  afterAll(async () => {
    smtp.close();
    await receiver.close();
  });
  beforeEach(async () => {
    await db().deleteFrom('mail_outbox').execute();
    receiver.received.length = 0;
  });

  it('queues nothing when the event’s transaction rolls back', async () => {
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await queueMail(trx, [message(1)], new Date());
          throw new Error('the event failed');
        }),
    ).rejects.toThrow('the event failed');
    expect(await listOutbox(db())).toEqual([]);
  });

  it('queues an event once per recipient, however often it is told', async () => {
    await queueMail(db(), [message(1)], new Date());
    await queueMail(db(), [message(1)], new Date());
    expect(await listOutbox(db())).toHaveLength(1);
  });

  it('sends through SMTP and marks each message sent once', async () => {
    await queueMail(db(), [message(1), message(2)], new Date());
    expect(await deliverDueMail(db(), smtp, settings)).toEqual({ sent: 2, failed: 0 });
    expect(await deliverDueMail(db(), smtp, settings)).toEqual({ sent: 0, failed: 0 });
    expect(receiver.received.map((mail) => mail.to).sort()).toEqual([
      ['reader1@example.com'],
      ['reader2@example.com'],
    ]);
    const first = receiver.received.find((mail) => mail.to[0] === 'reader1@example.com');
    expect(first?.from).toBe('community@portal.test');
    expect(first?.data).toContain('Subject: Message 1');
    expect(first?.data).toContain(
      'List-Unsubscribe: <http://portal.test/s/unsubscribe-topic?token=t1>',
    );
    const rows = await listOutbox(db());
    const firstRow = rows.find((row) => row.recipient.includes('reader1@'));
    expect(first?.data).toContain(`Message-ID: <${firstRow?.id}@portal.test>`);
    expect(rows.every((row) => row.sent_at !== null && row.claim_token === null)).toBe(true);
  });

  it('never sends a message twice when two senders run at once', async () => {
    await queueMail(db(), [1, 2, 3, 4, 5].map(message), new Date());
    const [a, b] = await Promise.all([
      deliverDueMail(db(), smtp, settings),
      deliverDueMail(db(), smtp, settings),
    ]);
    expect(a.sent + b.sent).toBe(5);
    expect(receiver.received).toHaveLength(5);
  });

  it('takes over a message whose sender died once its claim runs out', async () => {
    const clock = new TestClock(Date.now());
    await queueMail(db(), [message(1)], clock.now());
    const [row] = await listOutbox(db());
    // A sender claimed it and crashed before sending.
    await claimOutboxRow(db(), row?.id ?? '', {
      token: 'dead-sender',
      now: clock.now().toISOString(),
      until: new Date(clock.nowMs() + 60_000).toISOString(),
    });
    expect(await deliverDueMail(db(), smtp, { ...settings, clock })).toEqual({
      sent: 0,
      failed: 0,
    });
    clock.advance(61_000);
    expect(await deliverDueMail(db(), smtp, { ...settings, clock })).toEqual({
      sent: 1,
      failed: 0,
    });
    expect(receiver.received).toHaveLength(1);
  });

  it('gives back a claim whose answer the database lost, so the next run sends the message', async () => {
    await queueMail(db(), [message(1)], new Date());
    // The claim is written, then the database goes away before the row is read back: the
    // second select of a run (the first lists what is due) fails.
    const failing = new Set<QueryId>();
    let selects = 0;
    const lostAnswer: KyselyPlugin = {
      transformQuery({ node, queryId }) {
        if (SelectQueryNode.is(node) && ++selects === 2) failing.add(queryId);
        return node;
      },
      transformResult({ result, queryId }) {
        if (failing.has(queryId)) {
          return Promise.reject(
            Object.assign(new Error('terminating connection'), { code: '57P01' }),
          );
        }
        return Promise.resolve(result);
      },
    };
    await expect(deliverDueMail(db().withPlugin(lostAnswer), smtp, settings)).rejects.toThrow(
      'terminating connection',
    );
    expect(await listOutbox(db())).toMatchObject([
      { claim_token: null, claimed_until: null, attempts: 0, sent_at: null },
    ]);
    expect(await deliverDueMail(db(), smtp, settings)).toEqual({ sent: 1, failed: 0 });
    expect(receiver.received).toHaveLength(1);
  });

  it('retries a failed message later and gives up after the last attempt', async () => {
    const clock = new TestClock(Date.now());
    const start = clock.nowMs();
    await queueMail(db(), [message(1)], clock.now());
    const broken: MailTransport = {
      description: 'broken',
      send: () => Promise.reject(new Error('connection refused')),
      close: () => {},
    };
    const deliver = (more: { maxAttempts?: number } = {}) =>
      deliverDueMail(db(), broken, { ...settings, ...more, clock });
    expect(await deliver()).toEqual({ sent: 0, failed: 1 });
    let [row] = await listOutbox(db());
    expect(row).toMatchObject({ attempts: 1, last_error: 'connection refused', failed_at: null });
    expect(Date.parse(row?.available_at ?? '')).toBe(start + retryDelayMs(1));
    clock.advance(retryDelayMs(1) - 1);
    expect(await deliver()).toEqual({ sent: 0, failed: 0 });
    clock.set(start + 2 * 60 * 60 * 1000);
    await deliver({ maxAttempts: 2 });
    [row] = await listOutbox(db());
    expect(row?.failed_at).not.toBeNull();
  });

  describe('the local mailbox', () => {
    let directory = '';
    beforeAll(async () => {
      directory = await mkdtemp(join(tmpdir(), 'mailbox-'));
    });
    afterAll(async () => {
      await rm(directory, { recursive: true, force: true });
    });

    it('writes one .eml file per message into new/, and the same file on a resend', async () => {
      const mailbox = mailboxTransport(directory);
      await queueMail(db(), [message(7)], new Date());
      await deliverDueMail(db(), mailbox, settings);
      const [row] = await listOutbox(db());
      const fileName = `${row?.id}.eml`;
      expect(await readdir(join(directory, 'new'))).toEqual([fileName]);
      const text = await readFile(join(directory, 'new', fileName), 'utf8');
      expect(text).toContain('Subject: Message 7');
      expect(text).toContain('To: Reader 7 <reader7@example.com>');
      await mailbox.send({
        id: row?.id ?? '',
        ...settings,
        to: 'reader7@example.com',
        subject: 'Message 7',
        text: 'Body 7',
        html: '<p>Body 7</p>',
        headers: {},
        attachments: [],
        messageId: `<${row?.id}@portal.test>`,
      });
      expect(await readdir(join(directory, 'new'))).toEqual([fileName]);
      expect(await readdir(join(directory, 'tmp'))).toEqual([]);
      mailbox.close();
    });

    it('sends a queued attachment with the message', async () => {
      const mailbox = mailboxTransport(directory);
      const calendar = 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n';
      await queueMail(
        db(),
        [
          {
            ...message(9),
            attachments: [
              {
                filename: 'call.ics',
                contentType: 'text/calendar; method=PUBLISH',
                content: calendar,
              },
            ],
          },
        ],
        new Date(),
      );
      await deliverDueMail(db(), mailbox, settings);
      const row = (await listOutbox(db())).find((each) => each.subject === 'Message 9');
      const text = await readFile(join(directory, 'new', `${row?.id}.eml`), 'utf8');
      expect(text).toContain('Content-Type: text/calendar; method=PUBLISH; name=call.ics');
      expect(text).toContain('filename=call.ics');
      mailbox.close();
    });

    it('sends a binary attachment queued as base64 byte for byte', async () => {
      const mailbox = mailboxTransport(directory);
      const bytes = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0x00, 0xff, 0x10]);
      await queueMail(
        db(),
        [
          {
            ...message(10),
            attachments: [
              {
                filename: 'invoice.pdf',
                contentType: 'application/pdf',
                content: bytes.toString('base64'),
                encoding: 'base64',
              },
            ],
          },
        ],
        new Date(),
      );
      await deliverDueMail(db(), mailbox, settings);
      const row = (await listOutbox(db())).find((each) => each.subject === 'Message 10');
      const parsed = await simpleParser(await readFile(join(directory, 'new', `${row?.id}.eml`)));
      expect(parsed.attachments[0]?.contentType).toBe('application/pdf');
      expect(parsed.attachments[0]?.content.equals(bytes)).toBe(true);
      mailbox.close();
    });

    it('delivers what is queued through the configured mailbox, once', async () => {
      const delivery = mailDelivery(db(), {
        mail: { from: settings.from },
        dataDir: directory,
        siteUrl: 'http://portal.test',
      });
      await queueMail(db(), [message(8)], new Date());
      expect(await delivery.deliverDue()).toEqual({ sent: 1, failed: 0 });
      expect(await delivery.deliverDue()).toEqual({ sent: 0, failed: 0 });
      delivery.close();
      expect(delivery.description).toBe(`local mailbox ${join(directory, 'mail', 'new')}`);
      expect(await readdir(join(directory, 'mail', 'new'))).toHaveLength(1);
    });
  });
});

describe('recording a sent message', () => {
  it('keeps trying while the database is away, so the message is not sent again', async () => {
    let calls = 0;
    await writeOnceReachable(async () => {
      calls += 1;
      if (calls < 3) throw Object.assign(new Error('terminating connection'), { code: '57P01' });
    });
    expect(calls).toBe(3);
  });
});
