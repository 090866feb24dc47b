import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDialect } from '~tests/support/dialects.ts';
import { signInAs } from '~tests/support/sessions.ts';
import { POSTING_LIMIT } from '~core/community';
import {
  BASIC_FIXTURE,
  FIXTURE_SETTINGS,
} from '~server/modules/content/fixtures/fixture-folder.ts';
import { importContent } from '~server/modules/content/import/content-import.ts';
import { contentIds } from '~server/modules/content/import/content-rows.ts';
import { GUEST, type PortalUser, type Viewer } from '~server/modules/identity/viewer.ts';
import { listOutbox } from '~server/modules/mail/mail.repository.ts';
import { findSearchDocument } from '~server/modules/search/search-documents.repository.ts';
import { rawFieldsOf } from '~server/modules/search/search-results.ts';
import * as community from './community.service.ts';
import type { CommunityContext } from './community.service.ts';

const SITE = 'http://portal.test';
const topics = { bankFeeds: contentIds.topic('bank-feeds'), payroll: contentIds.topic('payroll') };

function viewerOf(user: PortalUser): Viewer {
  return { isGuest: false, user, sessionId: 'test-session' };
}

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof community.CommunityError) {
      return { code: error.errorCode, status: error.status, field: error.field };
    }
    throw error;
  }
  throw new Error('expected a refusal');
}

