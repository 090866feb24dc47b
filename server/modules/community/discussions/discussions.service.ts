import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  answerInput,
  commentInput,
  discussionEditInput,
  discussionInput,
  excerptOf,
  flagInput,
  ideaInput,
  isIdeaStatus,
  mayPostNow,
  postEditInput,
  POSTING_WINDOW_MS,
  profileInput,
  type AnswerInput,
  type CommentInput,
  type DiscussionEditInput,
  type DiscussionInput,
  type FlagInput,
  type IdeaInput,
  type IdeaStatus,
  type PostEditInput,
  type ProfileInput,
  type ActivityItem,
  type Answer,
  type Comment,
  type CommunityHome,
  type ComposeOptions,
  type DiscussionDetail,
  type DiscussionSummary,
  type FlagTarget,
  type FollowedTarget,
  type IdeaComment,
  type IdeaDetail,
  type IdeaSummary,
  type MemberProfile,
  type MemberRef,
  type ModerationItem,
  type PostRevision,
  type TopicDiscussions,
} from '~core/community';
import { fullName } from '~core/ui';
import { isRecordId } from '~core/records';
import type { Database } from '~server/db/schema.ts';
import { newRecordId } from '~server/db/ids.ts';
import type { PortalUser, Viewer } from '~server/modules/identity/viewer.ts';
import { CommunityError } from './community-error.ts';
import { notifyFollowers } from './community-notify.ts';
import {
  isModerator,
  mayEdit,
  mayFlag,
  mayMarkBest,
  mayReply,
  maySee,
  mayUpvote,
  requireMember,
  requireModerator,
  type Actor,
} from './community.policy.ts';
import * as repository from './community.repository.ts';
import { indexDiscussion, indexIdea } from './community-search.ts';
import { acceptUserText, checkBannedWords, renderUserText } from './community-text.ts';
import type { FlagKind, FollowKind } from './community.tables.ts';
export { CommunityError, isCommunityError } from './community-error.ts';

/** What every call needs: the database, who is asking, and the site URL links are judged by. */
export interface CommunityContext {
  db: Kysely<Database>;
  viewer: Viewer;
  /** The configured site URL (context.config.siteUrl): links elsewhere are marked external. */
  siteUrl: string;
  now?: Date;
}

type Db = Kysely<Database>;

/** Record id prefixes of the platform's objects: feed comments (answers, comments) and ideas. */

const HOME_LIST_SIZE = 5;
const POPULAR_TOPICS = 8;
const LEADERBOARD_SIZE = 5;
const MY_DISCUSSIONS_LIMIT = 200;
const DEFAULT_PAGE = 20;
const MAX_PAGE = 100;

function nowOf(context: CommunityContext): Date {
  return context.now ?? new Date();
}

function actorOf(context: CommunityContext): Actor {
  return context.viewer.user;
}

function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path[0];
  throw new CommunityError(
    'INVALID_INPUT',
    issue?.message ?? 'The form is not complete.',
    typeof field === 'string' ? field : undefined,
  );
}

function notFound(what: string): CommunityError {
  return new CommunityError('NOT_FOUND', `This ${what} does not exist or was removed.`);
}

function paging(options?: { offset?: number; limit?: number }): { offset: number; limit: number } {
  const offset = Math.max(0, Math.floor(options?.offset ?? 0));
  const limit = Math.min(MAX_PAGE, Math.max(1, Math.floor(options?.limit ?? DEFAULT_PAGE)));
  return { offset, limit };
}

/* Members */

function memberRefOf(row: repository.MemberRow | undefined, id: string): MemberRef {
  if (!row) return { id, name: 'Former member', firstName: '', lastName: '' };
  return {
    id: row.id,
    name: fullName(row.first_name, row.last_name),
    firstName: row.first_name,
    lastName: row.last_name,
  };
}

