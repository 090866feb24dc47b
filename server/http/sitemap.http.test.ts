import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testConfig } from '~tests/support/config.ts';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { buildPortalServer } from '~server/app.ts';
import { setHidden, startDiscussion } from '~server/modules/community';
import { communityWorld } from '~server/modules/community/community.fixture.ts';

describeEachDialect('the sitemap with the community', (database) => {
  let app: FastifyInstance;
  let visible: string;
  let hidden: string;
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
});
