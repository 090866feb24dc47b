import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { FollowedTarget } from '~core/community';
import { fullName } from '~core/ui';
import type { Database } from '~server/db/schema.ts';
import { listTopics } from '~server/modules/content';
import { listUserSummaries } from '~server/modules/identity';
import { queueMail } from '~server/modules/mail';
import type { FollowKind } from '../community.tables.ts';
import { discussionTitle, loadDiscussion } from '../discussions/discussion-access.ts';
import {
  notFound,
  nowOf,
  unlessNotFound,
  type CommunityContext,
} from '../shared/community-context.ts';
import { requireMember } from '../shared/community.policy.ts';
import * as repository from './follows.repository.ts';
import { followerMail, type DiscussionEvent } from './follows.presenters.ts';

export type { DiscussionEvent };

function unsubscribeToken(): string {
  return randomBytes(24).toString('base64url');
}

/** A member follows a discussion or topic; following it again changes nothing. */
export async function follow(
  db: Kysely<Database>,
  userId: string,
  kind: FollowKind,
  targetId: string,
  now: Date,
): Promise<void> {
  await repository.insertFollow(db, {
    user_id: userId,
    target_kind: kind,
    target_id: targetId,
    token: unsubscribeToken(),
    now: now.toISOString(),
  });
}

export function isFollowing(
  db: Kysely<Database>,
  userId: string,
  kind: FollowKind,
  targetId: string,
): Promise<boolean> {
  return repository.isFollowing(db, userId, kind, targetId);
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
  const topics = await listTopics(context.db);
  if (!topics.some((topic) => topic.id === topicId)) throw notFound('topic');
  if (following) await follow(context.db, user.id, 'topic', topicId, nowOf(context));
  else await repository.deleteFollow(context.db, user.id, 'topic', topicId);
}

export async function listFollows(context: CommunityContext): Promise<FollowedTarget[]> {
  const user = requireMember(context.viewer);
  const { db } = context;
  const follows = await repository.listFollowsOf(db, user.id);
  const topics = new Map((await listTopics(db)).map((topic) => [topic.id, topic]));
  const targets: FollowedTarget[] = [];
  for (const followed of follows) {
    if (followed.target_kind === 'topic') {
      const topic = topics.get(followed.target_id);
      if (topic) targets.push({ kind: 'topic', id: topic.id, title: topic.name });
    } else {
      const loaded = await unlessNotFound(() => loadDiscussion(db, user, followed.target_id));
      if (loaded) {
        const { discussion } = loaded;
        targets.push({ kind: 'discussion', id: discussion.id, title: discussion.title });
      }
    }
  }
  return targets;
}

/**
 * Unfollows by the token of an e-mail's link, without signing in: the token stands for one
 * follow of one member. Answers what was unfollowed; an unknown or used token gives undefined.
 */
export async function unsubscribeByToken(
  db: Kysely<Database>,
  token: string,
): Promise<FollowedTarget | undefined> {
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(token)) return undefined;
  const followed = await repository.findFollowByToken(db, token);
  if (!followed) return undefined;
  await repository.deleteFollowByToken(db, token);
  if (followed.target_kind === 'topic') {
    const topic = (await listTopics(db)).find((t) => t.id === followed.target_id);
    return { kind: 'topic', id: followed.target_id, title: topic?.name ?? '' };
  }
  return {
    kind: 'discussion',
    id: followed.target_id,
    title: await discussionTitle(db, followed.target_id),
  };
}

/**
 * Queues one e-mail per follower of the discussion or of any of its topics, in the caller's
 * transaction: the event and its messages are written together or not at all. Whoever caused
 * the event is not told about it; a follower of both the discussion and a topic gets one
 * message, unsubscribing from the discussion.
 */
export async function notifyFollowers(
  db: Kysely<Database>,
  event: DiscussionEvent,
  topics: readonly { id: string; name: string }[],
  context: { siteUrl: string; now: Date },
): Promise<void> {
  const follows = await repository.listFollowsOfTargets(db, [
    { kind: 'discussion', id: event.discussion.id },
    ...topics.map((topic) => ({ kind: 'topic' as const, id: topic.id })),
  ]);
  const users = new Map(
    (await listUserSummaries(db, [...new Set(follows.map((row) => row.user_id))])).map((user) => [
      user.id,
      user,
    ]),
  );
  const byUser = new Map<string, repository.FollowRow>();
  for (const followed of follows) {
    if (followed.user_id === event.actorId || !users.get(followed.user_id)?.email) continue;
    const known = byUser.get(followed.user_id);
    if (!known || (known.target_kind === 'topic' && followed.target_kind === 'discussion')) {
      byUser.set(followed.user_id, followed);
    }
  }
  if (byUser.size === 0) return;
  const [answerer] = await listUserSummaries(db, [event.answer.authorId]);
  const answererName = answerer ? fullName(answerer.firstName, answerer.lastName) : 'A member';
  const topicNames = new Map(topics.map((topic) => [topic.id, topic.name]));
  const messages = [...byUser.values()].flatMap((followed) => {
    const user = users.get(followed.user_id);
    if (!user?.email) return [];
    const recipient = { ...user, email: user.email };
    return [followerMail(event, answererName, recipient, followed, topicNames, context.siteUrl)];
  });
  await queueMail(db, messages, context.now);
}
