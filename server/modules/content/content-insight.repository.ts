import type { ModuleDatabase } from '~server/db/schema.ts';
import type { ContentTables } from './content.tables.ts';

type Db = ModuleDatabase<ContentTables>;

/*
 * What the insight rollup and content dashboard read from the knowledge base
 * (docs/insight.md 'Content'): one day's helpful votes, and the names and last update of
 * viewed content.
 */

export interface DailyArticleFeedback {
  articleId: string;
  helpful: number;
  notHelpful: number;
}

/** One day's 'Was this helpful?' votes per article. */
export async function countArticleFeedbackBetween(
  db: Db,
  range: { start: string; end: string },
): Promise<DailyArticleFeedback[]> {
  const rows = await db
    .selectFrom('kb_article_feedback')
    .select((eb) => [
      'article_id',
      eb.fn.sum<number | string>('helpful').as('helpful'),
      eb.fn.countAll<number | string>().as('votes'),
    ])
    .where('created_at', '>=', range.start)
    .where('created_at', '<', range.end)
    .groupBy('article_id')
    .execute();
  return rows.map((row) => ({
    articleId: row.article_id,
    helpful: Number(row.helpful),
    notHelpful: Number(row.votes) - Number(row.helpful),
  }));
}

export interface ContentRecord {
  id: string;
  title: string;
  kind: 'article' | 'guide' | 'glossary';
  /** The day the content was last updated, YYYY-MM-DD. */
  updatedDate: string;
}

/** Articles, guides and glossary entries by id; ids of none of them are left out. */
export async function describeContent(db: Db, ids: readonly string[]): Promise<ContentRecord[]> {
  if (ids.length === 0) return [];
  const list = [...ids];
  const articles = await db
    .selectFrom('kb_article')
    .select(['id', 'title', 'updated_date'])
    .where('id', 'in', list)
    .execute();
  const guides = await db
    .selectFrom('kb_guide')
    .select(['id', 'title', 'updated_date'])
    .where('id', 'in', list)
    .execute();
  const entries = await db
    .selectFrom('kb_glossary_entry')
    .select(['id', 'term', 'updated_at'])
    .where('id', 'in', list)
    .execute();
  return [
    ...articles.map((row) => ({
      id: row.id,
      title: row.title,
      kind: 'article' as const,
      updatedDate: row.updated_date,
    })),
    ...guides.map((row) => ({
      id: row.id,
      title: row.title,
      kind: 'guide' as const,
      updatedDate: row.updated_date,
    })),
    ...entries.map((row) => ({
      id: row.id,
      title: row.term,
      kind: 'glossary' as const,
      updatedDate: row.updated_at.slice(0, 10),
    })),
  ];
}
