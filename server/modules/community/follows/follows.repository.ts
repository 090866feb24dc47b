import type { Selectable } from 'kysely';
import type { ModuleDatabase } from '~server/db/schema.ts';
import type { CommunityFollowTable, CommunityTables, FollowKind } from '../community.tables.ts';

type Db = ModuleDatabase<Pick<CommunityTables, 'community_follow'>>;

export type FollowRow = Selectable<CommunityFollowTable>;

export async function insertFollow(
  db: Db,
  follow: {
    user_id: string;
    target_kind: FollowKind;
    target_id: string;
    token: string;
    now: string;
  },
): Promise<void> {
  await db
    .insertInto('community_follow')
    .values({
      user_id: follow.user_id,
      target_kind: follow.target_kind,
      target_id: follow.target_id,
      unsubscribe_token: follow.token,
      created_at: follow.now,
    })
    .onConflict((conflict) => conflict.columns(['user_id', 'target_kind', 'target_id']).doNothing())
    .execute();
}

export async function deleteFollow(
  db: Db,
  userId: string,
  kind: FollowKind,
  targetId: string,
): Promise<void> {
  await db
    .deleteFrom('community_follow')
    .where('user_id', '=', userId)
    .where('target_kind', '=', kind)
    .where('target_id', '=', targetId)
    .execute();
}

export async function findFollowByToken(db: Db, token: string): Promise<FollowRow | undefined> {
  return db
    .selectFrom('community_follow')
    .selectAll()
    .where('unsubscribe_token', '=', token)
    .executeTakeFirst();
}

export async function deleteFollowByToken(db: Db, token: string): Promise<void> {
  await db.deleteFrom('community_follow').where('unsubscribe_token', '=', token).execute();
}

export async function isFollowing(
  db: Db,
  userId: string,
  kind: FollowKind,
  targetId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('community_follow')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('target_kind', '=', kind)
    .where('target_id', '=', targetId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function listFollowsOf(db: Db, userId: string): Promise<FollowRow[]> {
  return db
    .selectFrom('community_follow')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
}

/** Every follow of any of these targets, oldest first. */
export async function listFollowsOfTargets(
  db: Db,
  targets: readonly { kind: FollowKind; id: string }[],
): Promise<FollowRow[]> {
  if (targets.length === 0) return [];
  return db
    .selectFrom('community_follow')
    .selectAll()
    .where((where) =>
      where.or(
        targets.map((target) =>
          where.and([where('target_kind', '=', target.kind), where('target_id', '=', target.id)]),
        ),
      ),
    )
    .orderBy('created_at')
    .execute();
}
