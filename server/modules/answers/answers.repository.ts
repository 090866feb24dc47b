import type { Insertable, Kysely, Selectable } from 'kysely';
import { LEARNING_CONTENT_TYPES, LEARNING_OBJECT_TYPES } from '~core/search';
import type { Database } from '~server/db/schema.ts';
import type { SearchDocument } from '~server/modules/search';
import type { AnswerCacheTable, AnswerEventTable } from './answers.tables.ts';

type Db = Kysely<Database>;

export type CachedAnswer = Selectable<AnswerCacheTable>;
export type AnswerEvent = Selectable<AnswerEventTable>;

export interface CacheKey {
  questionKey: string;
  searchHub: string;
  region: string;
  contentVersion: number;
}

export async function findCachedAnswer(db: Db, key: CacheKey): Promise<CachedAnswer | undefined> {
  return db
    .selectFrom('answer_cache')
    .selectAll()
    .where('question_key', '=', key.questionKey)
    .where('search_hub', '=', key.searchHub)
    .where('region', '=', key.region)
    .where('content_version', '=', key.contentVersion)
    .executeTakeFirst();
}

export async function findCachedAnswerById(db: Db, id: string): Promise<CachedAnswer | undefined> {
  return db.selectFrom('answer_cache').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Stores an answer unless another process stored one for the same key first, and returns the
 * stored one, so every process hands out the same answer id. Answers of the same question for
 * earlier content versions are removed: they can never be served again.
 */
export async function storeCachedAnswer(
  db: Db,
  row: Insertable<AnswerCacheTable>,
): Promise<CachedAnswer> {
  await db
    .insertInto('answer_cache')
    .values(row)
    .onConflict((conflict) =>
      conflict.columns(['question_key', 'search_hub', 'region', 'content_version']).doNothing(),
    )
    .execute();
  await db
    .deleteFrom('answer_cache')
    .where('question_key', '=', row.question_key)
    .where('search_hub', '=', row.search_hub)
    .where('region', '=', row.region)
    .where('content_version', '<', row.content_version)
    .execute();
  const stored = await findCachedAnswer(db, {
    questionKey: row.question_key,
    searchHub: row.search_hub,
    region: row.region,
    contentVersion: row.content_version,
  });
  if (stored === undefined) throw new Error('The answer cache row vanished after it was written');
  return stored;
}

export async function insertAnswerEvent(db: Db, row: Insertable<AnswerEventTable>): Promise<void> {
  await db.insertInto('answer_event').values(row).execute();
}

export async function listAnswerEvents(db: Db, answerId: string): Promise<AnswerEvent[]> {
  return db
    .selectFrom('answer_event')
    .selectAll()
    .where('answer_id', '=', answerId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/* The knowledge-base items answers are drawn from, each with its search document. */

export interface ArticlePassageRow {
  document: SearchDocument;
  urlName: string;
  summary: string;
  body: string;
}

export interface GuidePassageRow {
  document: SearchDocument;
  slug: string;
  summary: string;
  body: string;
  sections: { title: string; summary: string | null }[];
}

export interface GlossaryPassageRow {
  document: SearchDocument;
  slug: string;
  summary: string;
  body: string;
}

export async function documentsById(db: Db, ids: string[]): Promise<Map<string, SearchDocument>> {
  const documents = new Map<string, SearchDocument>();
  // Chunked: both drivers limit how many parameters one statement may bind.
  for (let start = 0; start < ids.length; start += 500) {
    const rows = await db
      .selectFrom('search_document')
      .selectAll()
      .where('unique_id', 'in', ids.slice(start, start + 500))
      .execute();
    for (const row of rows) documents.set(row.unique_id, row);
  }
  return documents;
}

/** Rows whose item has a search document: an item search cannot find is not cited either. */
function withDocuments<Row extends { id: string }, Out>(
  rows: Row[],
  documents: Map<string, SearchDocument>,
  shape: (row: Row, document: SearchDocument) => Out,
): Out[] {
  return rows.flatMap((row) => {
    const document = documents.get(row.id);
    return document ? [shape(row, document)] : [];
  });
}

export async function listArticlePassageRows(db: Db): Promise<ArticlePassageRow[]> {
  const rows = await db
    .selectFrom('kb_article')
    .select(['id', 'url_name', 'summary', 'body'])
    .orderBy('url_name')
    .execute();
  const documents = await documentsById(
    db,
    rows.map((row) => row.id),
  );
  return withDocuments(rows, documents, (row, document) => ({
    document,
    urlName: row.url_name,
    summary: row.summary,
    body: row.body,
  }));
}

export async function listGuidePassageRows(db: Db): Promise<GuidePassageRow[]> {
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
  const documents = await documentsById(
    db,
    rows.map((row) => row.id),
  );
  return withDocuments(rows, documents, (row, document) => ({
    document,
    slug: row.slug,
    summary: row.summary,
    body: row.body,
    sections: sections
      .filter((section) => section.guide_id === row.id)
      .map(({ title, summary }) => ({ title, summary })),
  }));
}

export async function listGlossaryPassageRows(db: Db): Promise<GlossaryPassageRow[]> {
  const rows = await db
    .selectFrom('kb_glossary_entry')
    .select(['id', 'slug', 'summary', 'body'])
    .orderBy('slug')
    .execute();
  const documents = await documentsById(
    db,
    rows.map((row) => row.id),
  );
  return withDocuments(rows, documents, (row, document) => ({
    document,
    slug: row.slug,
    summary: row.summary,
    body: row.body,
  }));
}

/** Learning items (courses, classrooms, webinars, plans, tracks) by their search documents. */
export async function listLearningItemDocuments(db: Db): Promise<SearchDocument[]> {
  return db
    .selectFrom('search_document')
    .selectAll()
    .where((where) =>
      where.or([
        where('common_contenttype', 'in', [...LEARNING_CONTENT_TYPES]),
        where('objecttype', 'in', [...LEARNING_OBJECT_TYPES]),
      ]),
    )
    .orderBy('unique_id')
    .execute();
}
