import { randomBytes } from 'node:crypto';
import { beforeEach, expect, it } from 'vitest';
import { CODE_REFUSED } from '~core/contact';
import { testConfig } from '~tests/support/config.ts';
import { describeEachDialect } from '~tests/support/dialects.ts';
import {
  caseFollowKey,
  caseReplySettings,
  getFollowedCase,
  receiveCaseReply,
  replyToFollowedCase,
} from '~server/modules/cases';
import { builtInIssuer, NO_USER_DATA, saveUser } from '~server/modules/identity';
import { listOutbox } from '~server/modules/mail';
import {
  checkEmailCode,
  purgeExpiredCodes,
  raiseCaseWithProof,
  requestEmailCode,
  type GuestHelpContext,
} from './index.ts';

const SITE = 'http://portal.test';
const T0 = new Date('2026-11-26T09:00:00.000Z');
const config = testConfig({ SITE_URL: SITE, CASE_REPLY_ADDRESS: 'cases@reply.portal.test' });
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

describeEachDialect('sign-in and MFA help without an account', (database) => {
  const context = (now = T0): GuestHelpContext => ({
    db: database().db,
    now,
    siteUrl: SITE,
    brand: 'Ledgerleaf',
    codeKey: randomKey,
    followKey: caseFollowKey(config),
    replies: caseReplySettings(config),
  });
  const randomKey = randomBytes(32);
  let network = 0;
  /** Each test asks from a network address of its own, so only the limit under test counts. */
  const ip = () => `192.0.2.${network}`;

  beforeEach(async () => {
    network += 1;
    const { db } = database();
    for (const table of [
      'support_case_message',
      'support_case',
      'mail_outbox',
      'contact_email_code',
    ] as const)
      await db.deleteFrom(table).execute();
    await db.deleteFrom('rate_limit_window').execute();
  });

  const mailedCode = async (to: string) => {
    const mails = (await listOutbox(database().db)).filter((mail) => mail.recipient === to);
    const code = /is (\d{6})\./.exec(mails.at(-1)?.text_body ?? '')?.[1];
    if (!code) throw new Error(`no code mailed to ${to}`);
    return code;
  };

  const prove = async (email: string, flow: 'sign-in-help' | 'mfa-help' = 'sign-in-help') => {
    await requestEmailCode(context(), { flow, email, networkAddress: ip() });
    const outcome = await checkEmailCode(context(), {
      flow,
      email,
      code: await mailedCode(email.toLowerCase()),
      networkAddress: ip(),
    });
    if (outcome.kind !== 'proved') throw new Error(outcome.message);
    return outcome.proof;
  };

  const problem = {
    subject: 'Locked out',
    description: 'The sign-in page says my password is wrong.',
    topicTitle: null,
  };

  it('mails a code that proves the address, stored only as a hash', async () => {
    const sent = await requestEmailCode(context(), {
      flow: 'sign-in-help',
      email: ' Guest@Example.com ',
      networkAddress: ip(),
    });
    expect(sent).toEqual({ kind: 'sent', email: 'guest@example.com' });
    const code = await mailedCode('guest@example.com');
    const row = await database()
      .db.selectFrom('contact_email_code')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(row.code_hash).not.toContain(code);
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    const outcome = await checkEmailCode(context(at(9)), {
      flow: 'sign-in-help',
      email: 'guest@example.com',
      code,
      networkAddress: ip(),
    });
    expect(outcome).toMatchObject({ kind: 'proved', email: 'guest@example.com' });
    // A code works once, and only for its own flow.
    expect(
      await checkEmailCode(context(at(9)), {
        flow: 'sign-in-help',
        email: 'guest@example.com',
        code,
        networkAddress: ip(),
      }),
    ).toMatchObject({ kind: 'invalid', message: CODE_REFUSED });
  });

  it('refuses a code after 10 minutes, after 5 wrong tries, and for another flow', async () => {
    await requestEmailCode(context(), {
      flow: 'sign-in-help',
      email: 'late@example.com',
      networkAddress: ip(),
    });
    const code = await mailedCode('late@example.com');
    const check = (now: Date, typed: string, flow: 'sign-in-help' | 'mfa-help' = 'sign-in-help') =>
      checkEmailCode(context(now), {
        flow,
        email: 'late@example.com',
        code: typed,
        networkAddress: ip(),
      });
    expect(await check(at(1), code, 'mfa-help')).toMatchObject({ kind: 'invalid' });
    expect(await check(at(10), code)).toMatchObject({ kind: 'invalid', message: CODE_REFUSED });

    await requestEmailCode(context(at(11)), {
      flow: 'sign-in-help',
      email: 'late@example.com',
      networkAddress: ip(),
    });
    const second = await mailedCode('late@example.com');
    const wrong = second === '000000' ? '111111' : '000000';
    for (let index = 0; index < 5; index += 1)
      expect(await check(at(12), wrong)).toMatchObject({ kind: 'invalid', field: 'code' });
    expect(await check(at(12), second)).toMatchObject({ kind: 'invalid', message: CODE_REFUSED });
    expect(await check(at(12), '12345')).toMatchObject({
      kind: 'invalid',
      field: 'code',
      message: 'Type the 6 digits of the code.',
    });
  });

  it('mails an address at most 3 codes an hour however many are asked for, and limits a network address', async () => {
    const asks = await Promise.all(
      Array.from({ length: 8 }, () =>
        requestEmailCode(context(), {
          flow: 'sign-in-help',
          email: 'flood@example.com',
          networkAddress: ip(),
        }),
      ),
    );
    expect(asks.filter((ask) => ask.kind === 'sent')).toHaveLength(3);
    expect(asks.filter((ask) => ask.kind === 'limited')).toHaveLength(5);
    expect(
      (await listOutbox(database().db)).filter((mail) => mail.recipient === 'flood@example.com'),
    ).toHaveLength(3);

    const fromOneNetwork = [];
    for (let index = 0; index < 12; index += 1)
      fromOneNetwork.push(
        await requestEmailCode(context(), {
          flow: 'mfa-help',
          email: `someone${index}@example.com`,
          networkAddress: '198.51.100.7',
        }),
      );
    expect(fromOneNetwork.filter((ask) => ask.kind === 'sent')).toHaveLength(10);
    expect(
      await requestEmailCode(context(at(61)), {
        flow: 'mfa-help',
        email: 'someone@example.com',
        networkAddress: '198.51.100.7',
      }),
    ).toMatchObject({ kind: 'sent' });
  });

  it('refuses an address that breaks the e-mail rule, at the field', async () => {
    expect(
      await requestEmailCode(context(), {
        flow: 'sign-in-help',
        email: 'not-an-address',
        networkAddress: ip(),
      }),
    ).toMatchObject({
      kind: 'invalid',
      field: 'email',
    });
    expect(await listOutbox(database().db)).toHaveLength(0);
  });

  it('raises one case owned by the address for a form sent twice, followed by its signed link, answered by e-mail', async () => {
    const proof = await prove('guest@example.com');
    const request = { flow: 'sign-in-help' as const, proof, networkAddress: ip(), ...problem };
    const [first, second] = await Promise.all([
      raiseCaseWithProof(context(at(1)), request),
      raiseCaseWithProof(context(at(1)), request),
    ]);
    expect(first).toMatchObject({ kind: 'raised', email: 'guest@example.com' });
    expect(second).toEqual(first);
    const rows = await database().db.selectFrom('support_case').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      owner_id: null,
      owner_email: 'guest@example.com',
      queue: 'customer',
      status: 'new',
    });

    const confirmation = (await listOutbox(database().db)).find((mail) =>
      mail.event_key.startsWith('case-raised:'),
    );
    const link = /http:\/\/portal\.test\/s\/contact-support-login\?case=([^\s"]+)/.exec(
      confirmation?.text_body ?? '',
    );
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link?.[1] ?? '');
    const followed = await getFollowedCase({ ...context(at(2)) }, token);
    expect(followed).toMatchObject({ subject: 'Locked out', mayReply: true });
    await expect(
      getFollowedCase(context(at(2)), `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`),
    ).rejects.toThrow();

    const headers = JSON.parse(confirmation?.headers ?? '{}') as Record<string, string>;
    const replyTo = headers['Reply-To'] ?? '';
    const root = headers['In-Reply-To'] ?? '';
    const raw = Buffer.from(
      [
        `From: guest@example.com`,
        `To: ${replyTo}`,
        'Subject: Re: case',
        'Message-ID: <r1@mail.example>',
        `In-Reply-To: ${root}`,
        '',
        'It still fails.',
      ].join('\r\n'),
    );
    const stored = await receiveCaseReply(
      { ...context(at(3)), attachmentsDir: config.caseAttachmentsDir },
      raw,
    );
    expect(stored, JSON.stringify([stored, confirmation?.headers])).toMatchObject({
      outcome: 'stored',
    });
    expect(
      (await getFollowedCase(context(at(4)), token)).messages.map((m) => m.authorName),
    ).toEqual(['You']);
    // Someone else writing to the same reply address is refused.
    const stranger = Buffer.from(
      [
        `From: stranger@example.com`,
        `To: ${replyTo}`,
        'Subject: Re: case',
        'Message-ID: <r2@mail.example>',
        '',
        'Hi',
      ].join('\r\n'),
    );
    expect(
      await receiveCaseReply(
        { ...context(at(3)), attachmentsDir: config.caseAttachmentsDir },
        stranger,
      ),
    ).toMatchObject({ outcome: 'refused' });

    // A reply sent twice from the follow page (a double click, a resend) is stored once.
    const reply = { body: 'Here is a screenshot of the error.', idempotencyKey: 'page-1-reply' };
    const replies = await Promise.all([
      replyToFollowedCase(context(at(5)), token, reply),
      replyToFollowedCase(context(at(5)), token, reply),
    ]);
    expect(replies[1]).toEqual(replies[0]);
    const bodies = (await getFollowedCase(context(at(6)), token)).messages.length;
    expect(bodies).toBe(2);
    await replyToFollowedCase(context(at(7)), token, { ...reply, idempotencyKey: 'page-2-reply' });
    expect((await getFollowedCase(context(at(8)), token)).messages).toHaveLength(3);
  });

  it('files an MFA case in the identity queue, high priority, with the answers as an internal note', async () => {
    const proof = await prove('holder@example.com', 'mfa-help');
    const outcome = await raiseCaseWithProof(context(at(1)), {
      flow: 'mfa-help',
      proof,
      networkAddress: ip(),
      ...problem,
      internalNote: 'Answers: Kiwi Books Ltd',
    });
    expect(outcome).toMatchObject({ kind: 'raised' });
    const row = await database()
      .db.selectFrom('support_case')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      queue: 'identity',
      impact: 'whole-business',
      category_id: 'multi-factor-authentication',
    });
    const note = await database()
      .db.selectFrom('support_case_message')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(note).toMatchObject({
      visibility: 'internal',
      author_id: null,
      body: 'Answers: Kiwi Books Ltd',
    });
    // The follow page shows only the public conversation.
    const mails = await listOutbox(database().db);
    const token = decodeURIComponent(
      /\?case=([^\s"]+)/.exec(
        mails.find((m) => m.event_key.startsWith('case-raised:'))?.text_body ?? '',
      )?.[1] ?? '',
    );
    expect((await getFollowedCase(context(at(2)), token)).messages).toEqual([]);
  });

  it('answers and mails the same whether or not an account has the address', async () => {
    await saveUser(
      database().db,
      {
        issuer: builtInIssuer(SITE),
        subject: 'holder',
        email: 'holder@example.com',
        firstName: 'Hana',
        lastName: 'Holder',
      },
      NO_USER_DATA,
    );
    const journey = async (email: string) => {
      const sent = await requestEmailCode(context(), {
        flow: 'mfa-help',
        email,
        networkAddress: ip(),
      });
      const code = await mailedCode(email);
      const checked = await checkEmailCode(context(), {
        flow: 'mfa-help',
        email,
        code,
        networkAddress: ip(),
      });
      if (checked.kind !== 'proved') throw new Error('not proved');
      const raised = await raiseCaseWithProof(context(), {
        flow: 'mfa-help',
        proof: checked.proof,
        networkAddress: ip(),
        ...problem,
      });
      const mails = (await listOutbox(database().db)).filter((mail) => mail.recipient === email);
      const shape = (text: string) =>
        text
          .replaceAll(email, 'ADDRESS')
          .replace(/case=[^\s"]+/g, 'case=LINK')
          .replace(/\d+/g, 'N');
      return {
        answers: [sent.kind, checked.kind, raised.kind],
        mails: mails
          .map((mail) => ({ subject: shape(mail.subject), text: shape(mail.text_body) }))
          .sort((a, b) => a.subject.localeCompare(b.subject)),
      };
    };
    expect(await journey('holder@example.com')).toEqual(await journey('nobody@example.com'));
  });

  it('purges codes past their 10 minutes and proofs past their 30, keeping the ones still of use', async () => {
    const codes = () =>
      database().db.selectFrom('contact_email_code').select(['email', 'verified_at']).execute();
    await prove('proved@example.com');
    await requestEmailCode(context(), {
      flow: 'sign-in-help',
      email: 'untyped@example.com',
      networkAddress: ip(),
    });
    expect(await purgeExpiredCodes(database().db, at(9))).toBe(0);
    // At 10 minutes the untyped code is spent; the proof given at once lasts until 30.
    expect(await purgeExpiredCodes(database().db, at(10))).toBe(1);
    expect((await codes()).map((row) => row.email)).toEqual(['proved@example.com']);
    expect(await purgeExpiredCodes(database().db, at(29))).toBe(0);
    expect(await purgeExpiredCodes(database().db, at(30))).toBe(1);
    expect(await codes()).toEqual([]);
  });
});
