import type { ModuleDatabase } from '~server/db/schema.ts';
import type { CommunityTables } from '../community.tables.ts';

/** The guard reads when a member posted anything, so it sees every kind of post. */
type Db = ModuleDatabase<
  Pick<
    CommunityTables,
    'community_idempotency_key' | 'community_post' | 'community_idea' | 'community_idea_comment'
  >
>;

/**
 * Claims a form's idempotency key for a new result. Returns undefined when the key was free
 * (now taken), or the result the key already stands for. A concurrent first use of the key
 * waits for the other transaction and then finds its row.
 */
export async function claimIdempotencyKey(
  db: Db,
  key: { user_id: string; key: string; action: string; result_id: string; created_at: string },
): Promise<{ result_id: string; action: string } | undefined> {
  const result = await db
    .insertInto('community_idempotency_key')
    .values(key)
    .onConflict((conflict) => conflict.columns(['user_id', 'key']).doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) === 1) return undefined;
  return db
    .selectFrom('community_idempotency_key')
    .select(['result_id', 'action'])
    .where('user_id', '=', key.user_id)
    .where('key', '=', key.key)
    .executeTakeFirstOrThrow();
}

/** When this member posted (posts, ideas, idea comments) since the given time. */
export async function listPostTimesSince(db: Db, userId: string, since: string): Promise<string[]> {
  const [posts, ideas, comments] = await Promise.all([
    db
      .selectFrom('community_post')
      .select('created_at')
      .where('author_id', '=', userId)
      .where('created_at', '>', since)
      .execute(),
    db
      .selectFrom('community_idea')
      .select('created_at')
      .where('author_id', '=', userId)
      .where('created_at', '>', since)
      .execute(),
    db
      .selectFrom('community_idea_comment')
      .select('created_at')
      .where('author_id', '=', userId)
      .where('created_at', '>', since)
      .execute(),
  ]);
  return [...posts, ...ideas, ...comments].map((row) => row.created_at);
}
