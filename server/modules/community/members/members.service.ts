import { profileInput, type MemberProfile, type ProfileInput } from '~core/community';
import { isRecordId } from '~core/records';
import { listUserSummaries } from '~server/modules/identity';
import { countDiscussionsBy, listAnswerStats } from '../discussions/discussion-activity.service.ts';
import { countIdeasBy } from '../ideas/ideas.service.ts';
import { checkBannedWords } from '../moderation/banned-words.ts';
import { DEFAULT_PAGE, nowOf, parse, type CommunityContext } from '../shared/community-context.ts';
import { acceptUserText } from '../shared/community-text.ts';
import { requireMember } from '../shared/community.policy.ts';
import { activityOf } from './activity.service.ts';
import * as repository from './members.repository.ts';
import { presentProfile } from './members.presenters.ts';

export async function getMemberProfile(
  context: CommunityContext,
  userId: string,
): Promise<MemberProfile | undefined> {
  const { db, siteUrl } = context;
  if (!isRecordId(userId)) return undefined;
  const [user] = await listUserSummaries(db, [userId]);
  if (!user) return undefined;
  const [about, discussions, ideas, [stats], activity] = await Promise.all([
    repository.findProfileAbout(db, userId),
    countDiscussionsBy(db, userId),
    countIdeasBy(db, userId),
    listAnswerStats(db, { authorId: userId, limit: 1 }),
    activityOf(db, { authorId: userId, offset: 0, limit: DEFAULT_PAGE }),
  ]);
  return presentProfile(
    user,
    about,
    { discussions, ideas, stats, activity },
    { siteUrl, viewerId: context.viewer.user?.id },
  );
}

/** The viewer's about text. */
export async function updateProfile(context: CommunityContext, input: ProfileInput): Promise<void> {
  const user = requireMember(context.viewer);
  const values = parse(profileInput, input);
  await checkBannedWords({ about: values.about });
  const { body } = acceptUserText(values.about);
  await repository.saveProfileAbout(context.db, user.id, body, nowOf(context).toISOString());
}
