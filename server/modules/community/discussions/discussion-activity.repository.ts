import type { ModuleDatabase } from '~server/db/schema.ts';
import type { CommunityTables } from '../community.tables.ts';

/* What members did in discussions: the feed's, profiles' and leaderboard's figures. */

type Db = ModuleDatabase<Pick<CommunityTables, 'community_discussion' | 'community_post'>>;

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

export type RecentPostRow = Awaited<ReturnType<typeof listRecentPosts>>[number];
export type RecentBestAnswerRow = Awaited<ReturnType<typeof listRecentBestAnswers>>[number];
