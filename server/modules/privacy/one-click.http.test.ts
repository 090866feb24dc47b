import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ONE_CLICK_UNSUBSCRIBE_PATH, preferenceLinkPayload } from '~core/consent';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { testConfig } from '~tests/support/config.ts';
import { signInAs } from '~tests/support/sessions.ts';
import { buildPortalServer } from '~server/app.ts';
import { marketingMailLinks, preferenceLinks, preferencesOf, savePreferences } from './index.ts';

const config = testConfig();
const links = preferenceLinks(config.sessionSecret);
const PAGE_URL = `${config.siteUrl}/0/settings/marketing-communication-preferences`;
const EMAIL = 'one.click@example.com';

describeEachDialect('RFC 8058 one-click unsubscribe over HTTP', (database) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildPortalServer({ config, database: database() });
  });
  afterAll(async () => {
    await app.close();
  });

  /** A mailbox provider's POST: no cookie, no token, another site, the RFC's body. */
  function bareOneClick(url: string) {
    const { pathname, search } = new URL(url);
    return app.inject({
      method: 'POST',
      url: `${pathname}${search}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://mail.example.net',
      },
      payload: 'List-Unsubscribe=One-Click',
    });
  }

  async function subscribe(email: string, keys: string[]) {
    await savePreferences(database().db, new Set(keys) as never, {
      email,
      userId: null,
      offer: { topics: ['product-news', 'learning', 'community-digest'], channels: ['email'] },
      source: 'subscribe-form',
      now: new Date(),
      links,
      pageUrl: PAGE_URL,
      brand: config.brand,
    });
  }

  it("a marketing e-mail's headers unsubscribe its topic with a bare POST, recorded", async () => {
    await subscribe(EMAIL, ['product-news:email', 'learning:email']);
    const mail = marketingMailLinks(
      links,
      { siteUrl: config.siteUrl, pageUrl: PAGE_URL },
      EMAIL,
      new Date(),
      'product-news',
    );
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const url = /^<(.+)>$/.exec(mail.headers['List-Unsubscribe'] ?? '')?.[1] ?? '';
    expect(url).toContain(`${config.siteUrl}${ONE_CLICK_UNSUBSCRIBE_PATH}?token=`);
    expect(mail.managePreferencesUrl).toContain(`${PAGE_URL}?token=`);

    const response = await bareOneClick(url);
    expect(response.statusCode, response.body).toBe(200);
    const after = await preferencesOf(database().db, EMAIL);
    expect([...after.subscriptions]).toEqual(['learning:email']);
    expect(after.history[0]).toMatchObject({
      topic: 'product-news',
      subscribed: false,
      source: 'one-click-unsubscribe',
    });
    // A second POST (providers retry) records nothing more.
    expect((await bareOneClick(url)).statusCode).toBe(200);
    expect((await preferencesOf(database().db, EMAIL)).history).toHaveLength(after.history.length);
  });

  it('without a topic, stops every marketing e-mail to the address', async () => {
    const email = 'all.topics@example.com';
    await subscribe(email, ['product-news:email', 'community-digest:email']);
    const { headers } = marketingMailLinks(
      links,
      { siteUrl: config.siteUrl, pageUrl: PAGE_URL },
      email,
      new Date(),
    );
    const url = /^<(.+)>$/.exec(headers['List-Unsubscribe'] ?? '')?.[1] ?? '';
    expect((await bareOneClick(url)).statusCode).toBe(200);
    expect((await preferencesOf(database().db, email)).subscriptions.size).toBe(0);
  });

  it('a forged or expired link changes nothing and says so; opening it leads to a page', async () => {
    const email = 'kept@example.com';
    await subscribe(email, ['learning:email']);
    const genuine = links.sign(preferenceLinkPayload('unsubscribe', email, new Date()));
    const expired = links.sign(
      preferenceLinkPayload('unsubscribe', email, new Date(Date.now() - 400 * 86_400_000)),
    );
    const base = `${config.siteUrl}${ONE_CLICK_UNSUBSCRIBE_PATH}?token=`;
    const forged = await bareOneClick(`${base}${genuine.slice(0, -3)}xyz`);
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toContain('not valid');
    const old = await bareOneClick(`${base}${expired}`);
    expect(old.statusCode).toBe(400);
    expect(old.body).toContain('expired');
    expect([...(await preferencesOf(database().db, email)).subscriptions]).toEqual([
      'learning:email',
    ]);

    const opened = await app.inject({
      method: 'GET',
      url: `${ONE_CLICK_UNSUBSCRIBE_PATH}?token=${genuine}`,
    });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toContain(`${PAGE_URL}?token=`);
    expect([...(await preferencesOf(database().db, email)).subscriptions]).toEqual([
      'learning:email',
    ]);
  });

  it("unfollows a community follow by its e-mail's one-click URL; the asking page still works", async () => {
    const member = await signInAs(database(), 'one-click-follower');
    const follow = (token: string) => ({
      user_id: member.user.id,
      target_kind: 'discussion' as const,
      target_id: `0D5oneclick${token.slice(0, 7)}`,
      unsubscribe_token: token,
      created_at: new Date().toISOString(),
    });
    const token = 'oneClickFollowToken0001';
    await database().db.insertInto('community_follow').values(follow(token)).execute();
    const response = await bareOneClick(
      `${config.siteUrl}${ONE_CLICK_UNSUBSCRIBE_PATH}?follow=${token}`,
    );
    expect(response.statusCode).toBe(200);
    const left = await database()
      .db.selectFrom('community_follow')
      .select('unsubscribe_token')
      .where('unsubscribe_token', '=', token)
      .execute();
    expect(left).toEqual([]);
    expect(
      (await bareOneClick(`${config.siteUrl}${ONE_CLICK_UNSUBSCRIBE_PATH}?follow=${token}`))
        .statusCode,
    ).toBe(404);

    const opened = await app.inject({
      method: 'GET',
      url: `${ONE_CLICK_UNSUBSCRIBE_PATH}?follow=${token}`,
    });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`${config.siteUrl}/s/unsubscribe-topic?token=${token}`);
  });
});
