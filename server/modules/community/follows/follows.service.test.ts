import { beforeAll, expect, it } from 'vitest';
import { listOutbox } from '~server/modules/mail';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { communityWorld, SITE, type CommunityWorld } from '../community.fixture.ts';
import {
  answerDiscussion,
  markBestAnswer,
  startDiscussion,
} from '../discussions/discussion-posting.service.ts';
import {
  followDiscussion,
  followTopic,
  listFollows,
  unsubscribeByToken,
} from './follows.service.ts';

describeEachDialect('follows and their e-mail', (database) => {
  let world: CommunityWorld;
  let discussionId = '';
  let answerId = '';
  const outbox = () => listOutbox(database().db);

  beforeAll(async () => {
    world = await communityWorld(database().db);
    discussionId = (
      await startDiscussion(world.as('asker'), {
        title: 'Bank feed stopped importing transactions',
        body: 'Nothing since Monday.',
        topicIds: [world.topics.bankFeeds],
      })
    ).id;
    await followDiscussion(world.as('fan'), discussionId, true);
    await followTopic(world.as('topicFan'), world.topics.bankFeeds, true);
    // Following both the discussion and its topic still makes one e-mail per event.
    await followTopic(world.as('fan'), world.topics.bankFeeds, true);
  });

  it('mails each follower of an answer once, not the answerer', async () => {
    answerId = (
      await answerDiscussion(world.as('helper'), discussionId, {
        body: 'Reconnect the feed under **Bank accounts**.',
      })
    ).id;
    const sent = await outbox();
    expect(sent.map((row) => row.recipient).sort()).toEqual([
      '"Ava Tester" <asker@example.com>',
      '"Fay Tester" <fan@example.com>',
      '"Tom Tester" <topic-fan@example.com>',
    ]);
    const toFan = sent.find((row) => row.recipient.includes('<fan@'));
    expect(toFan?.subject).toBe('New answer: Bank feed stopped importing transactions');
    expect(toFan?.text_body).toContain(`${SITE}/s/question/${discussionId}`);
    expect(toFan?.text_body).toContain(`${SITE}/s/unsubscribe-topic?token=`);
    expect(toFan?.text_body).toContain('you follow this discussion');
  });

  it('mails them once about the best answer, the answerer too, the chooser not', async () => {
    await markBestAnswer(world.as('asker'), answerId);
    const best = (await outbox()).filter((row) => row.subject.startsWith('Best answer chosen'));
    // The helper follows since answering.
    expect(best.map((row) => row.recipient).sort()).toEqual([
      '"Fay Tester" <fan@example.com>',
      '"Hugo Tester" <helper@example.com>',
      '"Tom Tester" <topic-fan@example.com>',
    ]);
    await markBestAnswer(world.as('asker'), answerId);
    expect((await outbox()).filter((row) => row.subject.startsWith('Best'))).toHaveLength(3);
  });

  it('lists what a member follows', async () => {
    expect(await listFollows(world.as('fan'))).toEqual(
      expect.arrayContaining([
        { kind: 'discussion', id: discussionId, title: 'Bank feed stopped importing transactions' },
        { kind: 'topic', id: world.topics.bankFeeds, title: 'Bank feeds' },
      ]),
    );
  });

  it('unfollows by the e-mail’s token without signing in', async () => {
    const toTopicFan = (await outbox()).find((row) => row.recipient.includes('topic-fan@'));
    const token = /token=([A-Za-z0-9_-]+)/.exec(toTopicFan?.text_body ?? '')?.[1] ?? '';
    expect(await unsubscribeByToken(database().db, token)).toEqual({
      kind: 'topic',
      id: world.topics.bankFeeds,
      title: 'Bank feeds',
    });
    expect(await unsubscribeByToken(database().db, token)).toBeUndefined();
    expect(await unsubscribeByToken(database().db, 'bad')).toBeUndefined();
    expect(await listFollows(world.as('topicFan'))).toEqual([]);
  });
});
