import type { Insertable, Selectable } from 'kysely';
import type { Region } from '~core/regions';
import type { ModuleDatabase } from '~server/db/schema.ts';
import type {
  ContentTables,
  KbArticleFeedbackTable,
  KbArticleTable,
  KbTopicTable,
} from './content.tables.ts';
import type {
  Article,
  Label,
  Topic,
  TopicCatalogEntry,
  TopicOutline,
  TopicSummary,
} from './content.types.ts';
import {
  articlesByUrlName,
  articleSummaryColumns,
  jsonList,
  labelList,
  labelsOf,
  productLabels,
  toArticleSummary,
  toGuideSummary,
  topicsWithParents,
  toTopicRef,
} from './content-summaries.repository.ts';

/*
 * Articles and topics, the knowledge base's own records, with the catalogue's products. Guides,
 * the glossary, marketplace apps, landing pages, media and the SEO records have their own
 * repositories.
 */

type Db = ModuleDatabase<ContentTables>;

export async function findArticle(
  db: Db,
  by: { urlName: string } | { id: string },
): Promise<Article | undefined> {
  const query = db.selectFrom('kb_article').selectAll();
  const row = await (
    'id' in by ? query.where('id', '=', by.id) : query.where('url_name', '=', by.urlName)
  ).executeTakeFirst();
  if (!row) return undefined;
  const topicLinks = await db
    .selectFrom('kb_article_topic')
    .select('topic_id')
    .where('article_id', '=', row.id)
    .orderBy('position')
    .execute();
  return assembleArticle(db, {
    row,
    topicIds: topicLinks.map((link) => link.topic_id),
  });
}

/**
 * An article as its page shows it, from its row and topics: those stored, or those an import
 * would store (the preview of an article file before it is imported).
 */
export async function assembleArticle(
  db: Db,
  draft: { row: Selectable<KbArticleTable>; topicIds: string[] },
): Promise<Article> {
  const { row } = draft;
  const [labels, guideRows, related, topics] = await Promise.all([
    labelsOf(db),
    db
      .selectFrom('kb_guide')
      .select(['id', 'slug', 'title', 'summary'])
      .where(
        'id',
        'in',
        db.selectFrom('kb_guide_article').select('guide_id').where('article_id', '=', row.id),
      )
      .orderBy('title')
      .execute(),
    articlesByUrlName(db, jsonList(row.related)),
    topicsWithParents(db, draft.topicIds),
  ]);
  return {
    ...toArticleSummary(row),
    contentType: row.content_type,
    body: row.body,
    products: productLabels(row.products, labels.product),
    audiences: labelList(row.audiences, labels.audience),
    topics,
    team: row.team,
    ...(row.region ? { region: row.region as Region } : {}),
    created: row.created_date,
    updated: row.updated_date,
    published: row.published_date,
    related,
    guides: guideRows.map(toGuideSummary),
  };
}

export async function findArticleTeam(db: Db, id: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('kb_article')
    .select('team')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.team;
}

