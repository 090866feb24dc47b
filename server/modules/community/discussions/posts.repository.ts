import type { Insertable, Selectable, Updateable } from 'kysely';
import type { ModuleDatabase } from '~server/db/schema.ts';
import type { CommunityPostTable, CommunityTables } from '../community.tables.ts';

type Db = ModuleDatabase<
  Pick<CommunityTables, 'community_post' | 'community_post_revision' | 'community_vote'>
>;

export type PostRow = Selectable<CommunityPostTable>;

export async function insertPost(db: Db, post: Insertable<CommunityPostTable>): Promise<void> {
  await db.insertInto('community_post').values(post).execute();
}

export async function findPost(db: Db, id: string): Promise<PostRow | undefined> {
  return db.selectFrom('community_post').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findPosts(db: Db, ids: readonly string[]): Promise<PostRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('community_post')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
}

export async function listPostsOfDiscussion(db: Db, discussionId: string): Promise<PostRow[]> {
  return db
    .selectFrom('community_post')
    .selectAll()
    .where('discussion_id', '=', discussionId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function updatePost(
  db: Db,
  id: string,
  patch: Updateable<CommunityPostTable>,
): Promise<void> {
  await db.updateTable('community_post').set(patch).where('id', '=', id).execute();
}

/* Edit history */

export async function insertRevision(
  db: Db,
  revision: {
    id: string;
    post_id: string;
    title: string | null;
    body: string;
    edited_by: string;
    edited_at: string;
  },
): Promise<void> {
  await db.insertInto('community_post_revision').values(revision).execute();
}

export async function listRevisions(db: Db, postId: string) {
  return db
    .selectFrom('community_post_revision')
    .selectAll()
    .where('post_id', '=', postId)
    .orderBy('edited_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export type RevisionRow = Awaited<ReturnType<typeof listRevisions>>[number];

export async function countRevisions(
  db: Db,
  postIds: readonly string[],
): Promise<Map<string, number>> {
  if (postIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('community_post_revision')
    .select(['post_id', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('post_id', 'in', [...postIds])
    .groupBy('post_id')
    .execute();
  return new Map(rows.map((row) => [row.post_id, Number(row.count)]));
}

/* Votes */

/** Records an upvote; false when this member had already upvoted the post. */
export async function insertVote(
  db: Db,
  postId: string,
  userId: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .insertInto('community_vote')
    .values({ post_id: postId, user_id: userId, created_at: now })
    .onConflict((conflict) => conflict.columns(['post_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function addToUpvoteCount(db: Db, postId: string): Promise<number> {
  await db
    .updateTable('community_post')
    .set((eb) => ({ upvote_count: eb('upvote_count', '+', 1) }))
    .where('id', '=', postId)
    .execute();
  const row = await db
    .selectFrom('community_post')
    .select('upvote_count')
    .where('id', '=', postId)
    .executeTakeFirstOrThrow();
  return row.upvote_count;
}

export async function listVotedPosts(
  db: Db,
  userId: string,
  postIds: readonly string[],
): Promise<Set<string>> {
  if (postIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('community_vote')
    .select('post_id')
    .where('user_id', '=', userId)
    .where('post_id', 'in', [...postIds])
    .execute();
  return new Set(rows.map((row) => row.post_id));
}
