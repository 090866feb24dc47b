import type { Insertable, Selectable } from 'kysely';
import type { LandingPageKey } from '~core/content';
import { GLOSSARY_PATH, glossaryEntryPath } from '~core/routes';
import type { Region } from '~core/regions';
import type { ModuleDatabase } from '~server/db/schema.ts';
import type {
  ContentTables,
  KbArticleFeedbackTable,
  KbArticleTable,
  KbGuideTable,
  KbMarketplaceAppTable,
  KbTopicTable,
} from './content.tables.ts';
import type {
  Article,
  ArticleSummary,
  GlossaryEntry,
  GlossaryEntrySummary,
  Guide,
  GuideSummary,
  Label,
  LandingPage,
  MarketplaceApp,
  MediaFile,
  SitemapEntry,
  Topic,
  TopicCatalogEntry,
  TopicOutline,
  TopicRef,
  TopicSummary,
  TopicWithParent,
} from './content.types.ts';

type Db = ModuleDatabase<ContentTables>;

function jsonList(text: string): string[] {
  const value: unknown = JSON.parse(text);
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : [];
}

async function labelsOf(
  db: Db,
): Promise<{ product: Map<string, string>; audience: Map<string, string> }> {
  const rows = await db.selectFrom('kb_catalogue_label').selectAll().orderBy('position').execute();
  const product = new Map<string, string>();
  const audience = new Map<string, string>();
  for (const row of rows) (row.kind === 'product' ? product : audience).set(row.key, row.name);
  return { product, audience };
}

function labelList(keys: string, names: Map<string, string>): Label[] {
  return jsonList(keys).map((key) => ({ key, name: names.get(key) ?? key }));
}

/** Products in catalogue order, which is the order their labels are joined in. */
function productLabels(keys: string, names: Map<string, string>): Label[] {
  const order = [...names.keys()];
  return labelList(keys, names).sort((a, b) => order.indexOf(a.key) - order.indexOf(b.key));
}

const articleSummaryColumns = ['id', 'url_name', 'title', 'summary'] as const;

function toArticleSummary(
  row: Pick<Selectable<KbArticleTable>, 'id' | 'url_name' | 'title' | 'summary'>,
): ArticleSummary {
  return { id: row.id, urlName: row.url_name, title: row.title, summary: row.summary };
}

function toGuideSummary(
  row: Pick<Selectable<KbGuideTable>, 'id' | 'slug' | 'title' | 'summary'>,
): GuideSummary {
  return { id: row.id, slug: row.slug, title: row.title, summary: row.summary };
}

function toTopicRef(row: Pick<Selectable<KbTopicTable>, 'id' | 'slug' | 'name'>): TopicRef {
  return { id: row.id, slug: row.slug, name: row.name };
}

/** Articles by url name, in the order the names are given; names with no article are left out. */
async function articlesByUrlName(db: Db, urlNames: string[]): Promise<ArticleSummary[]> {
  if (urlNames.length === 0) return [];
  const rows = await db
    .selectFrom('kb_article')
    .select(articleSummaryColumns)
    .where('url_name', 'in', urlNames)
    .execute();
  const byName = new Map(rows.map((row) => [row.url_name, toArticleSummary(row)]));
  return urlNames.flatMap((name) => byName.get(name) ?? []);
}

async function guidesBySlug(db: Db, slugs: string[]): Promise<GuideSummary[]> {
  if (slugs.length === 0) return [];
  const rows = await db
    .selectFrom('kb_guide')
    .select(['id', 'slug', 'title', 'summary'])
    .where('slug', 'in', slugs)
    .execute();
  const bySlug = new Map(rows.map((row) => [row.slug, toGuideSummary(row)]));
  return slugs.flatMap((slug) => bySlug.get(slug) ?? []);
}

async function topicsWithParents(db: Db, topicIds: string[]): Promise<TopicWithParent[]> {
  if (topicIds.length === 0) return [];
  const rows = await db
    .selectFrom('kb_topic as topic')
    .leftJoin('kb_topic as parent', 'parent.id', 'topic.parent_id')
    .select([
      'topic.id',
      'topic.slug',
      'topic.name',
      'parent.id as parent_id',
      'parent.slug as parent_slug',
      'parent.name as parent_name',
    ])
    .where('topic.id', 'in', topicIds)
    .execute();
  const byId = new Map(
    rows.map((row) => [
      row.id,
      {
        ...toTopicRef(row),
        ...(row.parent_id && row.parent_slug && row.parent_name
          ? { parent: { id: row.parent_id, slug: row.parent_slug, name: row.parent_name } }
          : {}),
      },
    ]),
  );
  return topicIds.flatMap((id) => byId.get(id) ?? []);
}

