import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { testConfig } from '~tests/support/config.ts';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { listOutbox } from '~server/modules/mail';
import { caseWorld, customerCase, SITE, type CaseWorld } from './cases.fixture.ts';
import {
  caseReplySettings,
  getCase,
  INBOUND_REFUSALS,
  raiseCase,
  receiveCaseReply,
  replyToCase,
  startInboundSmtp,
  type InboundSmtp,
} from './index.ts';

const T0 = new Date('2026-03-02T09:00:00.000Z');
const config = testConfig({
  SITE_URL: SITE,
  HOST: '127.0.0.1',
  INBOUND_SMTP_PORT: '0',
  CASE_ATTACHMENTS_DIR: join(tmpdir(), `case-attachments-${process.pid}`),
  CASE_REPLY_ADDRESS: 'cases@reply.portal.test',
});
const replies = caseReplySettings(config);

describeEachDialect('replies to case e-mails', (database) => {
  let world: CaseWorld;
  let smtp: InboundSmtp | undefined;
  let caseId: string;
  let replyTo: string;
  let root: string;

  /** Sends like a customer's mail program would, over SMTP to the listener. */
  const send = (mail: Record<string, unknown>) =>
    createTransport({
      host: '127.0.0.1',
      port: smtp?.port ?? 0,
      secure: false,
      ignoreTLS: true,
    }).sendMail({ from: 'owner@example.com', to: replyTo, subject: 'Re: [Case]', ...mail });
  const messages = async () =>
    (await getCase(world.as('agent'), caseId)).messages.map((m) => [m.authorRole, m.bodyHtml]);

  beforeAll(async () => {
    world = await caseWorld(database().db, T0);
    smtp = await startInboundSmtp(config, database(), { error: console.error });
  });
  afterAll(async () => {
    await smtp?.close();
  });
  beforeEach(async () => {
    const { db } = database();
    await db.deleteFrom('support_case').execute();
    await db.deleteFrom('mail_outbox').execute();
    caseId = (await raiseCase({ ...world.as('owner'), replies }, customerCase(world))).id;
    await replyToCase({ ...world.as('agent'), replies }, caseId, { body: 'Which bank is it?' });
    const mail = (await listOutbox(db)).find((row) => row.event_key.startsWith('case-message:'));
    const headers = JSON.parse(mail?.headers ?? '{}') as Record<string, string>;
    replyTo = headers['Reply-To'] ?? '';
    root = headers.References ?? '';
  });

  it('signs the reply address of every case e-mail', () => {
    expect(replyTo).toMatch(new RegExp(`^cases\\+${caseId}\\.[0-9a-f]{20}@reply\\.portal\\.test$`));
    expect(root).toBe(`<case-${caseId}@portal.test>`);
  });

  it('stores a Gmail reply sent over SMTP as the customer’s message, trimmed, once', async () => {
    const reply = {
      messageId: '<CAF=reply-1@mail.gmail.com>',
      inReplyTo: root,
      references: [root],
      text: [
        'It is Coastal Bank, business account.',
        '',
        'On Mon, 2 Mar 2026 at 10:15, Jordan Lee <support@portal.test> wrote:',
        '> Which bank is it?',
      ].join('\r\n'),
    };
    await send(reply);
    await send(reply);
    expect(await messages()).toEqual([
      ['agent', '<p>Which bank is it?</p>\n'],
      ['customer', '<p>It is Coastal Bank, business account.</p>\n'],
    ]);
    expect((await getCase(world.as('owner'), caseId)).status).toBe('open');
  });

  it('finds the case by its thread root when the reply address is lost (forwarded, retyped)', async () => {
    await send({
      to: 'cases@reply.portal.test',
      references: [`<other@mail.example>`, root],
      text: 'Any news?',
    });
    expect((await messages()).at(-1)).toEqual(['customer', '<p>Any news?</p>\n']);
  });

  it('refuses, with the reason, senders not on the case, unknown cases, forged addresses and empty replies', async () => {
    await expect(send({ from: 'stranger@example.com', text: 'Let me in' })).rejects.toThrow(
      INBOUND_REFUSALS.notOnCase,
    );
    const forged = replyTo.replace(/\.[0-9a-f]{20}@/, `.${'0'.repeat(20)}@`);
    await expect(send({ to: forged, text: 'Hello?' })).rejects.toThrow(INBOUND_REFUSALS.noCase);
    await expect(
      send({
        references: [`<case-${caseId}@elsewhere.example>`],
        to: 'cases@reply.portal.test',
        text: 'Hi',
      }),
    ).rejects.toThrow(INBOUND_REFUSALS.noCase);
    await expect(
      send({ text: 'On Mon, 2 Mar 2026, Jordan Lee <s@portal.test> wrote:\n> Which bank is it?' }),
    ).rejects.toThrow(INBOUND_REFUSALS.empty);
    expect(await messages()).toHaveLength(1);
  });

  it('keeps the attachments of a reply, and refuses one whose file lies about its type', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    await send({
      text: 'The screenshot of the error.',
      attachments: [{ filename: 'error.png', content: png }],
    });
    const stored = await database()
      .db.selectFrom('support_case_attachment')
      .selectAll()
      .where('case_id', '=', caseId)
      .execute();
    expect(stored).toEqual([
      expect.objectContaining({ file_name: 'error.png', content_type: 'image/png', size: 12 }),
    ]);
    expect(await readFile(join(config.caseAttachmentsDir, stored[0]?.id ?? ''))).toEqual(png);

    await expect(
      send({
        text: 'And the invoice.',
        attachments: [{ filename: 'invoice.pdf', content: png }],
      }),
    ).rejects.toThrow('invoice.pdf is a PNG image by its content');
    expect(await messages()).toHaveLength(2);
  });

  it('drops auto-replies and bounces without answering them', async () => {
    await send({ headers: { 'Auto-Submitted': 'auto-replied' }, text: 'I am out of the office.' });
    await send({ headers: { Precedence: 'bulk' }, text: 'Newsletter' });
    expect(await messages()).toHaveLength(1);
    expect((await listOutbox(database().db)).some((m) => m.recipient !== 'owner@example.com')).toBe(
      false,
    );
  });

  it('refuses a reply to a closed case', async () => {
    await database().db.updateTable('support_case').set({ status: 'closed' }).execute();
    await expect(send({ text: 'One more thing' })).rejects.toThrow(INBOUND_REFUSALS.closed);
  });

  it('answers unreadable input without throwing', async () => {
    const outcome = await receiveCaseReply(
      {
        db: database().db,
        siteUrl: SITE,
        now: T0,
        replies,
        attachmentsDir: config.caseAttachmentsDir,
      },
      Buffer.from('not an e-mail at all'),
    );
    expect(outcome.outcome).toBe('refused');
  });
});
