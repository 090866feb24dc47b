import type { ModuleDatabase } from '~server/db/schema.ts';
import type { CommunityTables } from '../community.tables.ts';

/*
 * What the insight rollup and community dashboard read (docs/insight.md 'Community'): one
 * day's questions, first answers and posts, and the state of the questions asked in a range.
 * Hidden discussions and posts are never counted.
 */

type Db = ModuleDatabase<Pick<CommunityTables, 'community_discussion' | 'community_post'>>;

/** One day's questions per product. */
export async function countQuestionsBetween(
  db: Db,
  range: { start: string; end: string },
): Promise<{ product: string | null; questions: number }[]> {
  const rows = await db
    .selectFrom('community_discussion')
    .select((eb) => ['product', eb.fn.countAll<number | string>().as('questions')])
    .where('hidden', '=', 0)
    .where('created_at', '>=', range.start)
    .where('created_at', '<', range.end)
    .groupBy('product')
    .execute();
  return rows.map((row) => ({ product: row.product, questions: Number(row.questions) }));
}

/** Questions whose first visible answer came on this day, with the minutes it took. */
export async function listFirstAnswersBetween(
  db: Db,
  range: { start: string; end: string },
): Promise<{ discussionId: string; product: string | null; asked: string; answered: string }[]> {
  const rows = await db
    .selectFrom('community_discussion as d')
    .innerJoin('community_post as p', 'p.discussion_id', 'd.id')
    .select((eb) => [
      'd.id',
      'd.product',
      'd.created_at',
      eb.fn.min<string>('p.created_at').as('answered'),
    ])
    .where('d.hidden', '=', 0)
    .where('p.kind', '=', 'answer')
    .where('p.hidden', '=', 0)
    .groupBy(['d.id', 'd.product', 'd.created_at'])
    .having((eb) => eb.fn.min('p.created_at'), '>=', range.start)
    .having((eb) => eb.fn.min('p.created_at'), '<', range.end)
    .execute();
  return rows.map((row) => ({
    discussionId: row.id,
    product: row.product,
    asked: row.created_at,
    answered: row.answered,
  }));
}

/** One day's visible posts (questions, answers, comments) per member and product. */
export async function countPostsBetween(
  db: Db,
  range: { start: string; end: string },
): Promise<{ authorId: string; product: string | null; posts: number }[]> {
  const rows = await db
    .selectFrom('community_post as p')
    .innerJoin('community_discussion as d', 'd.id', 'p.discussion_id')
    .select((eb) => ['p.author_id', 'd.product', eb.fn.countAll<number | string>().as('posts')])
    .where('p.hidden', '=', 0)
    .where('d.hidden', '=', 0)
    .where('p.created_at', '>=', range.start)
    .where('p.created_at', '<', range.end)
    .groupBy(['p.author_id', 'd.product'])
    .execute();
  return rows.map((row) => ({
    authorId: row.author_id,
    product: row.product,
    posts: Number(row.posts),
  }));
}

export interface AskedQuestion {
  id: string;
  title: string;
  product: string | null;
  createdAt: string;
  hasBestAnswer: boolean;
  /** When its first visible answer came, if one has. */
  firstAnswerAt: string | null;
}

/** The visible questions asked between two times, as they stand now. */
export async function listQuestionsAskedBetween(
  db: Db,
  range: { start: string; end: string; product?: string | undefined },
): Promise<AskedQuestion[]> {
  let select = db
    .selectFrom('community_discussion as d')
    .select((eb) => [
      'd.id',
      'd.title',
      'd.product',
      'd.created_at',
      'd.best_answer_id',
      eb
        .selectFrom('community_post as p')
        .select((inner) => inner.fn.min<string>('p.created_at').as('first'))
        .whereRef('p.discussion_id', '=', 'd.id')
        .where('p.kind', '=', 'answer')
        .where('p.hidden', '=', 0)
        .as('first_answer_at'),
    ])
    .where('d.hidden', '=', 0)
    .where('d.created_at', '>=', range.start)
    .where('d.created_at', '<', range.end);
  if (range.product !== undefined) select = select.where('d.product', '=', range.product);
  const rows = await select.orderBy('d.created_at').orderBy('d.id').execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    product: row.product,
    createdAt: row.created_at,
    hasBestAnswer: row.best_answer_id !== null,
    firstAnswerAt: row.first_answer_at ?? null,
  }));
}
