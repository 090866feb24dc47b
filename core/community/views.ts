/*
 * What community pages show: the server's presenters build these from rows, and the browser's
 * components take them as props, so both sides share one definition. Dates are ISO-8601 UTC
 * strings; body HTML is Markdown rendered and sanitised by the shared rich-text pipeline
 * (core/content's rich text), safe to insert as is; bodyMarkdown is the author's source, for
 * edit forms.
 */
import type { DiscussionTab } from './discussion-tabs.ts';
import type { IdeaStatus } from './posting-limits.ts';

/** A person as the community shows them: never their e-mail. */
export interface MemberRef {
  id: string;
  /** Spec 5 'Full names': first and last name, each word capitalised. */
  name: string;
  firstName: string;
  lastName: string;
}

export interface TopicTag {
  id: string;
  name: string;
}

export interface ProductTag {
  key: string;
  name: string;
}

/** One discussion in a list (home, topic, my discussions, profile). */
export interface DiscussionSummary {
  id: string;
  title: string;
  /** Plain text of the question, shortened for lists. */
  excerpt: string;
  author: MemberRef;
  createdAt: string;
  lastActivityAt: string;
  answerCount: number;
  upvoteCount: number;
  /** True once a best answer is chosen: the page shows 'Answered'. */
  answered: boolean;
  locked: boolean;
  hidden: boolean;
  topics: TopicTag[];
  product: ProductTag | null;
}

export interface PostRevision {
  editedAt: string;
  editedBy: MemberRef;
  /** The title before this edit (questions only). */
  title: string | null;
  /** The text before this edit, rendered. */
  bodyHtml: string;
}

export interface Comment {
  id: string;
  author: MemberRef;
  createdAt: string;
  editedAt: string | null;
  bodyHtml: string;
  bodyMarkdown: string;
  hidden: boolean;
  /** What this viewer may do with it. */
  can: { edit: boolean; flag: boolean; moderate: boolean };
}

export interface Answer extends Omit<Comment, 'can'> {
  upvoteCount: number;
  upvotedByViewer: boolean;
  isBest: boolean;
  comments: Comment[];
  revisionCount: number;
  can: { edit: boolean; flag: boolean; moderate: boolean; upvote: boolean; markBest: boolean };
}

/** The discussion page: the question, its answers (best first) and what the viewer may do. */
export interface DiscussionDetail extends DiscussionSummary {
  bodyHtml: string;
  bodyMarkdown: string;
  editedAt: string | null;
  revisionCount: number;
  upvotedByViewer: boolean;
  bestAnswerId: string | null;
  answers: Answer[];
  /** Comments on the question itself. */
  comments: Comment[];
  followedByViewer: boolean;
  can: {
    answer: boolean;
    comment: boolean;
    edit: boolean;
    upvote: boolean;
    follow: boolean;
    flag: boolean;
    moderate: boolean;
  };
}

export interface PopularTopic extends TopicTag {
  discussionCount: number;
}

export interface HelpfulMember extends MemberRef {
  /** Best answers given. */
  bestAnswers: number;
  /** Upvotes received on answers. */
  upvotes: number;
  answers: number;
}

/** The community home /0/community. */
export interface CommunityHome {
  recent: DiscussionSummary[];
  unanswered: DiscussionSummary[];
  popular: DiscussionSummary[];
  popularTopics: PopularTopic[];
  leaderboard: HelpfulMember[];
}

export interface TopicDiscussions {
  topic: TopicTag & { description: string; parent: TopicTag | null };
  discussions: DiscussionSummary[];
  total: number;
  followedByViewer: boolean;
}

/** One page of a community home tab's discussions: the tab's list behind 'View all'. */
export interface TabDiscussions {
  tab: DiscussionTab;
  discussions: DiscussionSummary[];
  /** How many discussions the tab has in all. */
  total: number;
}

export type ActivityKind =
  | 'discussion-started'
  | 'answered'
  | 'commented'
  | 'best-answer'
  | 'idea-proposed'
  | 'idea-commented';

/** One line of the feed /s/feed and of a profile's activity. */
export interface ActivityItem {
  kind: ActivityKind;
  at: string;
  actor: MemberRef;
  /** The discussion or idea it happened on. */
  subject: { kind: 'discussion' | 'idea'; id: string; title: string };
  /** The post's id (answer, comment), when it was one. */
  postId: string | null;
  excerpt: string;
}

export interface MemberProfile extends MemberRef {
  joinedAt: string;
  about: string;
  aboutHtml: string;
  /** For spec 5 'Avatar': null here (no photos are stored), so initials are shown. */
  photoUrl: string | null;
  counts: { discussions: number; answers: number; bestAnswers: number; ideas: number };
  activity: ActivityItem[];
  isViewer: boolean;
}

export interface IdeaSummary {
  id: string;
  title: string;
  excerpt: string;
  author: MemberRef;
  createdAt: string;
  status: IdeaStatus;
  voteCount: number;
  commentCount: number;
  votedByViewer: boolean;
  hidden: boolean;
}

export interface IdeaComment {
  id: string;
  author: MemberRef;
  createdAt: string;
  bodyHtml: string;
  hidden: boolean;
}

export interface IdeaDetail extends IdeaSummary {
  bodyHtml: string;
  bodyMarkdown: string;
  statusChangedAt: string | null;
  comments: IdeaComment[];
  can: { vote: boolean; comment: boolean; setStatus: boolean; moderate: boolean; flag: boolean };
}

export type FlagTarget = 'post' | 'idea' | 'idea-comment';

/** One flagged item awaiting review in the admins' queue. */
export interface ModerationItem {
  target: FlagTarget;
  id: string;
  /** The discussion or idea the item belongs to, to link to. */
  parent: { kind: 'discussion' | 'idea'; id: string; title: string };
  author: MemberRef;
  excerpt: string;
  hidden: boolean;
  flags: { reason: string; by: MemberRef; at: string }[];
}

export interface FollowedTarget {
  kind: 'discussion' | 'topic';
  id: string;
  title: string;
}

/** What a page needs for a start-a-discussion or idea form. */
export interface ComposeOptions {
  topics: (TopicTag & { parent: TopicTag | null })[];
  products: ProductTag[];
}
