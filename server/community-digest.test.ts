import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { testConfig } from '~tests/support/config.ts';
import { signInAs } from '~tests/support/sessions.ts';
import { buildPortalServer } from './app.ts';
import { answerDiscussion, startDiscussion } from '~server/modules/community';
import { listOutbox } from '~server/modules/mail';
import {
  confirmAddress,
  preferenceLinks,
  preferencesOf,
  savePreferences,
} from '~server/modules/privacy';
import { sendCommunityDigest } from './community-digest.ts';

const config = testConfig();
const links = preferenceLinks(config.sessionSecret);
const DAY = 24 * 60 * 60 * 1000;

describeEachDialect('the weekly community digest', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildPortalServer({ config, database: database() });
  });
  afterAll(async () => {
    await app.close();
  });

  async function choose(email: string, keys: string[], confirmed: boolean, now: Date) {
    const { db } = database();
    await savePreferences(db, new Set(keys) as never, {
      email,
      userId: null,
      offer: { topics: ['learning', 'community-digest'], channels: ['email'] },
      source: 'preferences-page',
      now,
      links,
      pageUrl: `${config.siteUrl}/prefs`,
      brand: config.brand,
    });
    if (confirmed) await confirmAddress(db, email, now);
  }

  const digests = async () =>
    (await listOutbox(database().db)).filter((mail) =>
      mail.event_key.startsWith('community-digest:'),
    );

  it('sends nothing in a week without discussions', async () => {
    const now = new Date('2020-01-06T09:00:00.000Z');
    await choose('early@example.com', ['community-digest:email'], true, now);
    expect(await sendCommunityDigest(database().db, config, links, now)).toBe(0);
  });

  it('goes once a week to confirmed subscribers only, and its one-click header unsubscribes', async () => {
    const { db } = database();
    const now = new Date();
    const asker = await signInAs(database(), {
      subject: 'digest-asker',
      email: 'asker@example.com',
    });
    const helper = await signInAs(database(), { subject: 'digest-helper', email: 'h@example.com' });
    const context = (session: typeof asker) => ({
      db,
      viewer: { isGuest: false as const, user: session.user, sessionId: session.sessionId },
      siteUrl: config.siteUrl,
      now: new Date(now.getTime() - DAY),
    });
    const answered = await startDiscussion(context(asker), {
      title: 'Bank rule ignores the reference field',
      body: 'The rule matches on amount only.',
    });
    await answerDiscussion(context(helper), answered.id, { body: 'Tick "match reference".' });
    await startDiscussion(context(asker), {
      title: 'Payroll journal lands in the wrong period',
      body: 'Since the update.',
    });

    await choose('reader@example.com', ['community-digest:email'], true, now);
    await choose('unconfirmed@example.com', ['community-digest:email'], false, now);
    await choose('learner@example.com', ['learning:email'], true, now);
    await choose('changed.mind@example.com', ['community-digest:email'], true, now);
    await choose('changed.mind@example.com', [], true, new Date(now.getTime() + 1));

    const queued = await sendCommunityDigest(db, config, links, now);
    const sent = await digests();
    expect(sent.map((mail) => mail.recipient).sort()).toEqual(
      ['early@example.com', 'reader@example.com'].sort(),
    );
    expect(queued).toBe(2);
    // The job running again in the same week queues nothing more.
    await sendCommunityDigest(db, config, links, new Date(now.getTime() + 60_000));
    expect(await digests()).toHaveLength(2);

    const mail = sent.find((row) => row.recipient === 'reader@example.com');
    expect(mail?.text_body).toContain('Bank rule ignores the reference field (1 answer)');
    expect(mail?.text_body).toContain('Payroll journal lands in the wrong period (no answers yet)');
    const headers = JSON.parse(mail?.headers ?? '{}') as Record<string, string>;
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const target = new URL(/^<(.+)>$/.exec(headers['List-Unsubscribe'] ?? '')?.[1] ?? '');
    const response = await app.inject({
      method: 'POST',
      url: `${target.pathname}${target.search}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://mail.example.net',
      },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(response.statusCode).toBe(200);
    const after = await preferencesOf(db, 'reader@example.com');
    expect([...after.subscriptions]).toEqual([]);
    expect(after.history[0]).toMatchObject({
      topic: 'community-digest',
      source: 'one-click-unsubscribe',
    });
  });
});
