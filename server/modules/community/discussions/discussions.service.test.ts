import { beforeAll, describe, expect, it } from 'vitest';
import { POSTING_LIMIT } from '~core/community';
import { findSearchDocument, rawFieldsOf } from '~server/modules/search';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { communityWorld, refusal, type CommunityWorld } from '../community.fixture.ts';
import { listFollows } from '../follows/follows.service.ts';
import {
  answerDiscussion,
  commentOnPost,
  editDiscussion,
  editPost,
  markBestAnswer,
  startDiscussion,
  upvotePost,
} from './discussion-posting.service.ts';
import {
  getDiscussion,
  getPostHistory,
  listMyDiscussions,
  listTabDiscussions,
  listTopicDiscussions,
} from './discussions.service.ts';

describeEachDialect('discussions', (database) => {
  let world: CommunityWorld;
  let discussionId = '';
  let answerId = '';

  beforeAll(async () => {
    world = await communityWorld(database().db);
  });

  describe('starting a discussion', () => {
    it('asks a guest to sign in', async () => {
      expect(await refusal(startDiscussion(world.guest(), { title: 'x', body: 'y' }))).toEqual({
        code: 'SIGN_IN_REQUIRED',
        status: 401,
        field: undefined,
      });
    });

    it('refuses a short title with a 400 naming the field', async () => {
      expect(
        await refusal(startDiscussion(world.as('asker'), { title: 'Help', body: 'Body text' })),
      ).toMatchObject({ code: 'INVALID_INPUT', status: 400, field: 'title' });
    });

    it('refuses an unknown topic or product', async () => {
      const base = { title: 'Bank feed stopped', body: 'It stopped.' };
      expect(
        await refusal(startDiscussion(world.as('asker'), { ...base, topicIds: ['nope'] })),
      ).toMatchObject({ field: 'topicIds' });
      expect(
        await refusal(startDiscussion(world.as('asker'), { ...base, product: 'nope' })),
      ).toMatchObject({ field: 'product' });
    });

    it('refuses banned words in the title or the body', async () => {
      expect(
        await refusal(
          startDiscussion(world.as('asker'), { title: 'This bastard feed', body: 'Fine' }),
        ),
      ).toMatchObject({ code: 'BANNED_WORDS', status: 400, field: 'title' });
      expect(
        await refusal(
          startDiscussion(world.as('asker'), {
            title: 'Bank feed stopped',
            body: 'Son of a  bitch, it broke',
          }),
        ),
      ).toMatchObject({ code: 'BANNED_WORDS', field: 'body' });
    });

    it('creates the discussion, its search document and the asker’s follow', async () => {
      const { id } = await startDiscussion(world.as('asker'), {
        title: 'Bank feed stopped importing transactions',
        body: 'My **bank feed** has not imported anything since Monday. <script>alert(1)</script>',
        topicIds: [world.topics.bankFeeds],
        product: 'accounting',
      });
      discussionId = id;
      expect(id).toMatch(/^0D5[A-Za-z0-9]{15}$/);
      const detail = await getDiscussion(world.guest(), id);
      expect(detail).toMatchObject({
        title: 'Bank feed stopped importing transactions',
        answerCount: 0,
        answered: false,
        topics: [{ id: world.topics.bankFeeds, name: 'Bank feeds' }],
        product: { key: 'accounting', name: 'Ledgerleaf Accounting' },
        author: { name: 'Ava Tester' },
        can: { answer: false, edit: false },
      });
      expect(detail?.bodyHtml).toContain('<strong>bank feed</strong>');
      expect(detail?.bodyHtml).not.toContain('<script');
      const document = await findSearchDocument(database().db, id);
      expect(document && rawFieldsOf(document)).toMatchObject({
        objecttype: 'FeedItem',
        common_contenttype: 'Discussion',
        sffeeditemid: id,
        sfcommentcount: 0,
        sfcreatedbyname: 'Ava Tester',
        coveochatterfeedtopics: ['Bank feeds'],
        sfcoreproductc: ['Ledgerleaf Accounting'],
      });
      expect(document?.click_uri).toBe(`/s/question/${id}`);
      expect(await listFollows(world.as('asker'))).toEqual([
        { kind: 'discussion', id, title: 'Bank feed stopped importing transactions' },
      ]);
    });

    it('creates one discussion for the same form sent twice, even at once', async () => {
      const input = {
        title: 'Payroll question sent twice',
        body: 'Same form, same key.',
        idempotencyKey: 'form-key-0001',
      };
      const [first, second] = await Promise.all([
        startDiscussion(world.as('asker'), input),
        startDiscussion(world.as('asker'), input),
      ]);
      const third = await startDiscussion(world.as('asker'), input);
      expect(second.id).toBe(first.id);
      expect(third.id).toBe(first.id);
      const mine = await listMyDiscussions(world.as('asker'));
      expect(mine.filter((d) => d.title === input.title)).toHaveLength(1);
    });
  });

  describe('answers, best answers, upvotes, comments and edits', () => {
    it('answers once per form, counts the answer and indexes its text', async () => {
      const input = {
        body: 'Reconnect the feed under **Bank accounts**.',
        idempotencyKey: 'answer-key-01',
      };
      const { id } = await answerDiscussion(world.as('helper'), discussionId, input);
      answerId = id;
      const again = await answerDiscussion(world.as('helper'), discussionId, input);
      expect(again.id).toBe(id);
      const detail = await getDiscussion(world.as('asker'), discussionId);
      expect(detail?.answerCount).toBe(1);
      expect(detail?.answers[0]).toMatchObject({ id, can: { markBest: true, upvote: true } });
      const document = await findSearchDocument(database().db, discussionId);
      expect(document?.sfcommentcount).toBe(1);
      expect(document?.body_text).toContain('Reconnect the feed');
    });

    it('lets only the asker or a moderator mark the best answer', async () => {
      expect(await refusal(markBestAnswer(world.as('fan'), answerId))).toMatchObject({
        code: 'FORBIDDEN',
        status: 403,
      });
      await markBestAnswer(world.as('asker'), answerId);
      const detail = await getDiscussion(world.guest(), discussionId);
      expect(detail).toMatchObject({ answered: true, bestAnswerId: answerId });
      expect(detail?.answers[0]?.isBest).toBe(true);
      const document = await findSearchDocument(database().db, discussionId);
      expect(document?.sfbestcommentid).toBe(answerId);
    });

    it('counts one upvote per member and refuses one’s own post', async () => {
      expect((await upvotePost(world.as('fan'), answerId)).upvoteCount).toBe(1);
      expect((await upvotePost(world.as('fan'), answerId)).upvoteCount).toBe(1);
      expect(await refusal(upvotePost(world.as('helper'), answerId))).toMatchObject({
        code: 'FORBIDDEN',
      });
      expect((await upvotePost(world.as('helper'), discussionId)).upvoteCount).toBe(1);
    });

    it('comments on an answer but not on a comment', async () => {
      const { id } = await commentOnPost(world.as('fan'), answerId, { body: 'Worked for me.' });
      const detail = await getDiscussion(world.guest(), discussionId);
      expect(detail?.answers[0]?.comments.map((c) => c.id)).toEqual([id]);
      expect(await refusal(commentOnPost(world.as('fan'), id, { body: 'Nested?' }))).toMatchObject({
        code: 'INVALID_INPUT',
      });
    });

    it('keeps an edit history of the author’s own posts', async () => {
      expect(
        await refusal(editPost(world.as('fan'), answerId, { body: 'Not mine' })),
      ).toMatchObject({ code: 'FORBIDDEN' });
      await editPost(world.as('helper'), answerId, { body: 'Reconnect it, then refresh.' });
      await editDiscussion(world.as('asker'), discussionId, {
        title: 'Bank feed stopped importing since Monday',
        body: 'Updated details.',
      });
      const history = await getPostHistory(world.guest(), answerId);
      expect(history).toHaveLength(1);
      expect(history?.[0]?.bodyHtml).toContain('<strong>Bank accounts</strong>');
      const questionHistory = await getPostHistory(world.guest(), discussionId);
      expect(questionHistory?.[0]?.title).toBe('Bank feed stopped importing transactions');
      const detail = await getDiscussion(world.guest(), discussionId);
      expect(detail).toMatchObject({
        title: 'Bank feed stopped importing since Monday',
        revisionCount: 1,
      });
      expect(detail?.answers[0]).toMatchObject({ revisionCount: 1 });
    });
  });

  it('lists a topic’s discussions, its subtopics’ included', async () => {
    const banking = await listTopicDiscussions(world.guest(), world.topics.banking);
    expect(banking?.discussions.map((d) => d.id)).toEqual([discussionId]);
    expect(await listTopicDiscussions(world.guest(), 'unknown')).toBeUndefined();
  });

  it('pages through a tab of the community home, counting all of it', async () => {
    const first = await listTabDiscussions(world.guest(), 'recent', { limit: 1 });
    const second = await listTabDiscussions(world.guest(), 'recent', { offset: 1, limit: 1 });
    expect(first).toMatchObject({ tab: 'recent', total: 2 });
    expect(second.total).toBe(2);
    expect([...first.discussions, ...second.discussions].map((d) => d.title).sort()).toEqual([
      'Bank feed stopped importing since Monday',
      'Payroll question sent twice',
    ]);
    const unanswered = await listTabDiscussions(world.guest(), 'unanswered');
    expect(unanswered.total).toBe(1);
    expect(unanswered.discussions.map((d) => d.title)).toEqual(['Payroll question sent twice']);
  });

  it(`refuses the ${POSTING_LIMIT + 1}th post within the posting window`, async () => {
    const now = new Date();
    const busy = world.as('busy', now);
    for (let index = 0; index < POSTING_LIMIT; index += 1) {
      await commentOnPost(busy, discussionId, { body: `Note ${index}` });
    }
    expect(await refusal(commentOnPost(busy, discussionId, { body: 'One more' }))).toMatchObject({
      code: 'RATE_LIMITED',
      status: 429,
    });
    const later = new Date(now.getTime() + 11 * 60 * 1000);
    await commentOnPost(world.as('busy', later), discussionId, { body: 'Later on' });
  });
});
