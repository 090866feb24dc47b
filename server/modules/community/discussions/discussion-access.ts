import type { Kysely } from 'kysely';
import type { TopicTag } from '~core/community';
import { isRecordId } from '~core/records';
import type { Database } from '~server/db/schema.ts';
import { listTopics, type TopicOutline } from '~server/modules/content';
import { notFound } from '../shared/community-context.ts';
import { CommunityError } from '../shared/community-error.ts';
import { hideable, maySee, type Actor, type DiscussionState } from '../shared/community.policy.ts';
import * as discussions from './discussions.repository.ts';
import * as posts from './posts.repository.ts';

/* Finding a discussion or post as one viewer may see it: the other sub-modules start here. */

export interface LoadedDiscussion {
  discussion: discussions.DiscussionRow;
  state: DiscussionState;
}

export async function loadDiscussion(
  db: Kysely<Database>,
  user: Actor,
  id: string,
): Promise<LoadedDiscussion> {
  const discussion = isRecordId(id) ? await discussions.findDiscussion(db, id) : undefined;
  if (!discussion) throw notFound('discussion');
  const state = { ...hideable(discussion), locked: discussion.locked === 1 };
  if (!maySee(user, state)) throw notFound('discussion');
  return { discussion, state };
}

/** A post (the question's id is its discussion's) with its discussion, both visible to `user`. */
export async function loadPost(db: Kysely<Database>, user: Actor, id: string) {
  const post = isRecordId(id) ? await posts.findPost(db, id) : undefined;
  if (!post) throw notFound('post');
  const loaded = await loadDiscussion(db, user, post.discussion_id);
  const postState = hideable(post);
  if (!maySee(user, postState)) throw notFound('post');
  return { post, postState, ...loaded };
}

export function lockedError(): CommunityError {
  return new CommunityError(
    'LOCKED',
    'This discussion is locked: it takes no new answers or comments.',
  );
}

/** A discussion's title, or '' when it is gone, whoever may see it. */
export async function discussionTitle(db: Kysely<Database>, id: string): Promise<string> {
  return (await discussions.findDiscussion(db, id))?.title ?? '';
}

/** The named topics of these links to topics, in the links' order; unknown topics are left out. */
export function topicTags(
  links: readonly { topic_id: string }[],
  topics: readonly TopicOutline[],
): TopicTag[] {
  return links.flatMap((link) => {
    const topic = topics.find((candidate) => candidate.id === link.topic_id);
    return topic ? [{ id: topic.id, name: topic.name }] : [];
  });
}

/** The topics a discussion is filed under, in its order. */
export async function discussionTopics(db: Kysely<Database>, id: string): Promise<TopicTag[]> {
  const [links, topics] = await Promise.all([
    discussions.listDiscussionTopicIds(db, [id]),
    listTopics(db),
  ]);
  return topicTags(links, topics);
}
