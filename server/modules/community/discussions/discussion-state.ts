import type { Kysely } from 'kysely';
import type { Database } from '~server/db/schema.ts';
import { notFound } from '../shared/community-context.ts';
import { indexDiscussion } from './discussion-search.ts';
import * as discussions from './discussions.repository.ts';
import * as posts from './posts.repository.ts';

/* The states moderators put discussions and posts in, written in the moderator's transaction. */

/**
 * Hides or restores a post; hiding the question hides its whole discussion. An answer leaves
 * the answer count while hidden, and search follows at once.
 */
export async function setPostHidden(
  trx: Kysely<Database>,
  postId: string,
  hidden: boolean,
  at: string,
): Promise<void> {
  const post = await posts.findPost(trx, postId);
  if (!post) throw notFound('post');
  const flag = hidden ? 1 : 0;
  if (post.kind === 'question') {
    await discussions.updateDiscussion(trx, post.discussion_id, { hidden: flag });
  } else if (post.hidden !== flag) {
    await posts.updatePost(trx, post.id, { hidden: flag });
    if (post.kind === 'answer') {
      await discussions.addToAnswerCount(trx, post.discussion_id, hidden ? -1 : 1);
    }
  }
  await indexDiscussion(trx, post.discussion_id, at);
}

export async function setDiscussionLocked(
  trx: Kysely<Database>,
  discussionId: string,
  locked: boolean,
): Promise<void> {
  await discussions.updateDiscussion(trx, discussionId, { locked: locked ? 1 : 0 });
}
