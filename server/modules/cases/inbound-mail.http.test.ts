import type { FastifyInstance } from 'fastify';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testConfig } from '~tests/support/config.ts';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { buildPortalServer } from '~server/app.ts';
import { listOutbox } from '~server/modules/mail';
import { caseWorld, customerCase, SITE, type CaseWorld } from './cases.fixture.ts';
import { getCase, INBOUND_MAIL_PATH, INBOUND_REFUSALS, raiseCase } from './index.ts';

const SECRET = 'inbound-secret-of-the-mail-provider';

/** A raw RFC 5322 message, as inbound-mail relays post it. */
async function rawMail(fields: Record<string, unknown>): Promise<Buffer> {
  return new MailComposer({ subject: 'Re: [Case]', ...fields }).compile().build();
}

describeEachDialect('the inbound mail webhook', (database) => {
  let app: FastifyInstance;
  let world: CaseWorld;
  let caseId: string;
  const post = (body: Buffer | string, secret = SECRET) =>
    app.inject({
      method: 'POST',
      url: INBOUND_MAIL_PATH,
      headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${secret}` },
      payload: body,
    });

  beforeAll(async () => {
    world = await caseWorld(database().db);
    caseId = (await raiseCase(world.as('owner'), customerCase(world))).id;
    app = await buildPortalServer({
      config: testConfig({ SITE_URL: SITE, INBOUND_MAIL_SECRET: SECRET }),
      database: database(),
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('refuses posts without the shared secret', async () => {
    const response = await post('x', 'a-wrong-secret-of-some-length');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ errorCode: 'INVALID_SECRET' });
    const none = await app.inject({ method: 'POST', url: INBOUND_MAIL_PATH, payload: 'x' });
    expect(none.statusCode).toBe(401);
  });

  it('stores a reply posted raw, once however often it is posted', async () => {
    const raw = await rawMail({
      from: 'Owner Tester <owner@example.com>',
      to: 'cases@reply.portal.test',
      messageId: '<webhook-reply-1@mail.example>',
      references: [`<case-${caseId}@portal.test>`],
      text: 'Coastal Bank.\n\n-- \nOwner Tester',
    });
    const first = await post(raw);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ outcome: 'stored', caseId });
    expect((await post(raw)).json()).toMatchObject({ outcome: 'duplicate' });
    const view = await getCase(world.as('owner'), caseId);
    expect(view.messages.map((m) => m.bodyHtml)).toEqual(['<p>Coastal Bank.</p>\n']);
  });

  it('bounces a refused reply to its sender, with the reason and without the case', async () => {
    const raw = await rawMail({
      from: 'stranger@example.com',
      to: 'cases@reply.portal.test',
      messageId: '<webhook-stranger@mail.example>',
      references: [`<case-${caseId}@portal.test>`],
      text: 'Show me this case',
    });
    const response = await post(raw);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ outcome: 'refused', reason: INBOUND_REFUSALS.notOnCase });
    const bounce = (await listOutbox(database().db)).find(
      (m) => m.recipient === 'stranger@example.com',
    );
    expect(bounce?.text_body).toContain(INBOUND_REFUSALS.notOnCase);
    expect(bounce?.text_body).not.toContain('Bank feed');
    expect(JSON.parse(bounce?.headers ?? '{}')).toMatchObject({ 'Auto-Submitted': 'auto-replied' });
  });

  it('bounds the body', async () => {
    const response = await app.inject({
      method: 'POST',
      url: INBOUND_MAIL_PATH,
      headers: {
        'content-type': 'message/rfc822',
        authorization: `Bearer ${SECRET}`,
        'content-length': String(26 * 1024 * 1024),
      },
      payload: 'x',
    });
    expect(response.statusCode).toBe(413);
  });
});
