import type { ModuleDatabase } from '~server/db/schema.ts';
import type { ContentTables } from './content.tables.ts';

type Db = ModuleDatabase<ContentTables>;

/** What an article file may refer to, as the knowledge base stores it now. */
export interface StoredReferences {
  productKeys: Set<string>;
  audienceKeys: Set<string>;
  topicIdsBySlug: Map<string, string>;
  articleUrlNames: Set<string>;
  mediaKeysByFile: Map<string, string>;
}

export async function storedReferences(db: Db, relatedNames: string[]): Promise<StoredReferences> {
  const [labels, topics, articles, media] = await Promise.all([
    db.selectFrom('kb_catalogue_label').select(['kind', 'key']).execute(),
    db.selectFrom('kb_topic').select(['id', 'slug']).execute(),
    relatedNames.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom('kb_article')
          .select('url_name')
          .where('url_name', 'in', relatedNames)
          .execute(),
    db.selectFrom('kb_media').select(['file_name', 'content_key']).execute(),
  ]);
  const keysOf = (kind: string) =>
    new Set(labels.filter((label) => label.kind === kind).map((label) => label.key));
  return {
    productKeys: keysOf('product'),
    audienceKeys: keysOf('audience'),
    topicIdsBySlug: new Map(topics.map((topic) => [topic.slug, topic.id])),
    articleUrlNames: new Set(articles.map((article) => article.url_name)),
    mediaKeysByFile: new Map(media.map((file) => [file.file_name, file.content_key])),
  };
}
