/* The community tables (migration 0008-community). Booleans are 0/1; times ISO-8601 UTC. */

export interface CommunityDiscussionTable {
  id: string;
  title: string;
  /** A catalogue product key, or null. */
  product: string | null;
  author_id: string;
  created_at: string;
  last_activity_at: string;
  best_answer_id: string | null;
  best_answer_at: string | null;
  answer_count: number;
  locked: number;
  hidden: number;
}

export interface CommunityDiscussionTopicTable {
  discussion_id: string;
  topic_id: string;
  position: number;
}

export type PostKind = 'question' | 'answer' | 'comment';

export interface CommunityPostTable {
  id: string;
  discussion_id: string;
  kind: PostKind;
  parent_id: string | null;
  author_id: string;
  /** The author's Markdown. */
  body: string;
  /** Its plain text, for excerpts, search and e-mail. */
  body_text: string;
  created_at: string;
  edited_at: string | null;
  upvote_count: number;
  hidden: number;
}

export interface CommunityPostRevisionTable {
  id: string;
  post_id: string;
  title: string | null;
  body: string;
  edited_by: string;
  edited_at: string;
}

export interface CommunityVoteTable {
  post_id: string;
  user_id: string;
  created_at: string;
}

export type FollowKind = 'discussion' | 'topic';

export interface CommunityFollowTable {
  user_id: string;
  target_kind: FollowKind;
  target_id: string;
  unsubscribe_token: string;
  created_at: string;
}

export interface CommunityIdeaTable {
  id: string;
  title: string;
  body: string;
  body_text: string;
  author_id: string;
  status: string;
  status_changed_at: string | null;
  vote_count: number;
  comment_count: number;
  created_at: string;
  hidden: number;
}

export interface CommunityIdeaVoteTable {
  idea_id: string;
  user_id: string;
  created_at: string;
}

export interface CommunityIdeaCommentTable {
  id: string;
  idea_id: string;
  author_id: string;
  body: string;
  body_text: string;
  created_at: string;
  hidden: number;
}

export type FlagKind = 'post' | 'idea' | 'idea-comment';

export interface CommunityFlagTable {
  id: string;
  target_kind: FlagKind;
  target_id: string;
  reporter_id: string;
  reason: string;
  note: string;
  created_at: string;
  resolved_at: string | null;
}

export interface CommunityModerationActionTable {
  id: string;
  target_kind: string;
  target_id: string;
  action: string;
  moderator_id: string;
  created_at: string;
}

export interface CommunityIdempotencyKeyTable {
  user_id: string;
  key: string;
  action: string;
  result_id: string;
  created_at: string;
}

export interface CommunityProfileTable {
  user_id: string;
  about: string;
  updated_at: string;
}

export interface CommunityTables {
  community_discussion: CommunityDiscussionTable;
  community_discussion_topic: CommunityDiscussionTopicTable;
  community_post: CommunityPostTable;
  community_post_revision: CommunityPostRevisionTable;
  community_vote: CommunityVoteTable;
  community_follow: CommunityFollowTable;
  community_idea: CommunityIdeaTable;
  community_idea_vote: CommunityIdeaVoteTable;
  community_idea_comment: CommunityIdeaCommentTable;
  community_flag: CommunityFlagTable;
  community_moderation_action: CommunityModerationActionTable;
  community_idempotency_key: CommunityIdempotencyKeyTable;
  community_profile: CommunityProfileTable;
}