describeEachDialect('community service', (database) => {
  const people: Record<'asker' | 'helper' | 'fan' | 'topicFan' | 'admin' | 'busy', PortalUser> =
    {} as never;
  const as = (who: keyof typeof people, now?: Date): CommunityContext => ({
    db: database().db,
    viewer: viewerOf(people[who]),
    siteUrl: SITE,
    ...(now ? { now } : {}),
  });
  const guest = (): CommunityContext => ({ db: database().db, viewer: GUEST, siteUrl: SITE });
  let discussionId = '';
  let answerId = '';

  beforeAll(async () => {
    const report = await importContent(database().db, BASIC_FIXTURE, FIXTURE_SETTINGS);
    expect(report.issues).toEqual([]);
    const sign = async (subject: string, firstName: string, extra: object = {}) =>
      (
        await signInAs(database(), {
          subject,
          firstName,
          lastName: 'tester',
          email: `${subject}@example.com`,
          ...extra,
        })
      ).user;
    people.asker = await sign('asker', 'ava');
    people.helper = await sign('helper', 'hugo');
    people.fan = await sign('fan', 'fay');
    people.topicFan = await sign('topic-fan', 'tom');
    people.admin = await sign('admin', 'ada', { canViewSetup: true });
    people.busy = await sign('busy', 'bea');
  });

  describe('starting a discussion', () => {
    it('asks a guest to sign in', async () => {
      expect(await refusal(community.startDiscussion(guest(), { title: 'x', body: 'y' }))).toEqual({
        code: 'SIGN_IN_REQUIRED',
        status: 401,
        field: undefined,
      });
    });

    it('refuses a short title with a 400 naming the field', async () => {
      expect(
        await refusal(community.startDiscussion(as('asker'), { title: 'Help', body: 'Body text' })),
      ).toMatchObject({ code: 'INVALID_INPUT', status: 400, field: 'title' });
    });

    it('refuses an unknown topic or product', async () => {
      const base = { title: 'Bank feed stopped', body: 'It stopped.' };
      expect(
        await refusal(community.startDiscussion(as('asker'), { ...base, topicIds: ['nope'] })),
      ).toMatchObject({ field: 'topicIds' });
      expect(
        await refusal(community.startDiscussion(as('asker'), { ...base, product: 'nope' })),
      ).toMatchObject({ field: 'product' });
    });

    it('refuses banned words in the title or the body', async () => {
      expect(
        await refusal(
          community.startDiscussion(as('asker'), { title: 'This bastard feed', body: 'Fine' }),
        ),
      ).toMatchObject({ code: 'BANNED_WORDS', status: 400, field: 'title' });
      expect(
        await refusal(
          community.startDiscussion(as('asker'), {
            title: 'Bank feed stopped',
            body: 'Son of a  bitch, it broke',
          }),
        ),
      ).toMatchObject({ code: 'BANNED_WORDS', field: 'body' });
    });

    it('creates the discussion, its search document and the asker’s follow', async () => {
      const { id } = await community.startDiscussion(as('asker'), {
        title: 'Bank feed stopped importing transactions',
        body: 'My **bank feed** has not imported anything since Monday. <script>alert(1)</script>',
        topicIds: [topics.bankFeeds],
        product: 'accounting',
      });
      discussionId = id;
      expect(id).toMatch(/^0D5[A-Za-z0-9]{15}$/);
      const detail = await community.getDiscussion(guest(), id);
      expect(detail).toMatchObject({
        title: 'Bank feed stopped importing transactions',
        answerCount: 0,
        answered: false,
        topics: [{ id: topics.bankFeeds, name: 'Bank feeds' }],
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
      expect(await community.listFollows(as('asker'))).toEqual([
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
        community.startDiscussion(as('asker'), input),
        community.startDiscussion(as('asker'), input),
      ]);
      const third = await community.startDiscussion(as('asker'), input);
      expect(second.id).toBe(first.id);
      expect(third.id).toBe(first.id);
      const mine = await community.listMyDiscussions(as('asker'));
      expect(mine.filter((d) => d.title === input.title)).toHaveLength(1);
    });
  });

  describe('answers, best answers and e-mail', () => {
    beforeAll(async () => {
      await community.followDiscussion(as('fan'), discussionId, true);
      await community.followTopic(as('topicFan'), topics.bankFeeds, true);
      // Following both the discussion and its topic still makes one e-mail per event.
      await community.followTopic(as('fan'), topics.bankFeeds, true);
    });

    it('answers, counts the answer and mails each follower once, not the answerer', async () => {
      const { id } = await community.answerDiscussion(as('helper'), discussionId, {
        body: 'Reconnect the feed under **Bank accounts**.',
        idempotencyKey: 'answer-key-01',
      });
      answerId = id;
      const again = await community.answerDiscussion(as('helper'), discussionId, {
        body: 'Reconnect the feed under **Bank accounts**.',
        idempotencyKey: 'answer-key-01',
      });
      expect(again.id).toBe(id);
      const detail = await community.getDiscussion(as('asker'), discussionId);
      expect(detail?.answerCount).toBe(1);
      expect(detail?.answers[0]).toMatchObject({ id, can: { markBest: true, upvote: true } });
      const outbox = await listOutbox(database().db);
      expect(outbox.map((row) => row.recipient).sort()).toEqual([
        '"Ava Tester" <asker@example.com>',
        '"Fay Tester" <fan@example.com>',
        '"Tom Tester" <topic-fan@example.com>',
      ]);
      const toFan = outbox.find((row) => row.recipient.includes('fan@'));
      expect(toFan?.subject).toBe('New answer: Bank feed stopped importing transactions');
      expect(toFan?.text_body).toContain(`${SITE}/s/question/${discussionId}`);
      expect(toFan?.text_body).toContain(`${SITE}/s/unsubscribe-topic?token=`);
      const document = await findSearchDocument(database().db, discussionId);
      expect(document?.sfcommentcount).toBe(1);
      expect(document?.body_text).toContain('Reconnect the feed');
    });

    it('lets only the asker or a moderator mark the best answer', async () => {
      expect(await refusal(community.markBestAnswer(as('fan'), answerId))).toMatchObject({
        code: 'FORBIDDEN',
        status: 403,
      });
      await community.markBestAnswer(as('asker'), answerId);
      const detail = await community.getDiscussion(guest(), discussionId);
      expect(detail).toMatchObject({ answered: true, bestAnswerId: answerId });
      expect(detail?.answers[0]?.isBest).toBe(true);
      const document = await findSearchDocument(database().db, discussionId);
      expect(document?.sfbestcommentid).toBe(answerId);
      const best = (await listOutbox(database().db)).filter((row) =>
        row.subject.startsWith('Best answer chosen'),
      );
      // The asker chose it: the helper (who follows after answering) and both fans are told.
      expect(best.map((row) => row.recipient).sort()).toEqual([
        '"Fay Tester" <fan@example.com>',
        '"Hugo Tester" <helper@example.com>',
        '"Tom Tester" <topic-fan@example.com>',
      ]);
      await community.markBestAnswer(as('asker'), answerId);
      expect(
        (await listOutbox(database().db)).filter((row) => row.subject.startsWith('Best')),
      ).toHaveLength(3);
    });

    it('counts one upvote per member and refuses one’s own post', async () => {
      expect((await community.upvotePost(as('fan'), answerId)).upvoteCount).toBe(1);
      expect((await community.upvotePost(as('fan'), answerId)).upvoteCount).toBe(1);
      expect(await refusal(community.upvotePost(as('helper'), answerId))).toMatchObject({
        code: 'FORBIDDEN',
      });
      expect((await community.upvotePost(as('helper'), discussionId)).upvoteCount).toBe(1);
    });

    it('comments on an answer but not on a comment', async () => {
      const { id } = await community.commentOnPost(as('fan'), answerId, { body: 'Worked for me.' });
      const detail = await community.getDiscussion(guest(), discussionId);
      expect(detail?.answers[0]?.comments.map((c) => c.id)).toEqual([id]);
      expect(
        await refusal(community.commentOnPost(as('fan'), id, { body: 'Nested?' })),
      ).toMatchObject({ code: 'INVALID_INPUT' });
    });

    it('keeps an edit history of the author’s own posts', async () => {
      expect(
        await refusal(community.editPost(as('fan'), answerId, { body: 'Not mine' })),
      ).toMatchObject({ code: 'FORBIDDEN' });
      await community.editPost(as('helper'), answerId, { body: 'Reconnect it, then refresh.' });
      await community.editDiscussion(as('asker'), discussionId, {
        title: 'Bank feed stopped importing since Monday',
        body: 'Updated details.',
      });
      const history = await community.getPostHistory(guest(), answerId);
      expect(history).toHaveLength(1);
      expect(history?.[0]?.bodyHtml).toContain('<strong>Bank accounts</strong>');
      const questionHistory = await community.getPostHistory(guest(), discussionId);
      expect(questionHistory?.[0]?.title).toBe('Bank feed stopped importing transactions');
      const detail = await community.getDiscussion(guest(), discussionId);
      expect(detail).toMatchObject({
        title: 'Bank feed stopped importing since Monday',
        revisionCount: 1,
      });
      expect(detail?.answers[0]).toMatchObject({ revisionCount: 1 });
    });

    it('unfollows by the e-mail’s token without signing in', async () => {
      const toTopicFan = (await listOutbox(database().db)).find((row) =>
        row.recipient.includes('topic-fan@'),
      );
      const token = /token=([A-Za-z0-9_-]+)/.exec(toTopicFan?.text_body ?? '')?.[1] ?? '';
      expect(await community.unsubscribeByToken(database().db, token)).toEqual({
        kind: 'topic',
        id: topics.bankFeeds,
        title: 'Bank feeds',
      });
      expect(await community.unsubscribeByToken(database().db, token)).toBeUndefined();
      expect(await community.unsubscribeByToken(database().db, 'bad')).toBeUndefined();
      expect(await community.listFollows(as('topicFan'))).toEqual([]);
    });
  });

  describe('moderation', () => {
    it('queues flags for admins only', async () => {
      await community.flagItem(as('fan'), 'post', discussionId, { reason: 'spam' });
      expect(
        await refusal(community.flagItem(as('asker'), 'post', discussionId, { reason: 'spam' })),
      ).toMatchObject({ code: 'FORBIDDEN' });
      expect(
        await refusal(community.flagItem(as('fan'), 'post', answerId, { reason: 'other' })),
      ).toMatchObject({ code: 'INVALID_INPUT', field: 'note' });
      expect(await refusal(community.listModerationQueue(as('fan')))).toMatchObject({
        code: 'FORBIDDEN',
      });
      const queue = await community.listModerationQueue(as('admin'));
      expect(queue).toHaveLength(1);
      expect(queue[0]).toMatchObject({ target: 'post', id: discussionId, hidden: false });
    });

    it('hides and restores a discussion, and its search document with it', async () => {
      await community.setHidden(as('admin'), 'post', discussionId, true);
      expect(await community.getDiscussion(guest(), discussionId)).toBeUndefined();
      expect(await community.getDiscussion(as('admin'), discussionId)).toMatchObject({
        hidden: true,
      });
      expect(await findSearchDocument(database().db, discussionId)).toBeUndefined();
      expect(await community.listModerationQueue(as('admin'))).toEqual([]);
      await community.setHidden(as('admin'), 'post', discussionId, false);
      expect(await findSearchDocument(database().db, discussionId)).toBeDefined();
    });

    it('hides an answer from everyone but moderators and its author', async () => {
      await community.setHidden(as('admin'), 'post', answerId, true);
      expect((await community.getDiscussion(guest(), discussionId))?.answers).toEqual([]);
      expect((await community.getDiscussion(as('helper'), discussionId))?.answers).toHaveLength(1);
      await community.setHidden(as('admin'), 'post', answerId, false);
      expect((await community.getDiscussion(guest(), discussionId))?.answerCount).toBe(1);
    });

    it('locks a discussion against new answers and edits', async () => {
      expect(await refusal(community.setLocked(as('asker'), discussionId, true))).toMatchObject({
        code: 'FORBIDDEN',
      });
      await community.setLocked(as('admin'), discussionId, true);
      expect(
        await refusal(community.answerDiscussion(as('fan'), discussionId, { body: 'Late' })),
      ).toMatchObject({ code: 'LOCKED', status: 409 });
      expect(
        await refusal(community.editPost(as('helper'), answerId, { body: 'Edit' })),
      ).toMatchObject({ code: 'FORBIDDEN' });
      await community.setLocked(as('admin'), discussionId, false);
    });
  });

  describe('product ideas', () => {
    let ideaId = '';

    it('proposes an idea, searchable as ProductIdea', async () => {
      ideaId = (
        await community.proposeIdea(as('fan'), {
          title: 'Bulk-approve expense claims',
          body: 'Let managers approve many claims at once.',
        })
      ).id;
      const document = await findSearchDocument(database().db, ideaId);
      expect(document).toMatchObject({
        objecttypelabel: 'ProductIdea',
        common_contenttype: 'ProductIdea',
        click_uri: `/s/ideas/${ideaId}`,
      });
    });

    it('counts one vote per member', async () => {
      expect((await community.voteForIdea(as('asker'), ideaId)).voteCount).toBe(1);
      expect((await community.voteForIdea(as('asker'), ideaId)).voteCount).toBe(1);
      expect((await community.voteForIdea(as('helper'), ideaId)).voteCount).toBe(2);
      expect(await community.getIdea(as('asker'), ideaId)).toMatchObject({
        voteCount: 2,
        votedByViewer: true,
        can: { vote: false, setStatus: false },
      });
    });

    it('lets admins alone set the status', async () => {
      expect(await refusal(community.setIdeaStatus(as('fan'), ideaId, 'planned'))).toMatchObject({
        code: 'FORBIDDEN',
      });
      expect(
        await refusal(community.setIdeaStatus(as('admin'), ideaId, 'maybe' as never)),
      ).toMatchObject({ code: 'INVALID_INPUT' });
      await community.setIdeaStatus(as('admin'), ideaId, 'under review');
      expect(
        (await community.listIdeas(guest(), { status: 'under review' })).map((i) => i.id),
      ).toEqual([ideaId]);
    });

    it('takes comments, checked for banned words', async () => {
      await community.commentOnIdea(as('asker'), ideaId, { body: 'Yes please!' });
      expect(
        await refusal(community.commentOnIdea(as('asker'), ideaId, { body: 'shit idea' })),
      ).toMatchObject({ code: 'BANNED_WORDS' });
      expect(await community.getIdea(guest(), ideaId)).toMatchObject({
        commentCount: 1,
        comments: [{ author: { name: 'Ava Tester' } }],
      });
    });
  });

  describe('home, profiles and the feed', () => {
    it('shows recent, unanswered and popular discussions, topics and the leaderboard', async () => {
      const home = await community.getCommunityHome(guest());
      expect(home.recent.length).toBeGreaterThanOrEqual(2);
      expect(home.unanswered.map((d) => d.title)).toEqual(['Payroll question sent twice']);
      expect(home.popular[0]?.id).toBe(discussionId);
      expect(home.popularTopics).toEqual([
        { id: topics.bankFeeds, name: 'Bank feeds', discussionCount: 1 },
      ]);
      expect(home.leaderboard[0]).toMatchObject({
        id: people.helper.id,
        bestAnswers: 1,
        upvotes: 1,
        answers: 1,
      });
    });

    it('lists a topic’s discussions, its subtopics’ included', async () => {
      const banking = await community.listTopicDiscussions(guest(), contentIds.topic('banking'));
      expect(banking?.discussions.map((d) => d.id)).toEqual([discussionId]);
      expect(await community.listTopicDiscussions(guest(), 'unknown')).toBeUndefined();
    });

    it('shows a profile with join date, about text and activity', async () => {
      expect(
        await refusal(community.updateProfile(as('helper'), { about: 'I am a wanker' })),
      ).toMatchObject({ code: 'BANNED_WORDS', field: 'about' });
      await community.updateProfile(as('helper'), { about: 'Bookkeeper in *Leeds*.' });
      const profile = await community.getMemberProfile(guest(), people.helper.id);
      expect(profile).toMatchObject({
        name: 'Hugo Tester',
        about: 'Bookkeeper in *Leeds*.',
        counts: { discussions: 0, answers: 1, bestAnswers: 1, ideas: 0 },
        isViewer: false,
      });
      expect(profile?.aboutHtml).toContain('<em>Leeds</em>');
      expect(profile?.activity.map((item) => item.kind)).toEqual(['best-answer', 'answered']);
    });

    it('lists recent activity, newest first', async () => {
      const feed = await community.listRecentActivity(guest(), { limit: 3 });
      expect(feed).toHaveLength(3);
      expect(feed[0]?.kind).toBe('idea-commented');
      expect([...feed].sort((a, b) => b.at.localeCompare(a.at))).toEqual(feed);
    });
  });

  it(`refuses the ${POSTING_LIMIT + 1}th post within the posting window`, async () => {
    const now = new Date();
    for (let index = 0; index < POSTING_LIMIT; index += 1) {
      await community.commentOnPost(as('busy', now), discussionId, { body: `Note ${index}` });
    }
    expect(
      await refusal(community.commentOnPost(as('busy', now), discussionId, { body: 'One more' })),
    ).toMatchObject({ code: 'RATE_LIMITED', status: 429 });
    const later = new Date(now.getTime() + 11 * 60 * 1000);
    await community.commentOnPost(as('busy', later), discussionId, { body: 'Later on' });
  });
});
