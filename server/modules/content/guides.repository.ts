import type { ModuleDatabase } from '~server/db/schema.ts';
import type { ContentTables } from './content.tables.ts';
import type { Guide } from './content.types.ts';
import {
  labelList,
  labelsOf,
  productLabels,
  toArticleSummary,
  toGuideSummary,
  topicsWithParents,
} from './content-summaries.repository.ts';

type Db = ModuleDatabase<ContentTables>;

export async function findGuide(db: Db, id: string): Promise<Guide | undefined> {
  const row = await db.selectFrom('kb_guide').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const [labels, topicLinks, sections, entries] = await Promise.all([
    labelsOf(db),
    db
      .selectFrom('kb_guide_topic')
      .select('topic_id')
      .where('guide_id', '=', id)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('kb_guide_section')
      .selectAll()
      .where('guide_id', '=', id)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('kb_guide_article as entry')
      .innerJoin('kb_article as article', 'article.id', 'entry.article_id')
      .select([
        'entry.section_position',
        'article.id',
        'article.url_name',
        'article.title',
        'article.summary',
      ])
      .where('entry.guide_id', '=', id)
      .orderBy('entry.section_position')
      .orderBy('entry.position')
      .execute(),
  ]);
  return {
    ...toGuideSummary(row),
    body: row.body,
    products: productLabels(row.products, labels.product),
    audiences: labelList(row.audiences, labels.audience),
    topics: await topicsWithParents(
      db,
      topicLinks.map((link) => link.topic_id),
    ),
    updated: row.updated_date,
    sections: sections.map((section) => ({
      title: section.title,
      ...(section.summary ? { summary: section.summary } : {}),
      articles: entries
        .filter((entry) => entry.section_position === section.position)
        .map(toArticleSummary),
    })),
  };
}
