import {
  excerptOf,
  isIdeaStatus,
  type ActivityItem,
  type IdeaComment,
  type IdeaDetail,
  type IdeaSummary,
  type MemberRef,
} from '~core/community';
import { renderUserText } from '../shared/community-text.ts';
import { hideable, isModerator, mayFlag, type Actor } from '../shared/community.policy.ts';
import type { IdeaCommentRow, IdeaRow, RecentIdeaCommentRow } from './ideas.repository.ts';

/* Product ideas as pages show them. */

export function presentIdeaSummary(row: IdeaRow, author: MemberRef, voted: boolean): IdeaSummary {
  return {
    id: row.id,
    title: row.title,
    excerpt: excerptOf(row.body_text),
    author,
    createdAt: row.created_at,
    status: isIdeaStatus(row.status) ? row.status : 'new',
    voteCount: row.vote_count,
    commentCount: row.comment_count,
    votedByViewer: voted,
    hidden: row.hidden === 1,
  };
}

/** The idea page: `comments` are those the viewer may see. */
export function presentIdeaDetail(
  idea: IdeaRow,
  summary: IdeaSummary,
  comments: readonly IdeaCommentRow[],
  view: { user: Actor; siteUrl: string; member: (id: string) => MemberRef },
): IdeaDetail {
  const { user, siteUrl } = view;
  const moderator = isModerator(user);
  return {
    ...summary,
    bodyHtml: renderUserText(siteUrl, idea.body),
    bodyMarkdown: idea.body,
    statusChangedAt: idea.status_changed_at,
    comments: comments.map((comment): IdeaComment => ({
      id: comment.id,
      author: view.member(comment.author_id),
      createdAt: comment.created_at,
      bodyHtml: renderUserText(siteUrl, comment.body),
      hidden: comment.hidden === 1,
    })),
    can: {
      vote: user !== null && !summary.votedByViewer,
      comment: user !== null && idea.hidden === 0,
      setStatus: moderator,
      moderate: moderator,
      flag: mayFlag(user, hideable(idea)),
    },
  };
}

export function presentIdeaActivity(idea: IdeaRow, actor: MemberRef): ActivityItem {
  return {
    kind: 'idea-proposed',
    at: idea.created_at,
    actor,
    subject: { kind: 'idea', id: idea.id, title: idea.title },
    postId: null,
    excerpt: excerptOf(idea.body_text),
  };
}

export function presentIdeaCommentActivity(
  comment: RecentIdeaCommentRow,
  actor: MemberRef,
): ActivityItem {
  return {
    kind: 'idea-commented',
    at: comment.created_at,
    actor,
    subject: { kind: 'idea', id: comment.idea_id, title: comment.title },
    postId: comment.id,
    excerpt: excerptOf(comment.body_text),
  };
}
