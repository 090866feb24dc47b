import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  answerInput,
  commentInput,
  discussionEditInput,
  discussionInput,
  postEditInput,
  type AnswerInput,
  type CommentInput,
  type DiscussionEditInput,
  type DiscussionInput,
  type PostEditInput,
} from '~core/community';
import type { Database } from '~server/db/schema.ts';
import { newRecordId } from '~server/db/ids.ts';
import { listProducts, listTopics } from '~server/modules/content';
import { follow, notifyFollowers } from '../follows/follows.service.ts';
import { checkBannedWords } from '../moderation/banned-words.ts';
import { nowOf, parse, type CommunityContext } from '../shared/community-context.ts';
import { CommunityError } from '../shared/community-error.ts';
import { acceptUserText } from '../shared/community-text.ts';
import {
  mayEdit,
  mayMarkBest,
  mayReply,
  mayUpvote,
  requireMember,
} from '../shared/community.policy.ts';
import { once } from '../shared/posting-guard.ts';
import { discussionTopics, loadDiscussion, loadPost, lockedError } from './discussion-access.ts';
import { indexDiscussion } from './discussion-search.ts';
import * as discussions from './discussions.repository.ts';
import * as posts from './posts.repository.ts';

/* Asking, answering, commenting, editing, choosing the best answer and upvoting. */

async function validTopicIds(db: Kysely<Database>, topicIds: readonly string[]): Promise<string[]> {
  const unique = [...new Set(topicIds.filter((id) => id !== ''))];
  if (unique.length === 0) return [];
  const known = new Set((await listTopics(db)).map((topic) => topic.id));
  if (unique.some((id) => !known.has(id))) {
    throw new CommunityError('INVALID_INPUT', 'Choose topics from the list.', 'topicIds');
  }
  return unique;
}

async function validProduct(
  db: Kysely<Database>,
  product: string | undefined,
): Promise<string | null> {
  if (product === undefined) return null;
  const products = await listProducts(db);
  if (!products.some((candidate) => candidate.key === product)) {
    throw new CommunityError('INVALID_INPUT', 'Choose a product from the list.', 'product');
  }
  return product;
}

/** A new post's row: the question, an answer or a comment. */
export function newPost(
  id: string,
  discussionId: string,
  kind: posts.PostRow['kind'],
  parentId: string | null,
  authorId: string,
  text: { body: string; bodyText: string },
  at: string,
): posts.PostRow {
  return {
    id,
    discussion_id: discussionId,
    kind,
    parent_id: parentId,
    author_id: authorId,
    body: text.body,
    body_text: text.bodyText,
    created_at: at,
    edited_at: null,
    upvote_count: 0,
    hidden: 0,
  };
}

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
      await discussions.insertDiscussion(
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
      await posts.insertPost(trx, newPost(id, id, 'question', null, user.id, text, at));
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
  const { discussion, state } = await loadDiscussion(db, user, discussionId);
  if (!mayReply(user, state)) throw lockedError();
  await checkBannedWords({ body: values.body });
  const now = nowOf(context);
  const at = now.toISOString();
  const text = acceptUserText(values.body);
  const id = newRecordId('communityPost');
  const result = await db.transaction().execute((trx) =>
    once(trx, user, values.idempotencyKey, `answer:${discussionId}`, id, now, async () => {
      await posts.insertPost(
        trx,
        newPost(id, discussionId, 'answer', discussionId, user.id, text, at),
      );
      await discussions.addToAnswerCount(trx, discussionId, 1);
      await discussions.updateDiscussion(trx, discussionId, { last_activity_at: at });
      await notifyFollowers(
        trx,
        {
          kind: 'answer',
          discussion: { id: discussionId, title: discussion.title },
          answer: { id, authorId: user.id, text: text.bodyText },
          actorId: user.id,
        },
        await discussionTopics(trx, discussionId),
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
      await posts.insertPost(
        trx,
        newPost(id, discussion.id, 'comment', post.id, user.id, text, at),
      );
      await discussions.updateDiscussion(trx, discussion.id, { last_activity_at: at });
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
    await posts.insertRevision(trx, {
      id: randomUUID(),
      post_id: post.id,
      title: discussion.title,
      body: post.body,
      edited_by: user.id,
      edited_at: now,
    });
    await discussions.updateDiscussion(trx, discussion.id, { title: values.title });
    await posts.updatePost(trx, post.id, {
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
    await posts.insertRevision(trx, {
      id: randomUUID(),
      post_id: post.id,
      title: null,
      body: post.body,
      edited_by: user.id,
      edited_at: now,
    });
    await posts.updatePost(trx, post.id, {
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
    await discussions.updateDiscussion(trx, discussion.id, {
      best_answer_id: post.id,
      best_answer_at: at,
      last_activity_at: at,
    });
    await notifyFollowers(
      trx,
      {
        kind: 'best-answer',
        discussion: { id: discussion.id, title: discussion.title },
        answer: { id: post.id, authorId: post.author_id, text: post.body_text },
        actorId: user.id,
      },
      await discussionTopics(trx, discussion.id),
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
    const added = await posts.insertVote(trx, post.id, user.id, at);
    if (!added) return { upvoteCount: post.upvote_count };
    return { upvoteCount: await posts.addToUpvoteCount(trx, post.id) };
  });
}
