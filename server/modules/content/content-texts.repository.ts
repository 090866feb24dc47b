import type { ModuleDatabase } from '~server/db/schema.ts';
import type { ContentTables } from './content.tables.ts';
import type { ArticleText, GlossaryEntryText, GuideText } from './content.types.ts';

type Db = ModuleDatabase<ContentTables>;

export async function listArticleTexts(db: Db): Promise<ArticleText[]> {
  const rows = await db
    .selectFrom('kb_article')
    .select(['id', 'url_name', 'summary', 'body'])
    .orderBy('url_name')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    urlName: row.url_name,
    summary: row.summary,
    body: row.body,
  }));
}

export async function listGuideTexts(db: Db): Promise<GuideText[]> {
  const rows = await db
    .selectFrom('kb_guide')
    .select(['id', 'slug', 'summary', 'body'])
    .orderBy('slug')
    .execute();
  const sections = await db
    .selectFrom('kb_guide_section')
    .select(['guide_id', 'title', 'summary'])
    .orderBy('guide_id')
    .orderBy('position')
    .execute();
  return rows.map((row) => ({
    ...row,
    sections: sections
      .filter((section) => section.guide_id === row.id)
      .map(({ title, summary }) => ({ title, summary })),
  }));
}

export async function listGlossaryEntryTexts(db: Db): Promise<GlossaryEntryText[]> {
  return db
    .selectFrom('kb_glossary_entry')
    .select(['id', 'slug', 'summary', 'body'])
    .orderBy('slug')
    .execute();
}

/** Each article's title and summary with a topic it is filed under (one row per topic). */
export async function listArticleTopicTexts(
  db: Db,
): Promise<{ topicId: string; title: string; summary: string }[]> {
  const rows = await db
    .selectFrom('kb_article_topic')
    .innerJoin('kb_article', 'kb_article.id', 'kb_article_topic.article_id')
    .select(['kb_article_topic.topic_id', 'kb_article.title', 'kb_article.summary'])
    .orderBy('kb_article.url_name')
    .orderBy('kb_article_topic.topic_id')
    .execute();
  return rows.map((row) => ({ topicId: row.topic_id, title: row.title, summary: row.summary }));
}
