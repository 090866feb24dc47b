import type { Insertable } from 'kysely';
import type { ModuleDatabase } from '~server/db/schema.ts';
import type {
  ContentTables,
  KbCatalogueLabelTable,
  KbGlossaryEntryTable,
  KbLandingPageTable,
  KbMarketplaceAppTable,
  KbTopicTable,
} from './content.tables.ts';
import type { PlannedArticle } from './import/article-rows.ts';
import type { PlannedMedia } from './import/content-rows.ts';
import type { PlannedGuide } from './import/guide-rows.ts';
import type { PlannedItem } from './import/planned-items.ts';

/*
 * The writes of the content import. Each takes the import's transaction, in which the importer
 * also writes each item's search document (import/content-import.ts).
 */

type Db = ModuleDatabase<ContentTables>;

/** What is stored for each kind of item: its key (slug, url name…), record id and hash. */
export interface StoredItem {
  key: string;
  id: string;
  hash: string;
}

export type StoredKind = 'media' | 'topics' | 'articles' | 'guides' | 'glossary' | 'apps' | 'pages';

export async function listStoredItems(db: Db): Promise<Record<StoredKind, StoredItem[]>> {
  const [media, topics, articles, guides, glossary, apps, pages] = await Promise.all([
    db
      .selectFrom('kb_media')
      .select(['file_name as key', 'file_name as id', 'content_key as hash'])
      .execute(),
    db.selectFrom('kb_topic').select(['slug as key', 'id', 'content_hash as hash']).execute(),
    db.selectFrom('kb_article').select(['url_name as key', 'id', 'content_hash as hash']).execute(),
    db.selectFrom('kb_guide').select(['slug as key', 'id', 'content_hash as hash']).execute(),
    db
      .selectFrom('kb_glossary_entry')
      .select(['slug as key', 'id', 'content_hash as hash'])
      .execute(),
    db
      .selectFrom('kb_marketplace_app')
      .select(['slug as key', 'id', 'content_hash as hash'])
      .execute(),
    db
      .selectFrom('kb_landing_page')
      .select(['page_key as key', 'page_key as id', 'content_hash as hash'])
      .execute(),
  ]);
  return { media, topics, articles, guides, glossary, apps, pages };
}

export async function listCatalogueLabels(db: Db): Promise<Insertable<KbCatalogueLabelTable>[]> {
  return db
    .selectFrom('kb_catalogue_label')
    .selectAll()
    .orderBy('kind')
    .orderBy('position')
    .execute();
}

export async function replaceCatalogueLabels(
  db: Db,
  labels: Insertable<KbCatalogueLabelTable>[],
): Promise<void> {
  // Upserts rather than delete-and-insert: a second process importing at the same moment
  // waits for the first one's rows instead of colliding with them.
  for (const kind of ['product', 'audience'] as const) {
    const keys = labels.filter((label) => label.kind === kind).map((label) => label.key);
    let stale = db.deleteFrom('kb_catalogue_label').where('kind', '=', kind);
    if (keys.length > 0) stale = stale.where('key', 'not in', keys);
    await stale.execute();
  }
  for (const label of labels) {
    await db
      .insertInto('kb_catalogue_label')
      .values(label)
      .onConflict((conflict) =>
        conflict
          .columns(['kind', 'key'])
          .doUpdateSet({ name: label.name, position: label.position }),
      )
      .execute();
  }
}

export async function upsertMedia(db: Db, media: PlannedMedia, now: string): Promise<void> {
  await db
    .insertInto('kb_media')
    .values({ ...media.row, created_at: now, updated_at: now })
    .onConflict((conflict) =>
      conflict.column('file_name').doUpdateSet({ ...media.row, updated_at: now }),
    )
    .execute();
}

export async function deleteMedia(db: Db, fileName: string): Promise<void> {
  await db.deleteFrom('kb_media').where('file_name', '=', fileName).execute();
}

export async function upsertTopic(
  db: Db,
  topic: PlannedItem<KbTopicTable>,
  now: string,
): Promise<void> {
  await db
    .insertInto('kb_topic')
    .values({ ...topic.row, content_hash: topic.hash, created_at: now, updated_at: now })
    .onConflict((conflict) =>
      conflict
        .column('id')
        .doUpdateSet({ ...topic.row, content_hash: topic.hash, updated_at: now }),
    )
    .execute();
}

