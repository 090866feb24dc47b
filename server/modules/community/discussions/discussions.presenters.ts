import {
  excerptOf,
  type ActivityItem,
  type Answer,
  type Comment,
  type DiscussionDetail,
  type DiscussionSummary,
  type MemberRef,
  type PostRevision,
  type ProductTag,
  type TopicTag,
} from '~core/community';
import { renderUserText } from '../shared/community-text.ts';
import {
  hideable,
  isModerator,
  mayEdit,
  mayFlag,
  mayMarkBest,
  mayReply,
  mayUpvote,
  type Actor,
  type DiscussionState,
} from '../shared/community.policy.ts';
import type { RecentBestAnswerRow, RecentPostRow } from './discussion-activity.repository.ts';
import type { DiscussionRow } from './discussions.repository.ts';
import type { PostRow, RevisionRow } from './posts.repository.ts';

/* Discussions as pages show them, from their rows and what was looked up for them. */

export function presentSummary(
  row: DiscussionRow,
  related: {
    question: PostRow | undefined;
    author: MemberRef;
    topics: TopicTag[];
    product: ProductTag | null;
  },
): DiscussionSummary {
  return {
    id: row.id,
    title: row.title,
    excerpt: excerptOf(related.question?.body_text ?? ''),
    author: related.author,
    createdAt: row.created_at,
    lastActivityAt: row.last_activity_at,
    answerCount: row.answer_count,
    upvoteCount: related.question?.upvote_count ?? 0,
    answered: row.best_answer_id !== null,
    locked: row.locked === 1,
    hidden: row.hidden === 1,
    topics: related.topics,
    product: related.product,
  };
}

/** What one viewer sees of a discussion page, and may do on it. */
export interface DiscussionView {
  user: Actor;
  siteUrl: string;
  state: DiscussionState;
  member: (id: string) => MemberRef;
  /** The posts this viewer upvoted. */
  voted: ReadonlySet<string>;
  /** How many earlier versions each edited post has. */
  revisions: ReadonlyMap<string, number>;
  followed: boolean;
}

/**
 * The discussion page: `posts` are those the viewer may see, the question among them. Answers
 * come best first, each with its comments.
 */
export function presentDetail(
  discussion: DiscussionRow,
  summary: DiscussionSummary,
  question: PostRow,
  posts: readonly PostRow[],
  view: DiscussionView,
): DiscussionDetail {
  const { user, state } = view;
  const moderator = isModerator(user);
  const canReply = mayReply(user, state);
  const commentOf = (post: PostRow): Comment => ({
    id: post.id,
    author: view.member(post.author_id),
    createdAt: post.created_at,
    editedAt: post.edited_at,
    bodyHtml: renderUserText(view.siteUrl, post.body),
    bodyMarkdown: post.body,
    hidden: post.hidden === 1,
    can: {
      edit: mayEdit(user, hideable(post), state),
      flag: mayFlag(user, hideable(post)),
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
        upvotedByViewer: view.voted.has(post.id),
        isBest: discussion.best_answer_id === post.id,
        comments: commentsOn(post.id),
        revisionCount: view.revisions.get(post.id) ?? 0,
        can: {
          ...base.can,
          upvote: mayUpvote(user, hideable(post)),
          markBest:
            discussion.best_answer_id !== post.id && mayMarkBest(user, state, hideable(post)),
        },
      };
    })
    .sort((a, b) => Number(b.isBest) - Number(a.isBest));
  return {
    ...summary,
    bodyHtml: renderUserText(view.siteUrl, question.body),
    bodyMarkdown: question.body,
    editedAt: question.edited_at,
    revisionCount: view.revisions.get(question.id) ?? 0,
    upvotedByViewer: view.voted.has(question.id),
    bestAnswerId: discussion.best_answer_id,
    answers,
    comments: commentsOn(question.id),
    followedByViewer: view.followed,
    can: {
      answer: canReply,
      comment: canReply,
      edit: mayEdit(user, hideable(question), state),
      upvote: mayUpvote(user, hideable(question)),
      follow: user !== null,
      flag: mayFlag(user, hideable(question)),
      moderate: moderator,
    },
  };
}

export function presentRevision(
  revision: RevisionRow,
  member: (id: string) => MemberRef,
  siteUrl: string,
): PostRevision {
  return {
    editedAt: revision.edited_at,
    editedBy: member(revision.edited_by),
    title: revision.title,
    bodyHtml: renderUserText(siteUrl, revision.body),
  };
}

/** A post as a line of activity: a discussion started, an answer or a comment. */
export function presentPostActivity(post: RecentPostRow, actor: MemberRef): ActivityItem {
  return {
    kind:
      post.kind === 'question'
        ? 'discussion-started'
        : post.kind === 'answer'
          ? 'answered'
          : 'commented',
    at: post.created_at,
    actor,
    subject: { kind: 'discussion', id: post.discussion_id, title: post.title },
    postId: post.kind === 'question' ? null : post.id,
    excerpt: excerptOf(post.body_text),
  };
}

/** A best-answer choice as a line of activity, by the chosen answer's author. */
export function presentBestAnswerActivity(
  row: RecentBestAnswerRow,
  actor: MemberRef,
): ActivityItem {
  return {
    kind: 'best-answer',
    at: row.best_answer_at ?? '',
    actor,
    subject: { kind: 'discussion', id: row.discussion_id, title: row.title },
    postId: row.id,
    excerpt: excerptOf(row.body_text),
  };
}