export async function findArticle(
  db: Db,
  by: { urlName: string } | { id: string },
): Promise<Article | undefined> {
  const query = db.selectFrom('kb_article').selectAll();
  const row = await (
    'id' in by ? query.where('id', '=', by.id) : query.where('url_name', '=', by.urlName)
  ).executeTakeFirst();
  if (!row) return undefined;
  const [labels, topicLinks, guideRows, related] = await Promise.all([
    labelsOf(db),
    db
      .selectFrom('kb_article_topic')
      .select('topic_id')
      .where('article_id', '=', row.id)
      .orderBy('position')
      .execute(),
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
  ]);
  return {
    ...toArticleSummary(row),
    contentType: row.content_type,
    body: row.body,
    products: productLabels(row.products, labels.product),
    audiences: labelList(row.audiences, labels.audience),
    topics: await topicsWithParents(
      db,
      topicLinks.map((link) => link.topic_id),
    ),
    team: row.team,
    ...(row.region ? { region: row.region as Region } : {}),
    created: row.created_date,
    updated: row.updated_date,
    published: row.published_date,
    related,
    guides: guideRows.map(toGuideSummary),
  };
}

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
    articles: articles.map(toArticleSummary),
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

export async function listGlossary(db: Db): Promise<GlossaryEntrySummary[]> {
  return db
    .selectFrom('kb_glossary_entry')
    .select(['id', 'slug', 'term', 'summary'])
    .orderBy('term')
    .execute();
}

export async function findGlossaryEntry(db: Db, slug: string): Promise<GlossaryEntry | undefined> {
  const row = await db
    .selectFrom('kb_glossary_entry')
    .selectAll()
    .where('slug', '=', slug)
    .executeTakeFirst();
  if (!row) return undefined;
  const seeAlsoSlugs = jsonList(row.see_also);
  const [related, seeAlsoRows] = await Promise.all([
    articlesByUrlName(db, jsonList(row.related)),
    seeAlsoSlugs.length === 0
      ? []
      : db
          .selectFrom('kb_glossary_entry')
          .select(['id', 'slug', 'term', 'summary'])
          .where('slug', 'in', seeAlsoSlugs)
          .execute(),
  ]);
  const bySlug = new Map(seeAlsoRows.map((entry) => [entry.slug, entry]));
  return {
    id: row.id,
    slug: row.slug,
    term: row.term,
    summary: row.summary,
    body: row.body,
    related,
    seeAlso: seeAlsoSlugs.flatMap((entry) => bySlug.get(entry) ?? []),
  };
}

function toMarketplaceApp(
  row: Selectable<KbMarketplaceAppTable>,
  labels: { product: Map<string, string>; audience: Map<string, string> },
): MarketplaceApp {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    tagline: row.tagline,
    body: row.body,
    functions: jsonList(row.functions),
    rating: Number(row.rating),
    reviewCount: Number(row.review_count),
    logoHexColor: row.logo_hex_color,
    ...(row.logo_url ? { logoUrl: row.logo_url } : {}),
    hasListing: row.has_listing === 1,
    ...(row.landing_page_url ? { landingPageUrl: row.landing_page_url } : {}),
    products: productLabels(row.products, labels.product),
    audiences: labelList(row.audiences, labels.audience),
  };
}

export async function listMarketplaceApps(db: Db): Promise<MarketplaceApp[]> {
  const [labels, rows] = await Promise.all([
    labelsOf(db),
    db.selectFrom('kb_marketplace_app').selectAll().orderBy('name').execute(),
  ]);
  return rows.map((row) => toMarketplaceApp(row, labels));
}

export async function findMarketplaceApp(
  db: Db,
  slug: string,
): Promise<MarketplaceApp | undefined> {
  const [labels, row] = await Promise.all([
    labelsOf(db),
    db.selectFrom('kb_marketplace_app').selectAll().where('slug', '=', slug).executeTakeFirst(),
  ]);
  return row ? toMarketplaceApp(row, labels) : undefined;
}

interface StoredLandingSection {
  heading: string;
  body?: string;
  guides: string[];
  articles: string[];
}

export async function findLandingPage(db: Db, pageKey: string): Promise<LandingPage | undefined> {
  const row = await db
    .selectFrom('kb_landing_page')
    .selectAll()
    .where('page_key', '=', pageKey)
    .executeTakeFirst();
  if (!row) return undefined;
  const stored = JSON.parse(row.sections) as StoredLandingSection[];
  const sections = await Promise.all(
    stored.map(async (section) => ({
      heading: section.heading,
      ...(section.body ? { body: section.body } : {}),
      guides: await guidesBySlug(db, section.guides),
      articles: await articlesByUrlName(db, section.articles),
    })),
  );
  return {
    pageKey: row.page_key as LandingPageKey,
    title: row.title,
    summary: row.summary,
    body: row.body,
    sections,
    updated: row.updated_at.slice(0, 10),
  };
}

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

export async function findArticleTeam(db: Db, id: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('kb_article')
    .select('team')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.team;
}

export async function findMedia(db: Db, contentKey: string): Promise<MediaFile | undefined> {
  const row = await db
    .selectFrom('kb_media')
    .select(['content_key', 'content_type', 'bytes'])
    .where('content_key', '=', contentKey)
    .executeTakeFirst();
  if (!row) return undefined;
  return { contentKey: row.content_key, contentType: row.content_type, bytes: row.bytes };
}

export async function hasContent(db: Db): Promise<boolean> {
  const row = await db.selectFrom('kb_topic').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
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
