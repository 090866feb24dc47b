import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testConfig } from '~tests/support/config.ts';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { buildPortalServer } from '~server/app.ts';
import {
  answerDiscussion,
  markBestAnswer,
  setHidden,
  startDiscussion,
} from '~server/modules/community';
import { communityWorld } from '~server/modules/community/community.fixture.ts';

describeEachDialect('the community for search engines: sitemap and structured data', (database) => {
  let app: FastifyInstance;
  let visible: string;
  let hidden: string;
  let best: string;
  let hiddenAnswer: string;
  const site = testConfig().siteUrl;

  beforeAll(async () => {
    const world = await communityWorld(database().db);
    const body = 'No transactions have come in since Monday morning.';
    ({ id: visible } = await startDiscussion(world.as('asker', new Date('2026-10-02T09:00:00Z')), {
      title: 'Bank feed stopped on Monday',
      body,
    }));
    ({ id: hidden } = await startDiscussion(world.as('helper', new Date('2026-10-03T09:00:00Z')), {
      title: 'A discussion a moderator hid',
      body,
    }));
    await setHidden(world.as('admin'), 'post', hidden, true);
    ({ id: best } = await answerDiscussion(
      world.as('helper', new Date('2026-10-02T10:00:00Z')),
      visible,
      {
        body: 'Reconnect the feed from **Bank accounts**: the bank asks you to sign in again.',
      },
    ));
    await markBestAnswer(world.as('asker', new Date('2026-10-02T10:30:00Z')), best);
    await answerDiscussion(world.as('fan', new Date('2026-10-02T11:00:00Z')), visible, {
      body: 'Mine came back the next day by itself.',
    });
    ({ id: hiddenAnswer } = await answerDiscussion(
      world.as('busy', new Date('2026-10-02T12:00:00Z')),
      visible,
      {
        body: 'An answer the moderators hid.',
      },
    ));
    await setHidden(
      world.as('admin', new Date('2026-10-02T13:00:00Z')),
      'post',
      hiddenAnswer,
      true,
    );
    app = await buildPortalServer({ config: testConfig(), database: database() });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('lists the community and the discussions everyone may read, with their last activity', async () => {
    const response = await app.inject('/sitemap.xml');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(
      `<url><loc>${site}/s/question/${visible}</loc><lastmod>2026-10-02</lastmod></url>`,
    );
    expect(response.body).toContain(
      `<url><loc>${site}/0/community</loc><lastmod>2026-10-02</lastmod></url>`,
    );
    expect(response.body).not.toContain(hidden);
    // The knowledge base's pages are still there.
    expect(response.body).toContain(`<loc>${site}/s/article/connect-a-bank-feed</loc>`);
  });

  it('describes a discussion as a QAPage: the best answer accepted, the others suggested', async () => {
    const page = await app.inject(`/s/question/${visible}`);
    expect(page.statusCode).toBe(200);
    const blocks = [
      ...page.body.matchAll(/<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/g),
    ].map((match) => JSON.parse(match[1] ?? 'null') as unknown);
    const [qaPage] = blocks.flat() as { mainEntity: Record<string, unknown> }[];
    const url = `${site}/s/question/${visible}`;
    expect(qaPage).toMatchObject({
      '@type': 'QAPage',
      mainEntity: {
        '@type': 'Question',
        name: 'Bank feed stopped on Monday',
        text: 'No transactions have come in since Monday morning.',
        answerCount: 2,
        url,
        acceptedAnswer: {
          '@type': 'Answer',
          text: 'Reconnect the feed from Bank accounts: the bank asks you to sign in again.',
          url: `${url}#post-${best}`,
          dateCreated: '2026-10-02T10:00:00.000Z',
        },
        suggestedAnswer: [{ text: 'Mine came back the next day by itself.' }],
      },
    });
    expect(JSON.stringify(blocks)).not.toContain('moderators hid');
  });
});
