import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { preferenceLinkPayload } from '~core/consent';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { testConfig } from '~tests/support/config.ts';
import { signInAs, type SignedInSession } from '~tests/support/sessions.ts';
import { buildPortalServer } from '~server/app.ts';
import { listOutbox } from '~server/modules/mail';
import { accountDeletionOf, preferenceLinks } from './index.ts';

const config = testConfig();
const PAGE = '/settings/delete-account';
const links = preferenceLinks(config.sessionSecret);

describeEachDialect('the account deletion page over HTTP', (database) => {
  let app: FastifyInstance;
  let signedIn: SignedInSession;

  beforeAll(async () => {
    app = await buildPortalServer({ config, database: database() });
    signedIn = await signInAs(database(), {
      subject: 'leaving-member',
      email: 'Leaving@Example.com',
    });
  });
  afterAll(async () => {
    await app.close();
  });

  const post = (fields: [string, string][], cookie = signedIn.cookie) =>
    app.inject({
      method: 'POST',
      url: PAGE,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie,
        'sec-fetch-site': 'same-origin',
      },
      payload: new URLSearchParams(fields).toString(),
    });

  it('sends a guest to sign in first, and keeps the page out of every cache', async () => {
    const guest = await app.inject({ method: 'GET', url: PAGE });
    expect(guest.statusCode).toBe(303);
    expect(guest.headers.location).toContain('startURL');
    const page = await app.inject({
      method: 'GET',
      url: PAGE,
      headers: { cookie: signedIn.cookie },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.body).toContain('Delete your account');
    expect(page.body).toContain('E-mail me a link to confirm');
  });

  it('needs the form token, then e-mails the link; the link confirms; "Keep my account" cancels', async () => {
    const refused = await post([['intent', 'request']]);
    expect(refused.statusCode).toBe(403);
    expect((await accountDeletionOf(database().db, signedIn.user.id)).stage).toBe('none');

    const asked = await post([
      ['_csrf', signedIn.csrfToken],
      ['intent', 'request'],
    ]);
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('We sent a link to leaving@example.com');
    const mail = (await listOutbox(database().db)).find(
      (row) => row.recipient === 'leaving@example.com',
    );
    const link = /(https?:\/\/\S+\?confirm=\S+)/.exec(mail?.text_body ?? '')?.[1] ?? '';
    expect(link).toContain(`${PAGE}?confirm=`);
    const token = new URL(link).searchParams.get('confirm') ?? '';

    const opened = await app.inject({
      method: 'GET',
      url: `${PAGE}?confirm=${token}`,
      headers: { cookie: signedIn.cookie },
    });
    expect(opened.body).toContain('Delete my account');

    const forged = await post([
      ['_csrf', signedIn.csrfToken],
      ['intent', 'confirm'],
      ['confirm', links.sign(preferenceLinkPayload('manage', 'leaving@example.com', new Date()))],
    ]);
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain('This link is not valid');

    const confirmed = await post([
      ['_csrf', signedIn.csrfToken],
      ['intent', 'confirm'],
      ['confirm', token],
    ]);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('Your account will be deleted on');
    expect((await accountDeletionOf(database().db, signedIn.user.id)).stage).toBe('scheduled');

    const kept = await post([
      ['_csrf', signedIn.csrfToken],
      ['intent', 'cancel'],
    ]);
    expect(kept.body).toContain('Your account is kept');
    expect((await accountDeletionOf(database().db, signedIn.user.id)).stage).toBe('none');
  });

  it('refuses an account without an e-mail address, saying how to go on', async () => {
    const noEmail = await signInAs(database(), { subject: 'no-address', email: null });
    const response = await post(
      [
        ['_csrf', noEmail.csrfToken],
        ['intent', 'request'],
      ],
      noEmail.cookie,
    );
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Contact support to delete it');
  });
});
