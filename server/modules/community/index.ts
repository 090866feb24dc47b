/*
 * The community module's public face: the only file other modules, the app's server files,
 * server/main.ts and tests outside the module import. The module is split by what members do
 * (docs/decisions/010-community-sub-modules.md); this file is where the sub-modules meet.
 * What pages show (DiscussionDetail, IdeaDetail, ...) is typed in core/community.
 */
export type { CommunityContext } from './shared/community-context.ts';
export {
  CommunityError,
  isCommunityError,
  type CommunityErrorCode,
} from './shared/community-error.ts';

export {
  getComposeOptions,
  getDiscussion,
  getPostHistory,
  listMyDiscussions,
  listTabDiscussions,
  listTopicDiscussions,
} from './discussions/discussions.service.ts';
export {
  answerDiscussion,
  commentOnPost,
  editDiscussion,
  editPost,
  markBestAnswer,
  startDiscussion,
  upvotePost,
} from './discussions/discussion-posting.service.ts';
export { listAcceptedAnswers } from './discussions/discussion-activity.service.ts';
export { listPublicDiscussionDays } from './discussions/discussions.repository.ts';
export {
  countPostsBetween,
  countQuestionsBetween,
  listFirstAnswersBetween,
  listQuestionsAskedBetween,
  type AskedQuestion,
} from './discussions/discussion-insight.repository.ts';

export {
  commentOnIdea,
  getIdea,
  listIdeas,
  proposeIdea,
  setIdeaStatus,
  voteForIdea,
} from './ideas/ideas.service.ts';

export {
  followDiscussion,
  followTopic,
  listFollows,
  unsubscribeByToken,
} from './follows/follows.service.ts';

export {
  flagItem,
  listModerationQueue,
  setHidden,
  setLocked,
} from './moderation/moderation.service.ts';
// The spec's banned-words list as this process loaded it, for other modules' typed texts.
export { bannedWords } from './moderation/banned-words.ts';

export { getCommunityHome } from './members/community-home.service.ts';
export { getMemberProfile, updateProfile } from './members/members.service.ts';
export { listRecentActivity } from './members/activity.service.ts';
export { listMemberContent } from './members/member-export.repository.ts';

export { importCommunityOnFirstStart } from './demo/community-first-start.ts';
export type { CommunityTables } from './community.tables.ts';
export { forgetCommunityMember } from './members/member-erasure.repository.ts';
export { communityDigestOf } from './members/community-digest.service.ts';