async function membersById(db: Db, ids: readonly string[]) {
  const rows = await repository.findMembers(db, ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return (id: string) => memberRefOf(byId.get(id), id);
}

/* Writing helpers */

/**
 * Runs a create under the form's idempotency key: a key seen before answers the first
 * result again and writes nothing; otherwise the key is taken in the same transaction as the
 * write, so of two identical submits racing each other only one writes.
 */
async function once(
  trx: Db,
  user: PortalUser,
  key: string | undefined,
  action: string,
  newId: string,
  now: Date,
  create: () => Promise<void>,
): Promise<{ id: string; created: boolean }> {
  if (key) {
    const existing = await repository.claimIdempotencyKey(trx, {
      user_id: user.id,
      key,
      action,
      result_id: newId,
      created_at: now.toISOString(),
    });
    if (existing) {
      if (existing.action !== action) {
        throw new CommunityError(
          'INVALID_INPUT',
          'This form was already sent. Reload the page and try again.',
        );
      }
      return { id: existing.result_id, created: false };
    }
  }
  await checkRate(trx, user, now);
  await create();
  return { id: newId, created: true };
}

async function checkRate(db: Db, user: PortalUser, now: Date): Promise<void> {
  if (isModerator(user)) return;
  const since = new Date(now.getTime() - POSTING_WINDOW_MS).toISOString();
  const times = await repository.listPostTimesSince(db, user.id, since);
  if (
    !mayPostNow(
      times.map((time) => Date.parse(time)),
      now.getTime(),
    )
  ) {
    throw new CommunityError(
      'RATE_LIMITED',
      'You are posting very quickly. Wait a few minutes and try again; your text has been kept.',
    );
  }
}

function unsubscribeToken(): string {
  return randomBytes(24).toString('base64url');
}

async function follow(db: Db, userId: string, kind: FollowKind, targetId: string, now: Date) {
  await repository.insertFollow(db, {
    user_id: userId,
    target_kind: kind,
    target_id: targetId,
    token: unsubscribeToken(),
    now: now.toISOString(),
  });
}

async function validTopicIds(db: Db, topicIds: readonly string[]): Promise<string[]> {
  const unique = [...new Set(topicIds.filter((id) => id !== ''))];
  if (unique.length === 0) return [];
  const known = new Set((await repository.listTopics(db)).map((topic) => topic.id));
  if (unique.some((id) => !known.has(id))) {
    throw new CommunityError('INVALID_INPUT', 'Choose topics from the list.', 'topicIds');
  }
  return unique;
}

async function validProduct(db: Db, product: string | undefined): Promise<string | null> {
  if (product === undefined) return null;
  const products = await repository.listProducts(db);
  if (!products.some((candidate) => candidate.key === product)) {
    throw new CommunityError('INVALID_INPUT', 'Choose a product from the list.', 'product');
  }
  return product;
}

interface LoadedDiscussion {
  discussion: repository.DiscussionRow;
  state: { hidden: boolean; locked: boolean; authorId: string };
}

async function loadDiscussion(db: Db, user: Actor, id: string): Promise<LoadedDiscussion> {
  const discussion = isRecordId(id) ? await repository.findDiscussion(db, id) : undefined;
  if (!discussion) throw notFound('discussion');
  const state = {
    hidden: discussion.hidden === 1,
    locked: discussion.locked === 1,
    authorId: discussion.author_id,
  };
  if (!maySee(user, state)) throw notFound('discussion');
  return { discussion, state };
}

async function loadPost(db: Db, user: Actor, id: string) {
  const post = isRecordId(id) ? await repository.findPost(db, id) : undefined;
  if (!post) throw notFound('post');
  const loaded = await loadDiscussion(db, user, post.discussion_id);
  const postState = { hidden: post.hidden === 1, authorId: post.author_id };
  if (!maySee(user, postState)) throw notFound('post');
  return { post, postState, ...loaded };
}

function lockedError(): CommunityError {
  return new CommunityError(
    'LOCKED',
    'This discussion is locked: it takes no new answers or comments.',
  );
}

/* Reading: summaries */

async function summariesOf(
  db: Db,
  rows: readonly repository.DiscussionRow[],
): Promise<DiscussionSummary[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [questions, topics, products, member] = await Promise.all([
    repository.findPosts(db, ids),
    repository.listDiscussionTopics(db, ids),
    repository.listProducts(db),
    membersById(
      db,
      rows.map((row) => row.author_id),
    ),
  ]);
  const questionOf = new Map(questions.map((post) => [post.id, post]));
  return rows.map((row) => {
    const question = questionOf.get(row.id);
    const product = products.find((candidate) => candidate.key === row.product);
    return {
      id: row.id,
      title: row.title,
      excerpt: excerptOf(question?.body_text ?? ''),
      author: member(row.author_id),
      createdAt: row.created_at,
      lastActivityAt: row.last_activity_at,
      answerCount: row.answer_count,
      upvoteCount: question?.upvote_count ?? 0,
      answered: row.best_answer_id !== null,
      locked: row.locked === 1,
      hidden: row.hidden === 1,
      topics: topics
        .filter((topic) => topic.discussion_id === row.id)
        .map((topic) => ({ id: topic.id, name: topic.name })),
      product: product ? { key: product.key, name: product.name } : null,
    };
  });
}

export async function getCommunityHome(context: CommunityContext): Promise<CommunityHome> {
  const { db } = context;
  const [recent, unanswered, popular, topics, stats] = await Promise.all([
    repository.listDiscussions(db, { visibleOnly: true, order: 'activity', limit: HOME_LIST_SIZE }),
    repository.listDiscussions(db, {
      visibleOnly: true,
      unanswered: true,
      order: 'created',
      limit: HOME_LIST_SIZE,
    }),
    repository.listDiscussions(db, { visibleOnly: true, order: 'popular', limit: HOME_LIST_SIZE }),
    repository.listPopularTopics(db, POPULAR_TOPICS),
    repository.listAnswerStats(db, { limit: LEADERBOARD_SIZE }),
  ]);
  const member = await membersById(
    db,
    stats.map((row) => row.author_id),
  );
  return {
    recent: await summariesOf(db, recent),
    unanswered: await summariesOf(db, unanswered),
    popular: await summariesOf(db, popular),
    popularTopics: topics.map((topic) => ({
      id: topic.id,
      name: topic.name,
      discussionCount: topic.count,
    })),
    leaderboard: stats.map((row) => ({
      ...member(row.author_id),
      bestAnswers: row.best_answers,
      upvotes: row.upvotes,
      answers: row.answers,
    })),
  };
}

/* Reading: one discussion */

export async function getDiscussion(
  context: CommunityContext,
  id: string,
): Promise<DiscussionDetail | undefined> {
  const { db, siteUrl } = context;
  const user = actorOf(context);
  let loaded: LoadedDiscussion;
  try {
    loaded = await loadDiscussion(db, user, id);
  } catch (error) {
    if (error instanceof CommunityError && error.errorCode === 'NOT_FOUND') return undefined;
    throw error;
  }
  const { discussion, state } = loaded;
  const posts = (await repository.listPostsOfDiscussion(db, discussion.id)).filter((post) =>
    maySee(user, { hidden: post.hidden === 1, authorId: post.author_id }),
  );
  const question = posts.find((post) => post.id === discussion.id);
  if (!question) return undefined;
  const postIds = posts.map((post) => post.id);
  const [[summary], member, voted, revisions, followed] = await Promise.all([
    summariesOf(db, [discussion]),
    membersById(
      db,
      posts.map((post) => post.author_id),
    ),
    user ? repository.listVotedPosts(db, user.id, postIds) : Promise.resolve(new Set<string>()),
    repository.countRevisions(db, postIds),
    user
      ? repository.isFollowing(db, user.id, 'discussion', discussion.id)
      : Promise.resolve(false),
  ]);
  if (!summary) return undefined;
  const moderator = isModerator(user);
  const canReply = mayReply(user, state);
  const postState = (post: repository.PostRow) => ({
    hidden: post.hidden === 1,
    authorId: post.author_id,
  });
  const commentOf = (post: repository.PostRow): Comment => ({
    id: post.id,
    author: member(post.author_id),
    createdAt: post.created_at,
    editedAt: post.edited_at,
    bodyHtml: renderUserText(siteUrl, post.body),
    bodyMarkdown: post.body,
    hidden: post.hidden === 1,
    can: {
      edit: mayEdit(user, postState(post), state),
      flag: mayFlag(user, postState(post)),
      moderate: moderator,
    },
  });
  const commentsOn = (parentId: string) =>
    posts.filter((post) => post.kind === 'comment' && post.parent_id === parentId).map(commentOf);
  const answers: Answer[] = posts
    .filter((post) => post.kind === 'answer')
    .map((post) => {
      const base = commentOf(post);
      return {
        ...base,
        upvoteCount: post.upvote_count,
        upvotedByViewer: voted.has(post.id),
        isBest: discussion.best_answer_id === post.id,
        comments: commentsOn(post.id),
        revisionCount: revisions.get(post.id) ?? 0,
        can: {
          ...base.can,
          upvote: mayUpvote(user, postState(post)),
          markBest:
            discussion.best_answer_id !== post.id && mayMarkBest(user, state, postState(post)),
        },
      };
    })
    .sort((a, b) => Number(b.isBest) - Number(a.isBest));
  return {
    ...summary,
    bodyHtml: renderUserText(siteUrl, question.body),
    bodyMarkdown: question.body,
    editedAt: question.edited_at,
    revisionCount: revisions.get(question.id) ?? 0,
    upvotedByViewer: voted.has(question.id),
    bestAnswerId: discussion.best_answer_id,
    answers,
    comments: commentsOn(question.id),
    followedByViewer: followed,
    can: {
      answer: canReply,
      comment: canReply,
      edit: mayEdit(user, postState(question), state),
      upvote: mayUpvote(user, postState(question)),
      follow: user !== null,
      flag: mayFlag(user, postState(question)),
      moderate: moderator,
    },
  };
}

export async function getPostHistory(
  context: CommunityContext,
  postId: string,
): Promise<PostRevision[] | undefined> {
  const { db, siteUrl } = context;
  try {
    const { post } = await loadPost(db, actorOf(context), postId);
    const revisions = await repository.listRevisions(db, post.id);
    const member = await membersById(
      db,
      revisions.map((revision) => revision.edited_by),
    );
    return revisions.map((revision) => ({
      editedAt: revision.edited_at,
      editedBy: member(revision.edited_by),
      title: revision.title,
      bodyHtml: renderUserText(siteUrl, revision.body),
    }));
  } catch (error) {
    if (error instanceof CommunityError && error.errorCode === 'NOT_FOUND') return undefined;
    throw error;
  }
}

/* Reading: lists */

export async function listTopicDiscussions(
  context: CommunityContext,
  topicId: string,
  options?: { offset?: number; limit?: number },
): Promise<TopicDiscussions | undefined> {
  const { db } = context;
  const user = actorOf(context);
  const topics = await repository.listTopics(db);
  const topic = topics.find((candidate) => candidate.id === topicId);
  if (!topic) return undefined;
  const parent = topics.find((candidate) => candidate.id === topic.parent_id);
  const topicIds = [topic.id, ...topics.filter((t) => t.parent_id === topic.id).map((t) => t.id)];
  const { offset, limit } = paging(options);
  const query = { visibleOnly: !isModerator(user), topicIds, order: 'activity' as const };
  const [rows, total, followed] = await Promise.all([
    repository.listDiscussions(db, { ...query, offset, limit }),
    repository.countDiscussions(db, { ...query, limit }),
    user ? repository.isFollowing(db, user.id, 'topic', topic.id) : Promise.resolve(false),
  ]);
  return {
    topic: {
      id: topic.id,
      name: topic.name,
      description: topic.description,
      parent: parent ? { id: parent.id, name: parent.name } : null,
    },
    discussions: await summariesOf(db, rows),
    total,
    followedByViewer: followed,
  };
}

export async function listMyDiscussions(context: CommunityContext): Promise<DiscussionSummary[]> {
  const user = requireMember(context.viewer);
  const rows = await repository.listDiscussions(context.db, {
    visibleOnly: false,
    involving: user.id,
    order: 'activity',
    limit: MY_DISCUSSIONS_LIMIT,
  });
  return summariesOf(
    context.db,
    rows.filter((row) => maySee(user, { hidden: row.hidden === 1, authorId: row.author_id })),
  );
}

async function activity(
  db: Db,
  options: { authorId?: string; offset: number; limit: number },
): Promise<ActivityItem[]> {
  const take = options.offset + options.limit;
  const [posts, best, ideas, ideaComments] = await Promise.all([
    repository.listRecentPosts(db, { authorId: options.authorId, limit: take }),
    repository.listRecentBestAnswers(db, { authorId: options.authorId, limit: take }),
    repository.listIdeas(db, {
      visibleOnly: true,
      authorId: options.authorId,
      sort: 'newest',
      limit: take,
    }),
    repository.listRecentIdeaComments(db, { authorId: options.authorId, limit: take }),
  ]);
  const member = await membersById(db, [
    ...posts.map((post) => post.author_id),
    ...best.map((row) => row.author_id),
    ...ideas.map((idea) => idea.author_id),
    ...ideaComments.map((comment) => comment.author_id),
  ]);
  const items: ActivityItem[] = [
    ...posts.map((post) => ({
      kind:
        post.kind === 'question'
          ? ('discussion-started' as const)
          : post.kind === 'answer'
            ? ('answered' as const)
            : ('commented' as const),
      at: post.created_at,
      actor: member(post.author_id),
      subject: { kind: 'discussion' as const, id: post.discussion_id, title: post.title },
      postId: post.kind === 'question' ? null : post.id,
      excerpt: excerptOf(post.body_text),
    })),
    ...best.map((row) => ({
      kind: 'best-answer' as const,
      at: row.best_answer_at ?? '',
      actor: member(row.author_id),
      subject: { kind: 'discussion' as const, id: row.discussion_id, title: row.title },
      postId: row.id,
      excerpt: excerptOf(row.body_text),
    })),
    ...ideas.map((idea) => ({
      kind: 'idea-proposed' as const,
      at: idea.created_at,
      actor: member(idea.author_id),
      subject: { kind: 'idea' as const, id: idea.id, title: idea.title },
      postId: null,
      excerpt: excerptOf(idea.body_text),
    })),
    ...ideaComments.map((comment) => ({
      kind: 'idea-commented' as const,
      at: comment.created_at,
      actor: member(comment.author_id),
      subject: { kind: 'idea' as const, id: comment.idea_id, title: comment.title },
      postId: comment.id,
      excerpt: excerptOf(comment.body_text),
    })),
  ];
  return items
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(options.offset, options.offset + options.limit);
}

export async function listRecentActivity(
  context: CommunityContext,
  options?: { offset?: number; limit?: number },
): Promise<ActivityItem[]> {
  return activity(context.db, paging(options));
}

/** How many accepted answers the generated answers draw on; the newest are kept. */
const ACCEPTED_ANSWER_LIMIT = 5000;

/**
 * Accepted (best) answers of visible discussions, newest first: the generated answers quote
 * them as passages (issue: "accepted community answers"), each under its discussion's title.
 */
export async function listAcceptedAnswers(
  db: Kysely<Database>,
): Promise<{ discussionId: string; title: string; answerText: string }[]> {
  const rows = await repository.listRecentBestAnswers(db, { limit: ACCEPTED_ANSWER_LIMIT });
  return rows.map((row) => ({
    discussionId: row.discussion_id,
    title: row.title,
    answerText: row.body_text,
  }));
}

export async function getMemberProfile(
  context: CommunityContext,
  userId: string,
): Promise<MemberProfile | undefined> {
  const { db, siteUrl } = context;
  if (!isRecordId(userId)) return undefined;
  const [row] = await repository.findMembers(db, [userId]);
  if (!row) return undefined;
  const [about, discussions, ideas, [stats], recent] = await Promise.all([
    repository.findProfileAbout(db, userId),
    repository.countDiscussionsBy(db, userId),
    repository.countIdeasBy(db, userId),
    repository.listAnswerStats(db, { authorId: userId, limit: 1 }),
    activity(db, { authorId: userId, offset: 0, limit: DEFAULT_PAGE }),
  ]);
  return {
    ...memberRefOf(row, userId),
    joinedAt: row.created_at,
    about: about ?? '',
    aboutHtml: about ? renderUserText(siteUrl, about) : '',
    photoUrl: null,
    counts: {
      discussions,
      answers: stats?.answers ?? 0,
      bestAnswers: stats?.best_answers ?? 0,
      ideas,
    },
    activity: recent,
    isViewer: context.viewer.user?.id === userId,
  };
}

export async function getComposeOptions(context: CommunityContext): Promise<ComposeOptions> {
  const [topics, products] = await Promise.all([
    repository.listTopics(context.db),
    repository.listProducts(context.db),
  ]);
  const byId = new Map(topics.map((topic) => [topic.id, topic]));
  return {
    topics: topics.map((topic) => {
      const parent = topic.parent_id ? byId.get(topic.parent_id) : undefined;
      return {
        id: topic.id,
        name: topic.name,
        parent: parent ? { id: parent.id, name: parent.name } : null,
      };
    }),
    products,
  };
}

export async function listFollows(context: CommunityContext): Promise<FollowedTarget[]> {
  const user = requireMember(context.viewer);
  const { db } = context;
  const follows = await repository.listFollowsOf(db, user.id);
  const topics = new Map((await repository.listTopics(db)).map((topic) => [topic.id, topic]));
  const targets: FollowedTarget[] = [];
  for (const followed of follows) {
    if (followed.target_kind === 'topic') {
      const topic = topics.get(followed.target_id);
      if (topic) targets.push({ kind: 'topic', id: topic.id, title: topic.name });
    } else {
      const discussion = await repository.findDiscussion(db, followed.target_id);
      if (
        discussion &&
        maySee(user, { hidden: discussion.hidden === 1, authorId: discussion.author_id })
      ) {
        targets.push({ kind: 'discussion', id: discussion.id, title: discussion.title });
      }
    }
  }
  return targets;
}

/* Discussions and posts */

export async function startDiscussion(
  context: CommunityContext,
  input: DiscussionInput,
): Promise<{ id: string }> {
  const user = requireMember(context.viewer);
  const values = parse(discussionInput, input);
  await checkBannedWords({ title: values.title, body: values.body });
  const { db } = context;
  const topicIds = await validTopicIds(db, values.topicIds);
  const product = await validProduct(db, values.product);
  const now = nowOf(context);
  const at = now.toISOString();
  const text = acceptUserText(values.body);
  const id = newRecordId('discussion');
  const result = await db.transaction().execute((trx) =>
    once(trx, user, values.idempotencyKey, 'discussion', id, now, async () => {
      await repository.insertDiscussion(
        trx,
        {
          id,
          title: values.title,
          product,
          author_id: user.id,
          created_at: at,
          last_activity_at: at,
          best_answer_id: null,
          best_answer_at: null,
          answer_count: 0,
          locked: 0,
          hidden: 0,
        },
        topicIds,
      );
      await repository.insertPost(trx, {
        id,
        discussion_id: id,
        kind: 'question',
        parent_id: null,
        author_id: user.id,
        body: text.body,
        body_text: text.bodyText,
        created_at: at,
        edited_at: null,
        upvote_count: 0,
        hidden: 0,
      });
      await follow(trx, user.id, 'discussion', id, now);
      await indexDiscussion(trx, id, at);
    }),
  );
  return { id: result.id };
}

export async function answerDiscussion(
  context: CommunityContext,
  discussionId: string,
  input: AnswerInput,
): Promise<{ id: string }> {
  const user = requireMember(context.viewer);
  const values = parse(answerInput, input);
  const { db } = context;
  const { state } = await loadDiscussion(db, user, discussionId);
  if (!mayReply(user, state)) throw lockedError();
  await checkBannedWords({ body: values.body });
  const now = nowOf(context);
  const at = now.toISOString();
  const text = acceptUserText(values.body);
  const id = newRecordId('communityPost');
  const result = await db.transaction().execute((trx) =>
    once(trx, user, values.idempotencyKey, `answer:${discussionId}`, id, now, async () => {
      await repository.insertPost(trx, {
        id,
        discussion_id: discussionId,
        kind: 'answer',
        parent_id: discussionId,
        author_id: user.id,
        body: text.body,
        body_text: text.bodyText,
        created_at: at,
        edited_at: null,
        upvote_count: 0,
        hidden: 0,
      });
      await repository.addToAnswerCount(trx, discussionId, 1);
      await repository.updateDiscussion(trx, discussionId, { last_activity_at: at });
      await notifyFollowers(
        trx,
        discussionId,
        { kind: 'answer', answerId: id, actorId: user.id },
        { siteUrl: context.siteUrl, now },
      );
      await follow(trx, user.id, 'discussion', discussionId, now);
      await indexDiscussion(trx, discussionId, at);
    }),
  );
  return { id: result.id };
}

export async function commentOnPost(
  context: CommunityContext,
  postId: string,
  input: CommentInput,
): Promise<{ id: string; discussionId: string }> {
  const user = requireMember(context.viewer);
  const values = parse(commentInput, input);
  const { db } = context;
  const { post, state, discussion } = await loadPost(db, user, postId);
  if (post.kind === 'comment') {
    throw new CommunityError('INVALID_INPUT', 'Comments go on the question or on an answer.');
  }
  if (!mayReply(user, state)) throw lockedError();
  await checkBannedWords({ body: values.body });
  const now = nowOf(context);
  const at = now.toISOString();
  const text = acceptUserText(values.body);
  const id = newRecordId('communityPost');
  const result = await db.transaction().execute((trx) =>
    once(trx, user, values.idempotencyKey, `comment:${post.id}`, id, now, async () => {
      await repository.insertPost(trx, {
        id,
        discussion_id: discussion.id,
        kind: 'comment',
        parent_id: post.id,
        author_id: user.id,
        body: text.body,
        body_text: text.bodyText,
        created_at: at,
        edited_at: null,
        upvote_count: 0,
        hidden: 0,
      });
      await repository.updateDiscussion(trx, discussion.id, { last_activity_at: at });
    }),
  );
  return { id: result.id, discussionId: discussion.id };
}

export async function editDiscussion(
  context: CommunityContext,
  discussionId: string,
  input: DiscussionEditInput,
): Promise<void> {
  const user = requireMember(context.viewer);
  const values = parse(discussionEditInput, input);
  const { db } = context;
  const { post, postState, state, discussion } = await loadPost(db, user, discussionId);
  if (!mayEdit(user, postState, state)) {
    throw new CommunityError(
      'FORBIDDEN',
      'Only the author can edit this question while it is open.',
    );
  }
  await checkBannedWords({ title: values.title, body: values.body });
  const now = nowOf(context).toISOString();
  const text = acceptUserText(values.body);
  await db.transaction().execute(async (trx) => {
    await repository.insertRevision(trx, {
      id: randomUUID(),
      post_id: post.id,
      title: discussion.title,
      body: post.body,
      edited_by: user.id,
      edited_at: now,
    });
    await repository.updateDiscussion(trx, discussion.id, { title: values.title });
    await repository.updatePost(trx, post.id, {
      body: text.body,
      body_text: text.bodyText,
      edited_at: now,
    });
    await indexDiscussion(trx, discussion.id, now);
  });
}

export async function editPost(
  context: CommunityContext,
  postId: string,
  input: PostEditInput,
): Promise<{ discussionId: string }> {
  const user = requireMember(context.viewer);
  const values = parse(postEditInput, input);
  const { db } = context;
  const { post, postState, state, discussion } = await loadPost(db, user, postId);
  if (!mayEdit(user, postState, state)) {
    throw new CommunityError(
      'FORBIDDEN',
      'Only the author can edit this post while the discussion is open.',
    );
  }
  await checkBannedWords({ body: values.body });
  const now = nowOf(context).toISOString();
  const text = acceptUserText(values.body);
  await db.transaction().execute(async (trx) => {
    await repository.insertRevision(trx, {
      id: randomUUID(),
      post_id: post.id,
      title: null,
      body: post.body,
      edited_by: user.id,
      edited_at: now,
    });
    await repository.updatePost(trx, post.id, {
      body: text.body,
      body_text: text.bodyText,
      edited_at: now,
    });
    if (post.kind !== 'comment') await indexDiscussion(trx, discussion.id, now);
  });
  return { discussionId: discussion.id };
}

export async function markBestAnswer(
  context: CommunityContext,
  answerId: string,
): Promise<{ discussionId: string }> {
  const user = requireMember(context.viewer);
  const { db } = context;
  const { post, postState, state, discussion } = await loadPost(db, user, answerId);
  if (post.kind !== 'answer') {
    throw new CommunityError('INVALID_INPUT', 'Only an answer can be the best answer.');
  }
  if (!mayMarkBest(user, state, postState)) {
    throw new CommunityError(
      'FORBIDDEN',
      'Only the person who asked, or a moderator, can choose the best answer.',
    );
  }
  if (discussion.best_answer_id === post.id) return { discussionId: discussion.id };
  const now = nowOf(context);
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    await repository.updateDiscussion(trx, discussion.id, {
      best_answer_id: post.id,
      best_answer_at: at,
      last_activity_at: at,
    });
    await notifyFollowers(
      trx,
      discussion.id,
      { kind: 'best-answer', answerId: post.id, actorId: user.id },
      { siteUrl: context.siteUrl, now },
    );
    await indexDiscussion(trx, discussion.id, at);
  });
  return { discussionId: discussion.id };
}

