import type { ModuleDatabase } from '~server/db/schema.ts';
import type { CommunityTables } from '../community.tables.ts';

type Db = ModuleDatabase<CommunityTables>;

/**
 * A deleted account's part of the community: its posts, ideas and comments stay (under the
 * erased author's name), its profile text, follows and submit keys go.
 */
export async function forgetCommunityMember(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('community_profile').where('user_id', '=', userId).execute();
  await db.deleteFrom('community_follow').where('user_id', '=', userId).execute();
  await db.deleteFrom('community_idempotency_key').where('user_id', '=', userId).execute();
}
