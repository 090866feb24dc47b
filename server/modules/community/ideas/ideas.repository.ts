import type { Insertable, Selectable, Updateable } from 'kysely';
import type { ModuleDatabase } from '~server/db/schema.ts';
import type {
  CommunityIdeaCommentTable,
  CommunityIdeaTable,
  CommunityTables,
} from '../community.tables.ts';

type Db = ModuleDatabase<
  Pick<CommunityTables, 'community_idea' | 'community_idea_vote' | 'community_idea_comment'>
>;

export type IdeaRow = Selectable<CommunityIdeaTable>;
export type IdeaCommentRow = Selectable<CommunityIdeaCommentTable>;

export async function insertIdea(db: Db, idea: Insertable<CommunityIdeaTable>): Promise<void> {
  await db.insertInto('community_idea').values(idea).execute();
}

export async function findIdea(db: Db, id: string): Promise<IdeaRow | undefined> {
  return db.selectFrom('community_idea').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listIdeas(
  db: Db,
  query: {
    visibleOnly: boolean;
    status?: string;
    authorId?: string;
    sort: 'votes' | 'newest';
    limit: number;
  },
): Promise<IdeaRow[]> {
  let select = db.selectFrom('community_idea').selectAll();
  if (query.visibleOnly) select = select.where('hidden', '=', 0);
  if (query.status) select = select.where('status', '=', query.status);
  if (query.authorId) select = select.where('author_id', '=', query.authorId);
  select =
    query.sort === 'votes'
      ? select.orderBy('vote_count', 'desc').orderBy('created_at', 'desc')
      : select.orderBy('created_at', 'desc');
  return select.orderBy('id').limit(query.limit).execute();
}

export async function updateIdea(
  db: Db,
  id: string,
  patch: Updateable<CommunityIdeaTable>,
): Promise<void> {
  await db.updateTable('community_idea').set(patch).where('id', '=', id).execute();
}

export async function countIdeasBy(db: Db, authorId: string): Promise<number> {
  const row = await db
    .selectFrom('community_idea')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('author_id', '=', authorId)
    .where('hidden', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/* Votes */

/** Records a vote; false when this member had already voted for the idea. */
export async function insertIdeaVote(
  db: Db,
  ideaId: string,
  userId: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .insertInto('community_idea_vote')
    .values({ idea_id: ideaId, user_id: userId, created_at: now })
    .onConflict((conflict) => conflict.columns(['idea_id', 'user_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

export async function addToIdeaCounts(
  db: Db,
  id: string,
  change: { votes?: number; comments?: number },
): Promise<void> {
  await db
    .updateTable('community_idea')
    .set((eb) => ({
      vote_count: eb('vote_count', '+', change.votes ?? 0),
      comment_count: eb('comment_count', '+', change.comments ?? 0),
    }))
    .where('id', '=', id)
    .execute();
}

export async function listIdeaVotesOf(
  db: Db,
  userId: string,
  ideaIds: readonly string[],
): Promise<Set<string>> {
  if (ideaIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('community_idea_vote')
    .select('idea_id')
    .where('user_id', '=', userId)
    .where('idea_id', 'in', [...ideaIds])
    .execute();
  return new Set(rows.map((row) => row.idea_id));
}

/* Comments */

export async function insertIdeaComment(
  db: Db,
  comment: Insertable<CommunityIdeaCommentTable>,
): Promise<void> {
  await db.insertInto('community_idea_comment').values(comment).execute();
}

export async function findIdeaComment(db: Db, id: string): Promise<IdeaCommentRow | undefined> {
  return db
    .selectFrom('community_idea_comment')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function listIdeaComments(db: Db, ideaId: string): Promise<IdeaCommentRow[]> {
  return db
    .selectFrom('community_idea_comment')
    .selectAll()
    .where('idea_id', '=', ideaId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function updateIdeaComment(db: Db, id: string, hidden: number): Promise<void> {
  await db.updateTable('community_idea_comment').set({ hidden }).where('id', '=', id).execute();
}

/** Recent visible comments on visible ideas, newest first, with their idea's title. */
export async function listRecentIdeaComments(
  db: Db,
  options: { authorId?: string; limit: number },
) {
  let select = db
    .selectFrom('community_idea_comment as c')
    .innerJoin('community_idea as i', 'i.id', 'c.idea_id')
    .select(['c.id', 'c.author_id', 'c.body_text', 'c.created_at', 'c.idea_id', 'i.title'])
    .where('c.hidden', '=', 0)
    .where('i.hidden', '=', 0);
  if (options.authorId) select = select.where('c.author_id', '=', options.authorId);
  return select.orderBy('c.created_at', 'desc').orderBy('c.id').limit(options.limit).execute();
}

export type RecentIdeaCommentRow = Awaited<ReturnType<typeof listRecentIdeaComments>>[number];
