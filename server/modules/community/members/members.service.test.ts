import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { communityWorld, refusal, type CommunityWorld, type Person } from '../community.fixture.ts';
import {
  answerDiscussion,
  markBestAnswer,
  startDiscussion,
  upvotePost,
} from '../discussions/discussion-posting.service.ts';
import { commentOnIdea, proposeIdea } from '../ideas/ideas.service.ts';
import { listRecentActivity } from './activity.service.ts';
import { getCommunityHome } from './community-home.service.ts';
import { getMemberProfile, updateProfile } from './members.service.ts';

describeEachDialect('the community home, profiles and the feed', (database) => {
  let world: CommunityWorld;
  let discussionId = '';

  beforeAll(async () => {
    world = await communityWorld(database().db);
    // One step a minute, so the feed's order is the order of the steps.
    const start = Date.now() - 60 * 60 * 1000;
    let step = 0;
    const next = (who: Person) => world.as(who, new Date(start + ++step * 60 * 1000));
    discussionId = (
      await startDiscussion(next('asker'), {
        title: 'Bank feed stopped importing transactions',
        body: 'Nothing since Monday.',
        topicIds: [world.topics.bankFeeds],
      })
    ).id;
    await startDiscussion(next('asker'), {
      title: 'Payroll question still open',
      body: 'Nobody answered yet.',
    });
    const { id: answerId } = await answerDiscussion(next('helper'), discussionId, {
      body: 'Reconnect the feed.',
    });
    await markBestAnswer(next('asker'), answerId);
    await upvotePost(next('fan'), answerId);
    const { id: ideaId } = await proposeIdea(next('fan'), {
      title: 'Bulk-approve expense claims',
      body: 'Let managers approve many claims at once.',
    });
    await commentOnIdea(next('asker'), ideaId, { body: 'Yes please!' });
  });

  describe('the community home', () => {
    it('shows recent, unanswered and popular discussions, topics and the leaderboard', async () => {
      const home = await getCommunityHome(world.guest());
      expect(home.recent.map((d) => d.title)).toEqual([
        'Bank feed stopped importing transactions',
        'Payroll question still open',
      ]);
      expect(home.unanswered.map((d) => d.title)).toEqual(['Payroll question still open']);
      expect(home.popular[0]?.id).toBe(discussionId);
      expect(home.popularTopics).toEqual([
        { id: world.topics.bankFeeds, name: 'Bank feeds', discussionCount: 1 },
      ]);
      expect(home.leaderboard[0]).toMatchObject({
        id: world.people.helper.id,
        name: 'Hugo Tester',
        bestAnswers: 1,
        upvotes: 1,
        answers: 1,
      });
    });
  });

  it('shows a profile with join date, about text and activity', async () => {
    expect(
      await refusal(updateProfile(world.as('helper'), { about: 'I am a wanker' })),
    ).toMatchObject({ code: 'BANNED_WORDS', field: 'about' });
    await updateProfile(world.as('helper'), { about: 'Bookkeeper in *Leeds*.' });
    const profile = await getMemberProfile(world.guest(), world.people.helper.id);
    expect(profile).toMatchObject({
      name: 'Hugo Tester',
      about: 'Bookkeeper in *Leeds*.',
      counts: { discussions: 0, answers: 1, bestAnswers: 1, ideas: 0 },
      isViewer: false,
    });
    expect(profile?.aboutHtml).toContain('<em>Leeds</em>');
    expect(profile?.activity.map((item) => item.kind)).toEqual(['best-answer', 'answered']);
    expect((await getMemberProfile(world.as('helper'), world.people.helper.id))?.isViewer).toBe(
      true,
    );
    expect(await getMemberProfile(world.guest(), 'not-a-user')).toBeUndefined();
  });

  it('lists recent activity, newest first', async () => {
    const feed = await listRecentActivity(world.guest(), { limit: 3 });
    expect(feed.map((item) => item.kind)).toEqual([
      'idea-commented',
      'idea-proposed',
      'best-answer',
    ]);
    const next = await listRecentActivity(world.guest(), { offset: 3, limit: 3 });
    expect(next.map((item) => item.kind)).toEqual([
      'answered',
      'discussion-started',
      'discussion-started',
    ]);
  });
});
