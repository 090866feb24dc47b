import { GLOSSARY_PATH, glossaryEntryPath } from '~core/routes';
import type { ModuleDatabase } from '~server/db/schema.ts';
import type { ContentTables } from './content.tables.ts';
import type { SitemapEntry } from './content.types.ts';

/* What search engines are told about the content: the sitemap, and each record's SEO fields. */

type Db = ModuleDatabase<ContentTables>;

export async function listSitemapEntries(db: Db): Promise<SitemapEntry[]> {
  const [articles, guides, topics, pages, glossary] = await Promise.all([
    db.selectFrom('kb_article').select(['url_name', 'updated_date']).orderBy('url_name').execute(),
    db.selectFrom('kb_guide').select(['id', 'updated_date']).orderBy('slug').execute(),
    db.selectFrom('kb_topic').select(['id', 'updated_at']).orderBy('position').execute(),
    db
      .selectFrom('kb_landing_page')
      .select(['page_key', 'updated_at'])
      .orderBy('page_key')
      .execute(),
    db.selectFrom('kb_glossary_entry').select(['slug', 'updated_at']).orderBy('slug').execute(),
  ]);
  const latest = [...articles, ...guides]
    .map((item) => item.updated_date)
    .sort()
    .at(-1);
  return [
    { pageKey: 'home', params: {}, ...(latest ? { lastmod: latest } : {}) },
    { pageKey: 'topicCatalog', params: {}, ...(latest ? { lastmod: latest } : {}) },
    ...pages.map((page) => ({
      pageKey: page.page_key,
      params: {},
      lastmod: page.updated_at.slice(0, 10),
    })),
    ...topics.map((topic) => ({
      pageKey: 'topic',
      params: { id: topic.id },
      lastmod: topic.updated_at.slice(0, 10),
    })),
    ...guides.map((guide) => ({
      pageKey: 'guide',
      params: { id: guide.id },
      lastmod: guide.updated_date,
    })),
    ...articles.map((article) => ({
      pageKey: 'article',
      params: { urlName: article.url_name },
      lastmod: article.updated_date,
    })),
    ...(glossary.length > 0 ? [{ path: GLOSSARY_PATH }] : []),
    ...glossary.map((entry) => ({
      path: glossaryEntryPath(entry.slug),
      lastmod: entry.updated_at.slice(0, 10),
    })),
  ];
}

export interface SeoRecord {
  kind: 'article' | 'guide' | 'topic';
  id: string;
  urlName?: string;
  name: string;
  description: string;
  created?: string;
  updated?: string;
  published?: string;
}

/** What the SEO properties call describes: an article, a guide or a topic, by record id. */
export async function findSeoRecord(db: Db, id: string): Promise<SeoRecord | undefined> {
  const [article, guide, topic] = await Promise.all([
    db
      .selectFrom('kb_article')
      .select([
        'id',
        'url_name',
        'title',
        'summary',
        'created_date',
        'updated_date',
        'published_date',
      ])
      .where('id', '=', id)
      .executeTakeFirst(),
    db
      .selectFrom('kb_guide')
      .select(['id', 'title', 'summary', 'updated_date'])
      .where('id', '=', id)
      .executeTakeFirst(),
    db
      .selectFrom('kb_topic')
      .select(['id', 'name', 'description', 'updated_at'])
      .where('id', '=', id)
      .executeTakeFirst(),
  ]);
  if (article) {
    return {
      kind: 'article',
      id,
      urlName: article.url_name,
      name: article.title,
      description: article.summary,
      created: article.created_date,
      updated: article.updated_date,
      published: article.published_date,
    };
  }
  if (guide) {
    return {
      kind: 'guide',
      id,
      name: guide.title,
      description: guide.summary,
      updated: guide.updated_date,
    };
  }
  if (topic) {
    return {
      kind: 'topic',
      id,
      name: topic.name,
      description: topic.description,
      updated: topic.updated_at.slice(0, 10),
    };
  }
  return undefined;
}