export async function upvotePost(
  context: CommunityContext,
  postId: string,
): Promise<{ upvoteCount: number }> {
  const user = requireMember(context.viewer);
  const { db } = context;
  const { post, postState } = await loadPost(db, user, postId);
  if (!mayUpvote(user, postState)) {
    throw new CommunityError('FORBIDDEN', 'You cannot upvote your own post.');
  }
  const at = nowOf(context).toISOString();
  return db.transaction().execute(async (trx) => {
    const added = await repository.insertVote(trx, post.id, user.id, at);
    if (!added) return { upvoteCount: post.upvote_count };
    return { upvoteCount: await repository.addToUpvoteCount(trx, post.id) };
  });
}

export async function followDiscussion(
  context: CommunityContext,
  discussionId: string,
  following: boolean,
): Promise<void> {
  const user = requireMember(context.viewer);
  const { discussion } = await loadDiscussion(context.db, user, discussionId);
  if (following) await follow(context.db, user.id, 'discussion', discussion.id, nowOf(context));
  else await repository.deleteFollow(context.db, user.id, 'discussion', discussion.id);
}

export async function followTopic(
  context: CommunityContext,
  topicId: string,
  following: boolean,
): Promise<void> {
  const user = requireMember(context.viewer);
  const topics = await repository.listTopics(context.db);
  if (!topics.some((topic) => topic.id === topicId)) throw notFound('topic');
  if (following) await follow(context.db, user.id, 'topic', topicId, nowOf(context));
  else await repository.deleteFollow(context.db, user.id, 'topic', topicId);
}

