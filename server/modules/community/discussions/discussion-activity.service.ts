import type { Kysely } from 'kysely';
import type { ActivityItem } from '~core/community';
import type { Database } from '~server/db/schema.ts';
import { membersById } from '../shared/member-refs.ts';
import * as activity from './discussion-activity.repository.ts';
import { presentBestAnswerActivity, presentPostActivity } from './discussions.presenters.ts';

/* What members did in discussions, for the feed, profiles, the leaderboard and answers. */

export type { MemberAnswerStats } from './discussion-activity.repository.ts';

/** How many accepted answers the generated answers draw on; the newest are kept. */
const ACCEPTED_ANSWER_LIMIT = 5000;

/**
 * Accepted (best) answers of visible discussions, newest first: the generated answers quote
 * them as passages (issue: "accepted community answers"), each under its discussion's title.
 */
export async function listAcceptedAnswers(
  db: Kysely<Database>,
): Promise<{ discussionId: string; title: string; answerText: string }[]> {
  const rows = await activity.listRecentBestAnswers(db, { limit: ACCEPTED_ANSWER_LIMIT });
  return rows.map((row) => ({
    discussionId: row.discussion_id,
    title: row.title,
    answerText: row.body_text,
  }));
}

/** Answer counts, upvotes received on answers and best answers, per member, most helpful first. */
export function listAnswerStats(
  db: Kysely<Database>,
  options: { authorId?: string; limit: number },
): Promise<activity.MemberAnswerStats[]> {
  return activity.listAnswerStats(db, options);
}

/** How many visible discussions a member started. */
export function countDiscussionsBy(db: Kysely<Database>, authorId: string): Promise<number> {
  return activity.countDiscussionsBy(db, authorId);
}

/**
 * The newest discussions started, answers, comments and best answers (of one member, when
 * `authorId` is given), up to `limit` of each, newest first.
 */
export async function listDiscussionActivity(
  db: Kysely<Database>,
  options: { authorId?: string; limit: number },
): Promise<ActivityItem[]> {
  const [posts, best] = await Promise.all([
    activity.listRecentPosts(db, options),
    activity.listRecentBestAnswers(db, options),
  ]);
  const member = await membersById(db, [
    ...posts.map((post) => post.author_id),
    ...best.map((row) => row.author_id),
  ]);
  return [
    ...posts.map((post) => presentPostActivity(post, member(post.author_id))),
    ...best.map((row) => presentBestAnswerActivity(row, member(row.author_id))),
  ];
}
