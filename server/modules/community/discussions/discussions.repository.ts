import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { Database } from '~server/db/schema.ts';
import type {
  CommunityDiscussionTable,
  CommunityFlagTable,
  CommunityIdeaCommentTable,
  CommunityIdeaTable,
  CommunityPostTable,
  FlagKind,
  FollowKind,
} from './community.tables.ts';

type Db = Kysely<Database>;

export type DiscussionRow = Selectable<CommunityDiscussionTable>;
export type PostRow = Selectable<CommunityPostTable>;
export type IdeaRow = Selectable<CommunityIdeaTable>;
export type IdeaCommentRow = Selectable<CommunityIdeaCommentTable>;
export type FlagRow = Selectable<CommunityFlagTable>;

export interface MemberRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  created_at: string;
}

/* Members */

export async function findMembers(db: Db, ids: readonly string[]): Promise<MemberRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('portal_user')
    .select(['id', 'first_name', 'last_name', 'email', 'created_at'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

export async function findProfileAbout(db: Db, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('community_profile')
    .select('about')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.about;
}

export async function saveProfileAbout(
  db: Db,
  userId: string,
  about: string,
  now: string,
): Promise<void> {
  await db
    .insertInto('community_profile')
    .values({ user_id: userId, about, updated_at: now })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ about, updated_at: now }))
    .execute();
}

/* Topics and products (the knowledge base's catalogue) */

export interface TopicRow {
  id: string;
  name: string;
  description: string;
  parent_id: string | null;
}

export async function listTopics(db: Db): Promise<TopicRow[]> {
  return db
    .selectFrom('kb_topic')
    .select(['id', 'name', 'description', 'parent_id'])
    .orderBy('position')
    .execute();
}

export async function listTopicSlugs(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('kb_topic').select('slug').execute();
  return rows.map((row) => row.slug);
}

export async function listProducts(db: Db): Promise<{ key: string; name: string }[]> {
  return db
    .selectFrom('kb_catalogue_label')
    .select(['key', 'name'])
    .where('kind', '=', 'product')
    .orderBy('position')
    .execute();
}

/* Discussions and posts */

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

export async function listDiscussionTopics(
  db: Db,
  discussionIds: readonly string[],
): Promise<{ discussion_id: string; id: string; name: string }[]> {
  if (discussionIds.length === 0) return [];
  return db
    .selectFrom('community_discussion_topic as t')
    .innerJoin('kb_topic as k', 'k.id', 't.topic_id')
    .select(['t.discussion_id', 'k.id', 'k.name'])
    .where('t.discussion_id', 'in', [...discussionIds])
    .orderBy('t.discussion_id')
    .orderBy('t.position')
    .execute();
}

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

/* Follows */

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