/**
 * Unfollows by the token of an e-mail's link, without signing in: the token stands for one
 * follow of one member. Answers what was unfollowed; an unknown or used token gives undefined.
 */
export async function unsubscribeByToken(
  db: Db,
  token: string,
): Promise<FollowedTarget | undefined> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return undefined;
  const followed = await repository.findFollowByToken(db, token);
  if (!followed) return undefined;
  await repository.deleteFollowByToken(db, token);
  if (followed.target_kind === 'topic') {
    const topic = (await repository.listTopics(db)).find((t) => t.id === followed.target_id);
    return { kind: 'topic', id: followed.target_id, title: topic?.name ?? '' };
  }
  const discussion = await repository.findDiscussion(db, followed.target_id);
  return { kind: 'discussion', id: followed.target_id, title: discussion?.title ?? '' };
}

/* Moderation */

interface FlaggedItem {
  kind: FlagKind;
  id: string;
  authorId: string;
  hidden: boolean;
  text: string;
  parent: { kind: 'discussion' | 'idea'; id: string; title: string };
}

async function loadFlaggable(
  db: Db,
  user: Actor,
  target: FlagTarget,
  id: string,
): Promise<FlaggedItem> {
  if (!isRecordId(id)) throw notFound('post');
  if (target === 'post') {
    const { post, discussion } = await loadPost(db, user, id);
    return {
      kind: 'post',
      id: post.id,
      authorId: post.author_id,
      hidden: post.id === discussion.id ? discussion.hidden === 1 : post.hidden === 1,
      text: post.body_text,
      parent: { kind: 'discussion', id: discussion.id, title: discussion.title },
    };
  }
  if (target === 'idea') {
    const idea = await repository.findIdea(db, id);
    if (!idea || !maySee(user, { hidden: idea.hidden === 1, authorId: idea.author_id })) {
      throw notFound('idea');
    }
    return {
      kind: 'idea',
      id: idea.id,
      authorId: idea.author_id,
      hidden: idea.hidden === 1,
      text: idea.body_text,
      parent: { kind: 'idea', id: idea.id, title: idea.title },
    };
  }
  if (target !== 'idea-comment') throw notFound('post');
  const comment = await repository.findIdeaComment(db, id);
  const idea = comment ? await repository.findIdea(db, comment.idea_id) : undefined;
  if (
    !comment ||
    !idea ||
    !maySee(user, { hidden: comment.hidden === 1, authorId: comment.author_id })
  ) {
    throw notFound('comment');
  }
  return {
    kind: 'idea-comment',
    id: comment.id,
    authorId: comment.author_id,
    hidden: comment.hidden === 1,
    text: comment.body_text,
    parent: { kind: 'idea', id: idea.id, title: idea.title },
  };
}

