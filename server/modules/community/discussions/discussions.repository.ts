import type { Insertable, Selectable, Updateable } from 'kysely';
import type { ModuleDatabase } from '~server/db/schema.ts';
import type { CommunityDiscussionTable, CommunityTables } from '../community.tables.ts';

type Db = ModuleDatabase<
  Pick<CommunityTables, 'community_discussion' | 'community_discussion_topic' | 'community_post'>
>;

export type DiscussionRow = Selectable<CommunityDiscussionTable>;

export async function insertDiscussion(
  db: Db,
  discussion: Insertable<CommunityDiscussionTable>,
  topicIds: readonly string[],
): Promise<void> {
  await db.insertInto('community_discussion').values(discussion).execute();
  if (topicIds.length > 0) {
    await db
      .insertInto('community_discussion_topic')
      .values(
        topicIds.map((topicId, position) => ({
          discussion_id: discussion.id,
          topic_id: topicId,
          position,
        })),
      )
      .execute();
  }
}

export async function updateDiscussion(
  db: Db,
  id: string,
  patch: Updateable<CommunityDiscussionTable>,
): Promise<void> {
  await db.updateTable('community_discussion').set(patch).where('id', '=', id).execute();
}

export async function addToAnswerCount(db: Db, id: string, change: number): Promise<void> {
  await db
    .updateTable('community_discussion')
    .set((eb) => ({ answer_count: eb('answer_count', '+', change) }))
    .where('id', '=', id)
    .execute();
}

export async function findDiscussion(db: Db, id: string): Promise<DiscussionRow | undefined> {
  return db.selectFrom('community_discussion').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface DiscussionQuery {
  /** Leave hidden discussions out (everyone but moderators). */
  visibleOnly: boolean;
  authorId?: string;
  /** Discussions this member started or answered. */
  involving?: string;
  topicIds?: readonly string[];
  unanswered?: boolean;
  order: 'activity' | 'popular' | 'created';
  offset?: number;
  limit: number;
}

function discussionsWhere(db: Db, query: DiscussionQuery) {
  let select = db.selectFrom('community_discussion as d');
  if (query.visibleOnly) select = select.where('d.hidden', '=', 0);
  if (query.authorId) select = select.where('d.author_id', '=', query.authorId);
  if (query.involving) {
    const member = query.involving;
    select = select.where((where) =>
      where.or([
        where('d.author_id', '=', member),
        where.exists(
          where
            .selectFrom('community_post as p')
            .select('p.id')
            .whereRef('p.discussion_id', '=', 'd.id')
            .where('p.author_id', '=', member)
            .where('p.kind', '=', 'answer'),
        ),
      ]),
    );
  }
  if (query.topicIds) {
    const topicIds = [...query.topicIds];
    if (topicIds.length === 0) return select.where('d.id', 'is', null);
    select = select.where((where) =>
      where.exists(
        where
          .selectFrom('community_discussion_topic as t')
          .select('t.discussion_id')
          .whereRef('t.discussion_id', '=', 'd.id')
          .where('t.topic_id', 'in', topicIds),
      ),
    );
  }
  if (query.unanswered) select = select.where('d.answer_count', '=', 0);
  return select;
}

export async function listDiscussions(db: Db, query: DiscussionQuery): Promise<DiscussionRow[]> {
  let select = discussionsWhere(db, query).selectAll('d');
  if (query.order === 'popular') {
    // Popular: most answered, then most upvoted questions, then the most recently active.
    select = select
      .innerJoin('community_post as q', 'q.id', 'd.id')
      .orderBy('d.answer_count', 'desc')
      .orderBy('q.upvote_count', 'desc')
      .orderBy('d.last_activity_at', 'desc');
  } else if (query.order === 'created') {
    select = select.orderBy('d.created_at', 'desc');
  } else {
    select = select.orderBy('d.last_activity_at', 'desc');
  }
  return select
    .orderBy('d.id')
    .limit(query.limit)
    .offset(query.offset ?? 0)
    .execute();
}

export async function countDiscussions(db: Db, query: DiscussionQuery): Promise<number> {
  const row = await discussionsWhere(db, query)
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The topics (knowledge-base topic ids) these discussions are filed under, in their order. */
export async function listDiscussionTopicIds(
  db: Db,
  discussionIds: readonly string[],
): Promise<{ discussion_id: string; topic_id: string }[]> {
  if (discussionIds.length === 0) return [];
  return db
    .selectFrom('community_discussion_topic')
    .select(['discussion_id', 'topic_id'])
    .where('discussion_id', 'in', [...discussionIds])
    .orderBy('discussion_id')
    .orderBy('position')
    .execute();
}

/** How many visible discussions each topic has. */
export async function countVisibleDiscussionsByTopic(
  db: Db,
): Promise<{ topic_id: string; count: number }[]> {
  const rows = await db
    .selectFrom('community_discussion_topic as t')
    .innerJoin('community_discussion as d', 'd.id', 't.discussion_id')
    .select(['t.topic_id', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('d.hidden', '=', 0)
    .groupBy('t.topic_id')
    .execute();
  return rows.map((row) => ({ topic_id: row.topic_id, count: Number(row.count) }));
}

/**
 * The discussions everyone may read (not hidden), with the day of their last activity, most
 * recently active first: what search engines are told of (the sitemap).
 */
export async function listPublicDiscussionDays(
  db: Db,
  limit: number,
): Promise<{ id: string; lastActivityDay: string }[]> {
  const rows = await db
    .selectFrom('community_discussion')
    .select(['id', 'last_activity_at'])
    .where('hidden', '=', 0)
    .orderBy('last_activity_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, lastActivityDay: row.last_activity_at.slice(0, 10) }));
}

/** Whether any community content exists (the demo content is loaded once, into an empty site). */
export async function hasDiscussions(db: Db): Promise<boolean> {
  const row = await db.selectFrom('community_discussion').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}
