import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { testConfig } from '~tests/support/config.ts';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { buildPortalServer } from '~server/app.ts';
import { communityWorld, type CommunityWorld } from '../community.fixture.ts';
import { answerDiscussion, startDiscussion } from './discussion-posting.service.ts';

/** More unanswered discussions than one page of the full list holds (20). */
const UNANSWERED = 23;

describeEachDialect("the community's 'View all' lists over HTTP", (database) => {
  let app: FastifyInstance;
  let world: CommunityWorld;

  beforeAll(async () => {
    world = await communityWorld(database().db);
    const start = Date.now() - 60 * 60 * 1000;
    // The admin posts them all: moderators are not held to the posting limit.
    for (let index = 1; index <= UNANSWERED + 1; index += 1) {
      const at = new Date(start + index * 60 * 1000);
      const { id } = await startDiscussion(world.as('admin', at), {
        title: `Bank feed question number ${index}`,
        body: 'Details.',
        topicIds: [world.topics.bankFeeds],
      });
      if (index === 1) await answerDiscussion(world.as('helper', at), id, { body: 'Answer.' });
    }
    app = await buildPortalServer({ config: testConfig(), database: database() });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("links each tab of the community home to all of its discussions, with 'View all'", async () => {
    const home = (await app.inject('/0/community?tab=unanswered')).body;
    expect(home).toContain(
      'href="/0/community/discussions?tab=unanswered" data-discover="true">View all<span class="visually-hidden"> unanswered discussions</span></a>',
    );
    expect((await app.inject('/0/community')).body).toContain(
      'href="/0/community/discussions" data-discover="true">View all<span class="visually-hidden"> recent discussions</span></a>',
    );
  });

  it('lists a tab a page at a time, with links to the other pages', async () => {
    const response = await app.inject('/0/community/discussions?tab=unanswered&page=2');
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).toMatch(/<h1[^>]*>Unanswered discussions<\/h1>/);
    expect(html).toContain('23 discussions, page 2 of 2.');
    // The titles as links to their discussions (the page's data repeats them).
    const titles = [...html.matchAll(/>(Bank feed question number \d+)<\/a>/g)].map((m) => m[1]);
    expect(titles).toEqual([
      'Bank feed question number 4',
      'Bank feed question number 3',
      'Bank feed question number 2',
    ]);
    expect(html).toContain('<nav aria-label="Pages of unanswered discussions">');
    expect(html).toMatch(/rel="prev" href="\/0\/community\/discussions\?tab=unanswered"/);
    expect(html).toContain(
      'aria-label="Page 2" aria-current="page" href="/0/community/discussions?tab=unanswered&amp;page=2"',
    );
    expect(html).not.toContain('rel="next"');
  });

  it("links a topic page's few discussions to all of them", async () => {
    const topicPage = (await app.inject(`/s/topic/${world.topics.bankFeeds}`)).body;
    expect(topicPage).toContain(
      `href="/0/community/discussions?topicId=${world.topics.bankFeeds}" data-discover="true">View all<span class="visually-hidden"> 24 discussions about Bank feeds</span></a>`,
    );
    const list = await app.inject(`/0/community/discussions?topicId=${world.topics.bankFeeds}`);
    expect(list.body).toMatch(/<h1[^>]*>Discussions about Bank feeds<\/h1>/);
    expect(list.body).toContain('24 discussions, page 1 of 2.');
    expect((await app.inject('/0/community/discussions?topicId=nope')).statusCode).toBe(404);
  });
});