export async function flagItem(
  context: CommunityContext,
  target: FlagTarget,
  id: string,
  input: FlagInput,
): Promise<void> {
  const user = requireMember(context.viewer);
  const values = parse(flagInput, input);
  const item = await loadFlaggable(context.db, user, target, id);
  if (!mayFlag(user, { hidden: item.hidden, authorId: item.authorId })) {
    throw new CommunityError('FORBIDDEN', 'You cannot report your own post.');
  }
  await repository.upsertFlag(context.db, {
    id: randomUUID(),
    target_kind: item.kind,
    target_id: item.id,
    reporter_id: user.id,
    reason: values.reason,
    note: values.note,
    created_at: nowOf(context).toISOString(),
    resolved_at: null,
  });
}

export async function listModerationQueue(context: CommunityContext): Promise<ModerationItem[]> {
  const user = requireModerator(context.viewer);
  const { db } = context;
  const flags = await repository.listOpenFlags(db);
  const groups = new Map<string, repository.FlagRow[]>();
  for (const flag of flags) {
    const key = `${flag.target_kind}:${flag.target_id}`;
    groups.set(key, [...(groups.get(key) ?? []), flag]);
  }
  const member = await membersById(
    db,
    flags.map((flag) => flag.reporter_id),
  );
  const items: ModerationItem[] = [];
  for (const group of groups.values()) {
    const first = group[0];
    if (!first) continue;
    let item: FlaggedItem;
    try {
      item = await loadFlaggable(db, user, first.target_kind, first.target_id);
    } catch (error) {
      if (error instanceof CommunityError && error.errorCode === 'NOT_FOUND') continue;
      throw error;
    }
    const author = await membersById(db, [item.authorId]);
    items.push({
      target: item.kind,
      id: item.id,
      parent: item.parent,
      author: author(item.authorId),
      excerpt: excerptOf(item.text),
      hidden: item.hidden,
      flags: group.map((flag) => ({
        reason: flag.note ? `${flag.reason}: ${flag.note}` : flag.reason,
        by: member(flag.reporter_id),
        at: flag.created_at,
      })),
    });
  }
  return items;
}

