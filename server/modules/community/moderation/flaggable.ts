import type { Kysely } from 'kysely';
import type { FlagTarget } from '~core/community';
import { isRecordId } from '~core/records';
import type { Database } from '~server/db/schema.ts';
import type { FlagKind } from '../community.tables.ts';
import { loadPost } from '../discussions/discussion-access.ts';
import { loadIdea, loadIdeaComment } from '../ideas/ideas.service.ts';
import { notFound } from '../shared/community-context.ts';
import type { Actor } from '../shared/community.policy.ts';

/** A post, idea or idea comment that members may report and moderators hide. */
export interface FlaggedItem {
  kind: FlagKind;
  id: string;
  authorId: string;
  hidden: boolean;
  text: string;
  parent: { kind: 'discussion' | 'idea'; id: string; title: string };
}

/** The item as `user` may see it; one they may not see is NOT_FOUND. */
export async function loadFlaggable(
  db: Kysely<Database>,
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
    const idea = await loadIdea(db, user, id);
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
  const { comment, idea } = await loadIdeaComment(db, user, id);
  return {
    kind: 'idea-comment',
    id: comment.id,
    authorId: comment.author_id,
    hidden: comment.hidden === 1,
    text: comment.body_text,
    parent: { kind: 'idea', id: idea.id, title: idea.title },
  };
}
