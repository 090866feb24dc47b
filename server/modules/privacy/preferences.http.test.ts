import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preferenceLinkPayload, PREFERENCE_LINK_LIFETIME_MS } from '~core/consent';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { testConfig } from '~tests/support/config.ts';
import { signInAs, type SignedInSession } from '~tests/support/sessions.ts';
import { buildPortalServer } from '~server/app.ts';
import { listOutbox } from '~server/modules/mail';
import { preferenceLinks, preferencesOf } from './index.ts';

const config = testConfig();
const PAGE = '/0/settings/marketing-communication-preferences';
const links = preferenceLinks(config.sessionSecret);

describeEachDialect('the communication preferences page over HTTP', (database) => {
  let app: FastifyInstance;
  let signedIn: SignedInSession;

  beforeAll(async () => {
    app = await buildPortalServer({ config, database: database() });
    signedIn = await signInAs(database(), {
      subject: 'preferences-reader',
      email: 'Reader@Example.com',
    });
  });
  afterAll(async () => {
    await app.close();
  });

  /**
   * A guest's first visit: the cookies and the form's CSRF token. A guest's page carries no
   * token (decision 021): their browser's same-origin headers vouch for their forms instead.
   */
  async function guest(url = PAGE): Promise<{ cookie: string; token: string; body: string }> {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    const token = /name="_csrf" value="([^"]+)"/.exec(response.body)?.[1] ?? '';
    const cookies = ([] as string[]).concat(response.headers['set-cookie'] ?? []);
    return {
      cookie: cookies.map((cookie) => cookie.split(';', 1)[0]).join('; '),
      token,
      body: response.body,
    };
  }

  /** What a browser sends with a form posted from one of the portal's own pages. */
  const FROM_OWN_PAGE = { 'sec-fetch-site': 'same-origin' };

  function post(
    fields: [string, string][],
    cookie: string,
    url = PAGE,
    browser: Record<string, string> = FROM_OWN_PAGE,
  ) {
    return app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie, ...browser },
      payload: new URLSearchParams(fields).toString(),
    });
  }

  const manageLink = (email: string, now = new Date()) =>
    links.sign(preferenceLinkPayload('manage', email, now));

  it('serves both URL variants; a guest without a link is asked to sign in or subscribe', async () => {
    const legacy = await app.inject({
      method: 'GET',
      url: '/s/settings/marketing-communication-preferences?token=abc',
    });
    expect(legacy.statusCode).toBe(308);
    expect(legacy.headers.location).toBe(`${PAGE}?token=abc`);
    const { body } = await guest();
    expect(body).toContain('Marketing communication preferences');
    expect(body).toContain('Subscribe an address');
  });

  it('saves a signed-in user’s grid once, however often it is sent, and sends a confirmation', async () => {
    const page = await app.inject({
      method: 'GET',
      url: PAGE,
      headers: { cookie: signedIn.cookie },
    });
    expect(page.body).toContain('reader@example.com');
    const fields: [string, string][] = [
      ['_csrf', signedIn.csrfToken],
      ['intent', 'save'],
      ['preference', 'learning:email'],
      ['preference', 'community-digest:email'],
      ['preference', 'learning:sms'], // not offered: no number is known
    ];
    const first = await post(fields, signedIn.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('2 changes');
    const again = await post(fields, signedIn.cookie);
    expect(again.body).toContain('Nothing had changed');
    const saved = await preferencesOf(database().db, 'reader@example.com');
    expect([...saved.subscriptions].sort()).toEqual(['community-digest:email', 'learning:email']);
    expect(saved.history).toHaveLength(2);
    expect(saved.history.every((entry) => entry.source === 'preferences-page')).toBe(true);
    expect(saved.confirmed).toBe(false);
    const confirmations = (await listOutbox(database().db)).filter(
      (mail) => mail.recipient === 'reader@example.com',
    );
    expect(confirmations).toHaveLength(1);
    expect(confirmations[0]?.subject).toContain('Confirm');

    // Unticking one records one more change, kept beside the first ones.
    await post(fields.slice(0, 3), signedIn.cookie);
    const after = await preferencesOf(database().db, 'reader@example.com');
    expect([...after.subscriptions]).toEqual(['learning:email']);
    expect(after.history).toHaveLength(3);
    expect(after.history[0]).toMatchObject({ topic: 'community-digest', subscribed: false });
  });

  it('records a guest’s change through the e-mail link, with its source', async () => {
    const email = 'guest.link@example.com';
    const token = manageLink(email);
    const visit = await guest(`${PAGE}?token=${token}`);
    expect(visit.body).toContain(email);
    const response = await post(
      [
        ['_csrf', visit.token],
        ['intent', 'save'],
        ['token', token],
        ['preference', 'webinars-events:email'],
      ],
      visit.cookie,
    );
    expect(response.statusCode).toBe(200);
    const saved = await preferencesOf(database().db, email);
    expect(saved.history).toEqual([
      expect.objectContaining({
        topic: 'webinars-events',
        channel: 'email',
        subscribed: true,
        source: 'email-link',
      }),
    ]);
  });

  it('changes nothing for a forged, expired or someone else’s link, and says so', async () => {
    const email = 'victim@example.com';
    const expired = manageLink(
      email,
      new Date(Date.now() - PREFERENCE_LINK_LIFETIME_MS.manage - 1000),
    );
    const genuine = manageLink(email);
    const forged = `${genuine.slice(0, -4)}AAAA`;
    const visit = await guest();
    for (const [token, message] of [
      [forged, 'This link is not valid'],
      [expired, 'This link has expired'],
      ['not-a-token', 'This link is not valid'],
    ] as const) {
      const page = await app.inject({ method: 'GET', url: `${PAGE}?token=${token}` });
      expect(page.body).toContain(message);
      const response = await post(
        [
          ['_csrf', visit.token],
          ['intent', 'save'],
          ['token', token],
          ['preference', 'product-news:email'],
        ],
        visit.cookie,
      );
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain(message);
    }
    // Signed in as someone else, a genuine link for this address does nothing either.
    const response = await post(
      [
        ['_csrf', signedIn.csrfToken],
        ['intent', 'save'],
        ['token', genuine],
        ['preference', 'product-news:email'],
      ],
      signedIn.cookie,
    );
    expect(response.body).toContain('This link is for another e-mail address');
    expect((await preferencesOf(database().db, email)).history).toEqual([]);
  });

  it('subscribes an address only after its owner confirms, keeping what was typed on a mistake', async () => {
    const visit = await guest();
    const wrong = await post(
      [
        ['_csrf', visit.token],
        ['intent', 'subscribe'],
        ['email', 'not an address'],
        ['preference', 'learning:email'],
      ],
      visit.cookie,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('value="not an address"');
    const box = (key: string) =>
      new RegExp(`<input[^>]*value="${key}"[^>]*>`).exec(wrong.body)?.[0];
    expect(box('learning:email')).toContain('checked=""');
    expect(box('product-news:email')).not.toContain('checked');

    const email = 'new.subscriber@example.com';
    const fields: [string, string][] = [
      ['_csrf', visit.token],
      ['intent', 'subscribe'],
      ['email', 'New.Subscriber@example.com'],
      ['preference', 'learning:email'],
    ];
    expect((await post(fields, visit.cookie)).body).toContain('we sent a confirmation link');
    await post(fields, visit.cookie);
    const pending = await preferencesOf(database().db, email);
    expect(pending.history).toHaveLength(1);
    expect(pending.confirmed).toBe(false);
    const [mail, ...more] = (await listOutbox(database().db)).filter((m) => m.recipient === email);
    expect(more).toEqual([]);
    const confirmUrl =
      /(\/0\/settings\/marketing-communication-preferences\?confirm=[^\s"<]+)/.exec(
        mail?.text_body ?? '',
      )?.[1];
    if (!confirmUrl) throw new Error('the confirmation e-mail has no link');

    // Opening the link changes nothing; the button confirms.
    const opened = await guest(confirmUrl);
    expect(opened.body).toContain('Confirm my address');
    expect((await preferencesOf(database().db, email)).confirmed).toBe(false);
    const confirmToken = new URL(confirmUrl, 'http://x').searchParams.get('confirm') ?? '';
    const confirmed = await post(
      [
        ['_csrf', opened.token],
        ['intent', 'confirm'],
        ['confirm', confirmToken],
      ],
      opened.cookie,
    );
    expect(confirmed.body).toContain('is confirmed');
    expect((await preferencesOf(database().db, email)).confirmed).toBe(true);

    // The form only adds: a stranger cannot unsubscribe the address through it.
    await post(
      [
        ['_csrf', visit.token],
        ['intent', 'subscribe'],
        ['email', email],
        ['preference', 'product-news:email'],
      ],
      visit.cookie,
    );
    expect([...(await preferencesOf(database().db, email)).subscriptions].sort()).toEqual([
      'learning:email',
      'product-news:email',
    ]);
  });

  it('hands a signed-in user everything held about them as a JSON download, and guests nothing', async () => {
    const guestAsks = await app.inject({ method: 'GET', url: '/settings/my-data' });
    expect(guestAsks.statusCode).toBe(401);
    const response = await app.inject({
      method: 'GET',
      url: '/settings/my-data',
      headers: { cookie: signedIn.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="my-data-/);
    expect(response.headers['cache-control']).toBe('no-store');
    const archive = response.json() as Record<string, unknown>;
    expect(archive.profile).toMatchObject({ id: signedIn.user.id, email: 'Reader@Example.com' });
    expect(archive.community).toMatchObject({ posts: [], discussions: [] });
    expect(archive.communicationPreferences).toMatchObject({
      email: 'reader@example.com',
      subscriptions: ['learning:email'],
    });
    expect(Object.keys(archive)).toEqual(
      expect.arrayContaining(['exportedAt', 'cookieChoices', 'partnerProgramme', 'supportCases']),
    );
    expect(archive.supportCases).toEqual([]);
  });

  it("refuses a guest's form that the browser does not vouch for, or from another site", async () => {
    const visit = await guest();
    for (const browser of <Record<string, string>[]>[{}, { 'sec-fetch-site': 'cross-site' }]) {
      const response = await post(
        [
          ['intent', 'subscribe'],
          ['email', 'csrf@example.com'],
          ['preference', 'learning:email'],
        ],
        visit.cookie,
        PAGE,
        browser,
      );
      expect(response.statusCode).toBe(403);
    }
    expect((await preferencesOf(database().db, 'csrf@example.com')).history).toEqual([]);
  });
});

describe('signed links', () => {
  it('read back only what was signed, for its purpose', () => {
    const now = new Date();
    const token = links.sign(preferenceLinkPayload('confirm', 'ana@example.com', now));
    expect(links.read(token, 'confirm')?.email).toBe('ana@example.com');
    expect(links.read(token, 'manage')).toBeUndefined();
    expect(
      preferenceLinks('another secret of enough length!!').read(token, 'confirm'),
    ).toBeUndefined();
    const [body] = token.split('.');
    const tampered = Buffer.from(
      JSON.stringify({ ...preferenceLinkPayload('confirm', 'eve@example.com', now) }),
    ).toString('base64url');
    expect(links.read(`${tampered}.${token.split('.')[1]}`, 'confirm')).toBeUndefined();
    expect(body).toBeTruthy();
  });
});