export async function findFollowByToken(db: Db, token: string) {
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

export async function listFollowsOf(db: Db, userId: string) {
  return db
    .selectFrom('community_follow')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .execute();
}

export interface FollowerRow {
  user_id: string;
  email: string | null;
  first_name: string;
  last_name: string;
  target_kind: FollowKind;
  target_id: string;
  unsubscribe_token: string;
}

/** Everyone following any of these targets, with their e-mail address. */
export async function listFollowers(
  db: Db,
  targets: readonly { kind: FollowKind; id: string }[],
): Promise<FollowerRow[]> {
  if (targets.length === 0) return [];
  return db
    .selectFrom('community_follow as f')
    .innerJoin('portal_user as u', 'u.id', 'f.user_id')
    .select([
      'f.user_id',
      'u.email',
      'u.first_name',
      'u.last_name',
      'f.target_kind',
      'f.target_id',
      'f.unsubscribe_token',
    ])
    .where((where) =>
      where.or(
        targets.map((target) =>
          where.and([
            where('f.target_kind', '=', target.kind),
            where('f.target_id', '=', target.id),
          ]),
        ),
      ),
    )
    .orderBy('f.created_at')
    .execute();
}

/* Flags and moderation */

export async function upsertFlag(db: Db, flag: Insertable<CommunityFlagTable>): Promise<void> {
  await db
    .insertInto('community_flag')
    .values(flag)
    .onConflict((conflict) =>
      conflict.columns(['target_kind', 'target_id', 'reporter_id']).doUpdateSet({
        reason: flag.reason,
        note: flag.note,
        created_at: flag.created_at,
        resolved_at: null,
      }),
    )
    .execute();
}

export async function listOpenFlags(db: Db): Promise<FlagRow[]> {
  return db
    .selectFrom('community_flag')
    .selectAll()
    .where('resolved_at', 'is', null)
    .orderBy('created_at')
    .execute();
}

export async function resolveFlags(
  db: Db,
  kind: FlagKind,
  targetId: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('community_flag')
    .set({ resolved_at: now })
    .where('target_kind', '=', kind)
    .where('target_id', '=', targetId)
    .where('resolved_at', 'is', null)
    .execute();
}

export async function insertModerationAction(
  db: Db,
  action: {
    id: string;
    target_kind: string;
    target_id: string;
    action: string;
    moderator_id: string;
    created_at: string;
  },
): Promise<void> {
  await db.insertInto('community_moderation_action').values(action).execute();
}

/* Ideas */

export async function insertIdea(db: Db, idea: Insertable<CommunityIdeaTable>): Promise<void> {
  await db.insertInto('community_idea').values(idea).execute();
}

export async function findIdea(db: Db, id: string): Promise<IdeaRow | undefined> {
  return db.selectFrom('community_idea').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findIdeas(db: Db, ids: readonly string[]): Promise<IdeaRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('community_idea')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
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

export async function findIdeaComments(db: Db, ids: readonly string[]): Promise<IdeaCommentRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('community_idea_comment')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
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

/* Idempotency and rate limits */

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

/* Home, profile and feed aggregates */

export async function listPopularTopics(
  db: Db,
  limit: number,
): Promise<{ id: string; name: string; count: number }[]> {
  const rows = await db
    .selectFrom('community_discussion_topic as t')
    .innerJoin('community_discussion as d', 'd.id', 't.discussion_id')
    .innerJoin('kb_topic as k', 'k.id', 't.topic_id')
    .select(['k.id', 'k.name', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('d.hidden', '=', 0)
    .groupBy(['k.id', 'k.name'])
    .orderBy('count', 'desc')
    .orderBy('k.name')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ id: row.id, name: row.name, count: Number(row.count) }));
}

export interface MemberAnswerStats {
  author_id: string;
  answers: number;
  upvotes: number;
  best_answers: number;
}

/** Answer counts, upvotes received on answers and best answers, per member. */
export async function listAnswerStats(
  db: Db,
  options: { authorId?: string; limit: number },
): Promise<MemberAnswerStats[]> {
  let select = db
    .selectFrom('community_post as p')
    .leftJoin('community_discussion as d', 'd.best_answer_id', 'p.id')
    .select((eb) => [
      'p.author_id',
      eb.fn.countAll<number | string>().as('answers'),
      eb.fn.sum<number | string>('p.upvote_count').as('upvotes'),
      eb.fn.count<number | string>('d.id').as('best_answers'),
    ])
    .where('p.kind', '=', 'answer')
    .where('p.hidden', '=', 0)
    .groupBy('p.author_id');
  if (options.authorId) select = select.where('p.author_id', '=', options.authorId);
  const rows = await select
    .orderBy('best_answers', 'desc')
    .orderBy('upvotes', 'desc')
    .orderBy('answers', 'desc')
    .orderBy('p.author_id')
    .limit(options.limit)
    .execute();
  return rows.map((row) => ({
    author_id: row.author_id,
    answers: Number(row.answers),
    upvotes: Number(row.upvotes ?? 0),
    best_answers: Number(row.best_answers),
  }));
}

export async function countDiscussionsBy(db: Db, authorId: string): Promise<number> {
  const row = await db
    .selectFrom('community_discussion')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('author_id', '=', authorId)
    .where('hidden', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.count);
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

/** Recent visible posts of visible discussions, newest first, with their discussion's title. */
export async function listRecentPosts(db: Db, options: { authorId?: string; limit: number }) {
  let select = db
    .selectFrom('community_post as p')
    .innerJoin('community_discussion as d', 'd.id', 'p.discussion_id')
    .select([
      'p.id',
      'p.kind',
      'p.author_id',
      'p.body_text',
      'p.created_at',
      'p.discussion_id',
      'd.title',
    ])
    .where('p.hidden', '=', 0)
    .where('d.hidden', '=', 0);
  if (options.authorId) select = select.where('p.author_id', '=', options.authorId);
  return select.orderBy('p.created_at', 'desc').orderBy('p.id').limit(options.limit).execute();
}

/** Recent best-answer choices, newest first, with the chosen answer's author and text. */
export async function listRecentBestAnswers(db: Db, options: { authorId?: string; limit: number }) {
  let select = db
    .selectFrom('community_discussion as d')
    .innerJoin('community_post as p', 'p.id', 'd.best_answer_id')
    .select([
      'd.id as discussion_id',
      'd.title',
      'd.best_answer_at',
      'p.id',
      'p.author_id',
      'p.body_text',
    ])
    .where('d.hidden', '=', 0)
    .where('p.hidden', '=', 0)
    .where('d.best_answer_at', 'is not', null);
  if (options.authorId) select = select.where('p.author_id', '=', options.authorId);
  return select.orderBy('d.best_answer_at', 'desc').orderBy('d.id').limit(options.limit).execute();
}

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

/** Whether any community content exists (the demo content is loaded once, into an empty site). */
export async function hasDiscussions(db: Db): Promise<boolean> {
  const row = await db.selectFrom('community_discussion').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}