export async function setHidden(
  context: CommunityContext,
  target: FlagTarget,
  id: string,
  hidden: boolean,
): Promise<void> {
  const user = requireModerator(context.viewer);
  const { db } = context;
  const item = await loadFlaggable(db, user, target, id);
  const at = nowOf(context).toISOString();
  const flag = hidden ? 1 : 0;
  await db.transaction().execute(async (trx) => {
    if (item.kind === 'post') {
      const post = await repository.findPost(trx, item.id);
      if (!post) throw notFound('post');
      if (post.kind === 'question') {
        await repository.updateDiscussion(trx, post.discussion_id, { hidden: flag });
      } else if (post.hidden !== flag) {
        await repository.updatePost(trx, post.id, { hidden: flag });
        if (post.kind === 'answer') {
          await repository.addToAnswerCount(trx, post.discussion_id, hidden ? -1 : 1);
        }
      }
      await indexDiscussion(trx, post.discussion_id, at);
    } else if (item.kind === 'idea') {
      await repository.updateIdea(trx, item.id, { hidden: flag });
      await indexIdea(trx, item.id, at);
    } else {
      const comment = await repository.findIdeaComment(trx, item.id);
      if (comment && comment.hidden !== flag) {
        await repository.updateIdeaComment(trx, item.id, flag);
        await repository.addToIdeaCounts(trx, comment.idea_id, { comments: hidden ? -1 : 1 });
      }
    }
    await repository.resolveFlags(trx, item.kind, item.id, at);
    await repository.insertModerationAction(trx, {
      id: randomUUID(),
      target_kind: item.kind,
      target_id: item.id,
      action: hidden ? 'hide' : 'restore',
      moderator_id: user.id,
      created_at: at,
    });
  });
}

