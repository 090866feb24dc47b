import type { ModuleDatabase } from '~server/db/schema.ts';
import type { CommunityTables } from '../community.tables.ts';

type Db = ModuleDatabase<CommunityTables>;

/** The week's most answered visible discussions, and its new ones nobody has answered yet. */
export async function listDigestDiscussions(db: Db, since: string, limit: number) {
  const visible = db
    .selectFrom('community_discussion')
    .select(['id', 'title', 'answer_count'])
    .where('hidden', '=', 0);
  const [popular, unanswered] = await Promise.all([
    visible
      .where('last_activity_at', '>=', since)
      .where('answer_count', '>', 0)
      .orderBy('answer_count', 'desc')
      .orderBy('last_activity_at', 'desc')
      .limit(limit)
      .execute(),
    visible
      .where('created_at', '>=', since)
      .where('answer_count', '=', 0)
      .where('locked', '=', 0)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute(),
  ]);
  return { popular, unanswered };
}
