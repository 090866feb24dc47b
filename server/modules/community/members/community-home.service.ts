import type { Kysely } from 'kysely';
import type { CommunityHome, HelpfulMember } from '~core/community';
import type { Database } from '~server/db/schema.ts';
import { listAnswerStats } from '../discussions/discussion-activity.service.ts';
import { listPopularTopics, listTabPreview } from '../discussions/discussions.service.ts';
import type { CommunityContext } from '../shared/community-context.ts';
import { membersById } from '../shared/member-refs.ts';
import { presentHelpfulMember } from './members.presenters.ts';

const HOME_LIST_SIZE = 5;
const POPULAR_TOPICS = 8;
const LEADERBOARD_SIZE = 5;

/** Best answers given, then upvotes received on answers, then answers. */
async function listHelpfulMembers(db: Kysely<Database>, limit: number): Promise<HelpfulMember[]> {
  const stats = await listAnswerStats(db, { limit });
  const member = await membersById(
    db,
    stats.map((row) => row.author_id),
  );
  return stats.map((row) => presentHelpfulMember(row, member(row.author_id)));
}

/** The community home /0/community. */
export async function getCommunityHome(context: CommunityContext): Promise<CommunityHome> {
  const [recent, unanswered, popular, popularTopics, leaderboard] = await Promise.all([
    listTabPreview(context, 'recent', HOME_LIST_SIZE),
    listTabPreview(context, 'unanswered', HOME_LIST_SIZE),
    listTabPreview(context, 'popular', HOME_LIST_SIZE),
    listPopularTopics(context.db, POPULAR_TOPICS),
    listHelpfulMembers(context.db, LEADERBOARD_SIZE),
  ]);
  return { recent, unanswered, popular, popularTopics, leaderboard };
}
