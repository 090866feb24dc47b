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