export async function articleExists(db: Db, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('kb_article')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertArticleFeedback(
  db: Db,
  feedback: Insertable<KbArticleFeedbackTable>,
): Promise<void> {
  await db.insertInto('kb_article_feedback').values(feedback).execute();
}

/** Ids of the topic and its subtopics. */
async function topicFamily(db: Db, id: string): Promise<string[]> {
  const children = await db
    .selectFrom('kb_topic')
    .select('id')
    .where('parent_id', '=', id)
    .execute();
  return [id, ...children.map((child) => child.id)];
}

async function topicSummaries(db: Db, rows: Selectable<KbTopicTable>[]): Promise<TopicSummary[]> {
  if (rows.length === 0) return [];
  const all = await db.selectFrom('kb_topic').select(['id', 'parent_id']).execute();
  const [articleLinks, guideLinks] = await Promise.all([
    db.selectFrom('kb_article_topic').select(['article_id as item', 'topic_id']).execute(),
    db.selectFrom('kb_guide_topic').select(['guide_id as item', 'topic_id']).execute(),
  ]);
  const family = (id: string) =>
    new Set([id, ...all.filter((topic) => topic.parent_id === id).map((topic) => topic.id)]);
  const count = (links: { item: string; topic_id: string }[], id: string) => {
    const members = family(id);
    return new Set(links.filter((link) => members.has(link.topic_id)).map((link) => link.item))
      .size;
  };
  return rows.map((row) => ({
    ...toTopicRef(row),
    description: row.description,
    articleCount: count(articleLinks, row.id),
    guideCount: count(guideLinks, row.id),
  }));
}

export async function findTopic(db: Db, id: string): Promise<Topic | undefined> {
  const row = await db.selectFrom('kb_topic').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const family = await topicFamily(db, id);
  const [parent, subtopicRows, articles, guides] = await Promise.all([
    row.parent_id
      ? db
          .selectFrom('kb_topic')
          .select(['id', 'slug', 'name'])
          .where('id', '=', row.parent_id)
          .executeTakeFirst()
      : undefined,
    db.selectFrom('kb_topic').selectAll().where('parent_id', '=', id).orderBy('position').execute(),
    db
      .selectFrom('kb_article')
      .select([...articleSummaryColumns, 'updated_date'])
      .where(
        'id',
        'in',
        db.selectFrom('kb_article_topic').select('article_id').where('topic_id', 'in', family),
      )
      .orderBy('title')
      .execute(),
    db
      .selectFrom('kb_guide')
      .select(['id', 'slug', 'title', 'summary', 'updated_date'])
      .where(
        'id',
        'in',
        db.selectFrom('kb_guide_topic').select('guide_id').where('topic_id', 'in', family),
      )
      .orderBy('title')
      .execute(),
  ]);
  const [summary] = await topicSummaries(db, [row]);
  const dates = [...articles, ...guides].map((item) => item.updated_date).sort();
  const updated = dates.at(-1);
  return {
    ...(summary as TopicSummary),
    ...(parent ? { parent: toTopicRef(parent) } : {}),
    subtopics: await topicSummaries(db, subtopicRows),
    articles: articles.map((article) => ({
      ...toArticleSummary(article),
      updated: article.updated_date,
    })),
    guides: guides.map(toGuideSummary),
    ...(updated ? { updated } : {}),
  };
}

export async function listTopicCatalog(db: Db): Promise<TopicCatalogEntry[]> {
  const rows = await db.selectFrom('kb_topic').selectAll().orderBy('position').execute();
  const summaries = await topicSummaries(db, rows);
  const byId = new Map(summaries.map((summary) => [summary.id, summary]));
  return rows
    .filter((row) => row.parent_id === null)
    .map((row) => ({
      ...(byId.get(row.id) as TopicSummary),
      subtopics: rows
        .filter((child) => child.parent_id === row.id)
        .map((child) => byId.get(child.id) as TopicSummary),
    }));
}

export async function listTopics(db: Db): Promise<TopicOutline[]> {
  const rows = await db
    .selectFrom('kb_topic')
    .select(['id', 'slug', 'name', 'description', 'parent_id'])
    .orderBy('position')
    .execute();
  return rows.map((row) => ({
    ...toTopicRef(row),
    description: row.description,
    parentId: row.parent_id,
  }));
}

export async function listProducts(db: Db): Promise<Label[]> {
  return db
    .selectFrom('kb_catalogue_label')
    .select(['key', 'name'])
    .where('kind', '=', 'product')
    .orderBy('position')
    .execute();
}

export async function hasContent(db: Db): Promise<boolean> {
  const row = await db.selectFrom('kb_topic').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/** A deleted account's article feedback, with any comment it typed, goes. */
export async function forgetArticleFeedbackOfUser(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('kb_article_feedback').where('user_id', '=', userId).execute();
}