export async function upsertArticle(db: Db, article: PlannedArticle, now: string): Promise<void> {
  const id = article.row.id;
  await db
    .insertInto('kb_article')
    .values({ ...article.row, content_hash: article.hash, created_at: now, updated_at: now })
    .onConflict((conflict) =>
      conflict
        .column('id')
        .doUpdateSet({ ...article.row, content_hash: article.hash, updated_at: now }),
    )
    .execute();
  await db.deleteFrom('kb_article_topic').where('article_id', '=', id).execute();
  if (article.topicIds.length > 0) {
    await db
      .insertInto('kb_article_topic')
      .values(
        article.topicIds.map((topicId, position) => ({
          article_id: id,
          topic_id: topicId,
          position,
        })),
      )
      .execute();
  }
}

export async function upsertGuide(db: Db, guide: PlannedGuide, now: string): Promise<void> {
  const id = guide.row.id;
  await db
    .insertInto('kb_guide')
    .values({ ...guide.row, content_hash: guide.hash, created_at: now, updated_at: now })
    .onConflict((conflict) =>
      conflict
        .column('id')
        .doUpdateSet({ ...guide.row, content_hash: guide.hash, updated_at: now }),
    )
    .execute();
  await db.deleteFrom('kb_guide_topic').where('guide_id', '=', id).execute();
  await db.deleteFrom('kb_guide_article').where('guide_id', '=', id).execute();
  await db.deleteFrom('kb_guide_section').where('guide_id', '=', id).execute();
  if (guide.topicIds.length > 0) {
    await db
      .insertInto('kb_guide_topic')
      .values(
        guide.topicIds.map((topicId, position) => ({ guide_id: id, topic_id: topicId, position })),
      )
      .execute();
  }
  if (guide.sections.length > 0) {
    await db
      .insertInto('kb_guide_section')
      .values(
        guide.sections.map((section, position) => ({
          guide_id: id,
          position,
          title: section.title,
          summary: section.summary,
        })),
      )
      .execute();
  }
  const entries = guide.sections.flatMap((section, sectionPosition) =>
    section.articleIds.map((articleId, position) => ({
      guide_id: id,
      section_position: sectionPosition,
      position,
      article_id: articleId,
    })),
  );
  if (entries.length > 0) await db.insertInto('kb_guide_article').values(entries).execute();
}

export async function upsertGlossaryEntry(
  db: Db,
  entry: PlannedItem<KbGlossaryEntryTable>,
  now: string,
): Promise<void> {
  await db
    .insertInto('kb_glossary_entry')
    .values({ ...entry.row, content_hash: entry.hash, created_at: now, updated_at: now })
    .onConflict((conflict) =>
      conflict
        .column('id')
        .doUpdateSet({ ...entry.row, content_hash: entry.hash, updated_at: now }),
    )
    .execute();
}

export async function upsertMarketplaceApp(
  db: Db,
  app: PlannedItem<KbMarketplaceAppTable>,
  now: string,
): Promise<void> {
  await db
    .insertInto('kb_marketplace_app')
    .values({ ...app.row, content_hash: app.hash, created_at: now, updated_at: now })
    .onConflict((conflict) =>
      conflict.column('id').doUpdateSet({ ...app.row, content_hash: app.hash, updated_at: now }),
    )
    .execute();
}

export async function upsertLandingPage(
  db: Db,
  page: PlannedItem<KbLandingPageTable>,
  now: string,
): Promise<void> {
  await db
    .insertInto('kb_landing_page')
    .values({ ...page.row, content_hash: page.hash, created_at: now, updated_at: now })
    .onConflict((conflict) =>
      conflict
        .column('page_key')
        .doUpdateSet({ ...page.row, content_hash: page.hash, updated_at: now }),
    )
    .execute();
}

const TABLE_OF = {
  topics: 'kb_topic',
  articles: 'kb_article',
  guides: 'kb_guide',
  glossary: 'kb_glossary_entry',
  apps: 'kb_marketplace_app',
} as const;

/** The kinds of item stored by record id, each with its search document. */
export type IndexedKind = keyof typeof TABLE_OF;

/** Removes an item; its links go with it, by cascade. */
export async function deleteItem(db: Db, kind: IndexedKind, id: string): Promise<void> {
  await db.deleteFrom(TABLE_OF[kind]).where('id', '=', id).execute();
}

export async function deleteLandingPage(db: Db, pageKey: string): Promise<void> {
  await db.deleteFrom('kb_landing_page').where('page_key', '=', pageKey).execute();
}
