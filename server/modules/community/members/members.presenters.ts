import type { ActivityItem, HelpfulMember, MemberProfile, MemberRef } from '~core/community';
import type { UserSummary } from '~server/modules/identity';
import type { MemberAnswerStats } from '../discussions/discussion-activity.service.ts';
import { renderUserText } from '../shared/community-text.ts';
import { memberRefOf } from '../shared/member-refs.ts';

/* Members as the community home, the leaderboard and profiles show them. */

export function presentHelpfulMember(stats: MemberAnswerStats, member: MemberRef): HelpfulMember {
  return {
    ...member,
    bestAnswers: stats.best_answers,
    upvotes: stats.upvotes,
    answers: stats.answers,
  };
}

export function presentProfile(
  user: UserSummary,
  about: string | undefined,
  figures: {
    discussions: number;
    ideas: number;
    stats: MemberAnswerStats | undefined;
    activity: ActivityItem[];
  },
  view: { siteUrl: string; viewerId: string | undefined },
): MemberProfile {
  return {
    ...memberRefOf(user, user.id),
    joinedAt: user.joinedAt,
    about: about ?? '',
    aboutHtml: about ? renderUserText(view.siteUrl, about) : '',
    photoUrl: null,
    counts: {
      discussions: figures.discussions,
      answers: figures.stats?.answers ?? 0,
      bestAnswers: figures.stats?.best_answers ?? 0,
      ideas: figures.ideas,
    },
    activity: figures.activity,
    isViewer: view.viewerId === user.id,
  };
}
