import type { ModuleDatabase } from '~server/db/schema.ts';
import type { CommunityTables } from '../community.tables.ts';

type Db = ModuleDatabase<CommunityTables>;

/** Everything a member wrote or asked for in the community, for their data export. */
export async function listMemberContent(db: Db, userId: string) {
  const [discussions, posts, ideas, ideaComments, follows, profile] = await Promise.all([
    db
      .selectFrom('community_discussion')
      .select(['id', 'title', 'created_at'])
      .where('author_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('community_post')
      .select(['id', 'discussion_id', 'kind', 'body', 'created_at', 'edited_at'])
      .where('author_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('community_idea')
      .select(['id', 'title', 'body', 'created_at'])
      .where('author_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('community_idea_comment')
      .select(['id', 'idea_id', 'body', 'created_at'])
      .where('author_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('community_follow')
      .select(['target_kind', 'target_id', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('community_profile')
      .select(['about', 'updated_at'])
      .where('user_id', '=', userId)
      .executeTakeFirst(),
  ]);
  return { profile: profile ?? null, discussions, posts, ideas, ideaComments, follows };
}
