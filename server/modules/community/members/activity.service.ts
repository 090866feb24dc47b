import type { Kysely } from 'kysely';
import type { ActivityItem } from '~core/community';
import type { Database } from '~server/db/schema.ts';
import { listDiscussionActivity } from '../discussions/discussion-activity.service.ts';
import { listIdeaActivity } from '../ideas/ideas.service.ts';
import { paging, type CommunityContext } from '../shared/community-context.ts';

/**
 * What happened in discussions and ideas (of one member, when `authorId` is given), newest
 * first: one page of it, taken from the newest of each kind.
 */
export async function activityOf(
  db: Kysely<Database>,
  options: { authorId?: string; offset: number; limit: number },
): Promise<ActivityItem[]> {
  const wanted = { authorId: options.authorId, limit: options.offset + options.limit };
  const [discussions, ideas] = await Promise.all([
    listDiscussionActivity(db, wanted),
    listIdeaActivity(db, wanted),
  ]);
  return [...discussions, ...ideas]
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(options.offset, options.offset + options.limit);
}

/** The feed /s/feed: the whole community's activity. */
export async function listRecentActivity(
  context: CommunityContext,
  options?: { offset?: number; limit?: number },
): Promise<ActivityItem[]> {
  return activityOf(context.db, paging(options));
}