export async function setLocked(
  context: CommunityContext,
  discussionId: string,
  locked: boolean,
): Promise<void> {
  const user = requireModerator(context.viewer);
  const { db } = context;
  const { discussion } = await loadDiscussion(db, user, discussionId);
  const at = nowOf(context).toISOString();
  await db.transaction().execute(async (trx) => {
    await repository.updateDiscussion(trx, discussion.id, { locked: locked ? 1 : 0 });
    await repository.insertModerationAction(trx, {
      id: randomUUID(),
      target_kind: 'discussion',
      target_id: discussion.id,
      action: locked ? 'lock' : 'unlock',
      moderator_id: user.id,
      created_at: at,
    });
  });
}

/* Ideas */

async function ideaSummaries(
  db: Db,
  user: Actor,
  rows: readonly repository.IdeaRow[],
): Promise<IdeaSummary[]> {
  const [member, voted] = await Promise.all([
    membersById(
      db,
      rows.map((row) => row.author_id),
    ),
    user
      ? repository.listIdeaVotesOf(
          db,
          user.id,
          rows.map((row) => row.id),
        )
      : Promise.resolve(new Set<string>()),
  ]);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    excerpt: excerptOf(row.body_text),
    author: member(row.author_id),
    createdAt: row.created_at,
    status: isIdeaStatus(row.status) ? row.status : 'new',
    voteCount: row.vote_count,
    commentCount: row.comment_count,
    votedByViewer: voted.has(row.id),
    hidden: row.hidden === 1,
  }));
}

export async function listIdeas(
  context: CommunityContext,
  options?: { status?: IdeaStatus; sort?: 'votes' | 'newest' },
): Promise<IdeaSummary[]> {
  const user = actorOf(context);
  if (options?.status !== undefined && !isIdeaStatus(options.status)) {
    throw new CommunityError('INVALID_INPUT', 'Choose a status from the list.', 'status');
  }
  const rows = await repository.listIdeas(context.db, {
    visibleOnly: !isModerator(user),
    ...(options?.status ? { status: options.status } : {}),
    sort: options?.sort ?? 'votes',
    limit: MAX_PAGE,
  });
  return ideaSummaries(context.db, user, rows);
}

