import type { Viewer } from '~server/modules/identity';
import { CommunityError } from './community-error.ts';

/*
 * Who may do what in the community (spec 6): guests read what is public; signed-in users post,
 * vote, follow and flag; admins (the setup-viewing permission) moderate, mark any best answer
 * and set idea statuses. Authors edit their own posts.
 */

export type Actor = Viewer['user'];

export function isModerator(user: Actor): boolean {
  return user?.canViewSetup === true;
}

/** The signed-in user, or a refusal that sends a guest to sign in. */
export function requireMember(viewer: Viewer): NonNullable<Actor> {
  if (viewer.isGuest) {
    throw new CommunityError('SIGN_IN_REQUIRED', 'Sign in to take part in the community.');
  }
  return viewer.user;
}

export function requireModerator(viewer: Viewer): NonNullable<Actor> {
  const user = requireMember(viewer);
  if (!isModerator(user)) {
    throw new CommunityError('FORBIDDEN', 'Only community moderators can do this.');
  }
  return user;
}

export interface Hideable {
  hidden: boolean;
  authorId: string;
}

/** A stored discussion, post, idea or comment as the rules below judge it. */
export function hideable(row: { hidden: number; author_id: string }): Hideable {
  return { hidden: row.hidden === 1, authorId: row.author_id };
}

/** Hidden items stay visible to moderators and to their author (marked hidden). */
export function maySee(user: Actor, item: Hideable): boolean {
  return !item.hidden || isModerator(user) || user?.id === item.authorId;
}

export interface DiscussionState extends Hideable {
  locked: boolean;
}

/** Answering and commenting: signed in, the discussion not locked (moderators still may). */
export function mayReply(user: Actor, discussion: DiscussionState): boolean {
  if (!user || discussion.hidden) return false;
  return !discussion.locked || isModerator(user);
}

/** Editing: one's own posts only, while the discussion is open. */
export function mayEdit(user: Actor, post: Hideable, discussion: { locked: boolean }): boolean {
  return user !== null && user.id === post.authorId && !discussion.locked;
}

/** Upvoting: anyone signed in, not on their own post. */
export function mayUpvote(user: Actor, post: Hideable): boolean {
  return user !== null && user.id !== post.authorId && !post.hidden;
}

/** Flagging: anyone signed in, not their own post. */
export function mayFlag(user: Actor, item: Hideable): boolean {
  return user !== null && user.id !== item.authorId;
}

/** Marking the best answer: the asker or a moderator, on a visible answer, discussion open. */
export function mayMarkBest(user: Actor, discussion: DiscussionState, answer: Hideable): boolean {
  if (!user || answer.hidden || discussion.hidden) return false;
  if (isModerator(user)) return true;
  return user.id === discussion.authorId && !discussion.locked;
}