async function loadIdea(db: Db, user: Actor, id: string): Promise<repository.IdeaRow> {
  const idea = isRecordId(id) ? await repository.findIdea(db, id) : undefined;
  if (!idea || !maySee(user, { hidden: idea.hidden === 1, authorId: idea.author_id })) {
    throw notFound('idea');
  }
  return idea;
}

export async function getIdea(
  context: CommunityContext,
  id: string,
): Promise<IdeaDetail | undefined> {
  const { db, siteUrl } = context;
  const user = actorOf(context);
  let idea: repository.IdeaRow;
  try {
    idea = await loadIdea(db, user, id);
  } catch (error) {
    if (error instanceof CommunityError && error.errorCode === 'NOT_FOUND') return undefined;
    throw error;
  }
  const [[summary], comments] = await Promise.all([
    ideaSummaries(db, user, [idea]),
    repository.listIdeaComments(db, idea.id),
  ]);
  if (!summary) return undefined;
  const visible = comments.filter((comment) =>
    maySee(user, { hidden: comment.hidden === 1, authorId: comment.author_id }),
  );
  const member = await membersById(
    db,
    visible.map((comment) => comment.author_id),
  );
  const moderator = isModerator(user);
  return {
    ...summary,
    bodyHtml: renderUserText(siteUrl, idea.body),
    bodyMarkdown: idea.body,
    statusChangedAt: idea.status_changed_at,
    comments: visible.map((comment): IdeaComment => ({
      id: comment.id,
      author: member(comment.author_id),
      createdAt: comment.created_at,
      bodyHtml: renderUserText(siteUrl, comment.body),
      hidden: comment.hidden === 1,
    })),
    can: {
      vote: user !== null && !summary.votedByViewer,
      comment: user !== null && idea.hidden === 0,
      setStatus: moderator,
      moderate: moderator,
      flag: mayFlag(user, { hidden: idea.hidden === 1, authorId: idea.author_id }),
    },
  };
}

export async function proposeIdea(
  context: CommunityContext,
  input: IdeaInput,
): Promise<{ id: string }> {
  const user = requireMember(context.viewer);
  const values = parse(ideaInput, input);
  await checkBannedWords({ title: values.title, body: values.body });
  const now = nowOf(context);
  const at = now.toISOString();
  const text = acceptUserText(values.body);
  const id = newRecordId('idea');
  const result = await context.db.transaction().execute((trx) =>
    once(trx, user, values.idempotencyKey, 'idea', id, now, async () => {
      await repository.insertIdea(trx, {
        id,
        title: values.title,
        body: text.body,
        body_text: text.bodyText,
        author_id: user.id,
        status: 'new',
        status_changed_at: null,
        vote_count: 0,
        comment_count: 0,
        created_at: at,
        hidden: 0,
      });
      await indexIdea(trx, id, at);
    }),
  );
  return { id: result.id };
}

export async function voteForIdea(
  context: CommunityContext,
  ideaId: string,
): Promise<{ voteCount: number }> {
  const user = requireMember(context.viewer);
  const { db } = context;
  const idea = await loadIdea(db, user, ideaId);
  const at = nowOf(context).toISOString();
  return db.transaction().execute(async (trx) => {
    const added = await repository.insertIdeaVote(trx, idea.id, user.id, at);
    if (!added) return { voteCount: idea.vote_count };
    await repository.addToIdeaCounts(trx, idea.id, { votes: 1 });
    return { voteCount: idea.vote_count + 1 };
  });
}

export async function setIdeaStatus(
  context: CommunityContext,
  ideaId: string,
  status: IdeaStatus,
): Promise<void> {
  const user = requireModerator(context.viewer);
  if (!isIdeaStatus(status)) {
    throw new CommunityError('INVALID_INPUT', 'Choose a status from the list.', 'status');
  }
  const { db } = context;
  const idea = await loadIdea(db, user, ideaId);
  if (idea.status === status) return;
  const at = nowOf(context).toISOString();
  await db.transaction().execute(async (trx) => {
    await repository.updateIdea(trx, idea.id, { status, status_changed_at: at });
    await repository.insertModerationAction(trx, {
      id: randomUUID(),
      target_kind: 'idea',
      target_id: idea.id,
      action: `status:${status}`,
      moderator_id: user.id,
      created_at: at,
    });
  });
}

export async function commentOnIdea(
  context: CommunityContext,
  ideaId: string,
  input: CommentInput,
): Promise<{ id: string }> {
  const user = requireMember(context.viewer);
  const values = parse(commentInput, input);
  const { db } = context;
  const idea = await loadIdea(db, user, ideaId);
  if (idea.hidden === 1) throw notFound('idea');
  await checkBannedWords({ body: values.body });
  const now = nowOf(context);
  const at = now.toISOString();
  const text = acceptUserText(values.body);
  const id = newRecordId('ideaComment');
  const result = await db.transaction().execute((trx) =>
    once(trx, user, values.idempotencyKey, `idea-comment:${idea.id}`, id, now, async () => {
      await repository.insertIdeaComment(trx, {
        id,
        idea_id: idea.id,
        author_id: user.id,
        body: text.body,
        body_text: text.bodyText,
        created_at: at,
        hidden: 0,
      });
      await repository.addToIdeaCounts(trx, idea.id, { comments: 1 });
    }),
  );
  return { id: result.id };
}

/* Profile */

export async function updateProfile(context: CommunityContext, input: ProfileInput): Promise<void> {
  const user = requireMember(context.viewer);
  const values = parse(profileInput, input);
  await checkBannedWords({ about: values.about });
  const { body } = acceptUserText(values.about);
  await repository.saveProfileAbout(context.db, user.id, body, nowOf(context).toISOString());
}
