import { createHash } from 'node:crypto';
import type { Insertable } from 'kysely';
import {
  resolveMediaReferences,
  type ArticleFrontMatter,
  type CatalogueFile,
  type GlossaryFrontMatter,
  type GuideFrontMatter,
  type LandingPageFrontMatter,
  type MarketplaceAppFrontMatter,
  type TopicsFile,
} from '~core/content';
import {
  createRouteContract,
  mediaPath,
  type RouteContract,
  glossaryEntryPath,
} from '~core/routes';
import type { SiteNames } from '~core/site';
import { stableRecordId } from '~server/db/ids.ts';
import { UNUSED_SEARCH_FIELDS, type SearchDocumentTable } from '~server/modules/search';
import { markdownToPlainText } from '../markdown-text.ts';
import type {
  KbArticleTable,
  KbCatalogueLabelTable,
  KbGlossaryEntryTable,
  KbGuideTable,
  KbLandingPageTable,
  KbMarketplaceAppTable,
  KbMediaTable,
  KbTopicTable,
} from '../content.tables.ts';
import type { ValidContent, ValidItem, ValidMedia } from './content-validate.ts';

/*
 * Turns validated content into the rows to store. Every item carries a hash of everything
 * written for it (its rows and its search document), so an import can tell unchanged items
 * from changed ones without comparing column by column.
 */

type Row<T> = Omit<Insertable<T>, 'created_at' | 'updated_at' | 'content_hash'>;
export type SearchDocumentRow = Omit<Insertable<SearchDocumentTable>, 'updated_at'>;

export interface PlannedItem<T> {
  /** The slug, url name or page key the item is matched on. */
  key: string;
  path: string;
  hash: string;
  row: Row<T>;
  searchDocument?: SearchDocumentRow;
}

export interface PlannedArticle extends PlannedItem<KbArticleTable> {
  topicIds: string[];
}

export interface PlannedGuide extends PlannedItem<KbGuideTable> {
  topicIds: string[];
  sections: { title: string; summary: string | null; articleIds: string[] }[];
}

export interface PlannedMedia {
  key: string;
  path: string;
  hash: string;
  row: Omit<Insertable<KbMediaTable>, 'created_at' | 'updated_at'>;
}

export interface ContentPlan {
  labels: Insertable<KbCatalogueLabelTable>[];
  media: PlannedMedia[];
  topics: PlannedItem<KbTopicTable>[];
  articles: PlannedArticle[];
  guides: PlannedGuide[];
  glossary: PlannedItem<KbGlossaryEntryTable>[];
  apps: PlannedItem<KbMarketplaceAppTable>[];
  pages: PlannedItem<KbLandingPageTable>[];
}

export const SEARCH_ORIGIN = 'content';
const LANGUAGE = 'en';
const SYSSOURCE = 'Help content';

/** The record ids of imported content, the same on every installation (docs/content-import.md). */
export const contentIds = {
  article: (urlName: string) => stableRecordId('article', urlName),
  guide: (slug: string) => stableRecordId('guide', slug),
  topic: (slug: string) => stableRecordId('topic', slug),
  glossaryEntry: (slug: string) => stableRecordId('glossaryEntry', slug),
  marketplaceApp: (slug: string) => stableRecordId('marketplaceApp', slug),
};

function hashOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

/** The media address of a file: its name behind a hash of its bytes, so new bytes get a new address. */
export function mediaContentKey(fileName: string, bytes: Uint8Array): string {
  return `${createHash('sha256').update(bytes).digest('hex').slice(0, 20)}-${fileName}`;
}

export interface PlanSettings extends SiteNames {
  /** The apps host of the marketplace: a listed app lives at {appsHost}/app/{slug}. */
  appsHost: string;
}

interface TopicInfo {
  id: string;
  firstLevel: { id: string; name: string };
}

/** What planning one item needs to know about the rest of the folder. */
interface PlanContext {
  settings: PlanSettings;
  contract: RouteContract;
  mediaKeys: ReadonlyMap<string, string>;
  topics: ReadonlyMap<string, TopicInfo>;
  productNames: (keys: string[]) => string;
  audienceNames: (keys: string[]) => string;
}

export function planContent(content: ValidContent, settings: PlanSettings): ContentPlan {
  const contract = createRouteContract({ product: settings.product, siteUrl: '', log: () => {} });
  const media = content.media.map(planMedia);
  const topics = planTopics(content.topics, contract);
  const context: PlanContext = {
    settings,
    contract,
    mediaKeys: new Map(media.map((file) => [file.key, file.row.content_key])),
    topics: topics.info,
    ...labelNames(content.catalogue),
  };
  return {
    labels: planLabels(content.catalogue),
    media,
    topics: topics.items,
    articles: content.articles.map((item) => planArticle(item, context)),
    guides: content.guides.map((item) => planGuide(item, context)),
    glossary: content.glossary.map((item) => planGlossaryEntry(item, context)),
    apps: content.apps.map((item) => planMarketplaceApp(item, context)),
    pages: content.pages.map((item) => planLandingPage(item, context)),
  };
}

function planLabels(catalogue: CatalogueFile): Insertable<KbCatalogueLabelTable>[] {
  return [
    ...catalogue.products.map((label, position) => ({
      kind: 'product' as const,
      ...label,
      position,
    })),
    ...catalogue.audiences.map((label, position) => ({
      kind: 'audience' as const,
      ...label,
      position,
    })),
  ];
}

/** Search lists products by name in catalogue order, the order their labels are joined in. */
function labelNames(catalogue: CatalogueFile): Pick<PlanContext, 'productNames' | 'audienceNames'> {
  const productName = new Map(catalogue.products.map((label) => [label.key, label.name]));
  const productOrder = catalogue.products.map((label) => label.key);
  const audienceName = new Map(catalogue.audiences.map((label) => [label.key, label.name]));
  return {
    productNames: (keys) =>
      JSON.stringify(
        [...keys]
          .sort((a, b) => productOrder.indexOf(a) - productOrder.indexOf(b))
          .map((key) => productName.get(key) ?? key),
      ),
    audienceNames: (keys) => JSON.stringify(keys.map((key) => audienceName.get(key) ?? key)),
  };
}

function planMedia(file: ValidMedia): PlannedMedia {
  const contentKey = mediaContentKey(file.fileName, file.bytes);
  return {
    key: file.fileName,
    path: file.path,
    hash: contentKey,
    row: {
      file_name: file.fileName,
      content_key: contentKey,
      content_type: file.contentType,
      byte_size: file.bytes.byteLength,
      bytes: file.bytes,
    },
  };
}

function withMedia(markdown: string, context: PlanContext): string {
  return resolveMediaReferences(markdown, (file) => mediaPath(context.mediaKeys.get(file) ?? file));
}

function planTopics(
  tree: TopicsFile,
  contract: RouteContract,
): { items: PlannedItem<KbTopicTable>[]; info: Map<string, TopicInfo> } {
  const info = new Map<string, TopicInfo>();
  const items: PlannedItem<KbTopicTable>[] = [];
  for (const first of tree) {
    const firstLevel = { id: contentIds.topic(first.slug), name: first.name };
    for (const topic of [first, ...first.children]) {
      const id = contentIds.topic(topic.slug);
      const isFirst = topic === first;
      info.set(topic.slug, { id, firstLevel });
      const row: Row<KbTopicTable> = {
        id,
        slug: topic.slug,
        name: topic.name,
        description: topic.description,
        parent_id: isFirst ? null : firstLevel.id,
        position: items.length,
      };
      const searchDocument: SearchDocumentRow = {
        ...emptyDocument(id, 'Topic', 'Topic'),
        title: topic.name,
        excerpt: topic.description,
        body_text: topic.description,
        click_uri: contract.path('topic', { id }) ?? '',
        sftopicid: id,
        sftopicfirstlevelc: first.name,
        topic_ids: JSON.stringify(isFirst ? [id] : [id, firstLevel.id]),
      };
      items.push({
        key: topic.slug,
        path: 'topics.yaml',
        row,
        searchDocument,
        hash: hashOf([row, searchDocument]),
      });
    }
  }
  return { items, info };
}

/** The topic fields of an item: its first topic names sftopicid and sftopicfirstlevelc. */
function topicFields(slugs: string[], context: PlanContext) {
  const infos = slugs.flatMap((slug) => context.topics.get(slug) ?? []);
  const ids = new Set(infos.flatMap((info) => [info.id, info.firstLevel.id]));
  return {
    topicIds: infos.map((info) => info.id),
    columns: {
      sftopicid: infos[0]?.id ?? null,
      sftopicfirstlevelc: infos[0]?.firstLevel.name ?? null,
      topic_ids: JSON.stringify([...ids]),
    },
  };
}

function planArticle(
  { path, sourcePath, data, body }: ValidItem<ArticleFrontMatter>,
  context: PlanContext,
): PlannedArticle {
  const id = contentIds.article(data.urlName);
  const resolvedBody = withMedia(body, context);
  const { topicIds, columns } = topicFields(data.topics, context);
  const row: Row<KbArticleTable> = {
    id,
    url_name: data.urlName,
    title: data.title,
    summary: data.summary,
    body: resolvedBody,
    content_type: data.contentType,
    products: JSON.stringify(data.products),
    audiences: JSON.stringify(data.audiences),
    related: JSON.stringify(data.related),
    team: data.team,
    region: data.region ?? null,
    created_date: data.created,
    updated_date: data.updated,
    published_date: data.published ?? data.created,
    source_path: sourcePath,
  };
  const searchDocument: SearchDocumentRow = {
    ...emptyDocument(id, 'Knowledge', 'Article'),
    common_contenttype: data.contentType,
    title: data.title,
    excerpt: data.summary,
    body_text: markdownToPlainText(resolvedBody),
    click_uri: context.contract.path('article', { urlName: data.urlName }) ?? '',
    region: data.region ?? null,
    sfkbid: id,
    sfurlname: data.urlName,
    sfcoreproductc: context.productNames(data.products),
    sfaudiencec: context.audienceNames(data.audiences),
    sfcreateddate: data.created,
    sfdescription: data.summary,
    ...columns,
  };
  return {
    key: data.urlName,
    path,
    row,
    searchDocument,
    topicIds,
    hash: hashOf([row, topicIds, searchDocument]),
  };
}

function planGuide(
  { path, sourcePath, data, body }: ValidItem<GuideFrontMatter>,
  context: PlanContext,
): PlannedGuide {
  const id = contentIds.guide(data.slug);
  const resolvedBody = withMedia(body, context);
  const { topicIds, columns } = topicFields(data.topics, context);
  const sections = data.sections.map((section) => ({
    title: section.title,
    summary: section.summary ?? null,
    articleIds: section.articles.map(contentIds.article),
  }));
  const row: Row<KbGuideTable> = {
    id,
    slug: data.slug,
    title: data.title,
    summary: data.summary,
    body: resolvedBody,
    products: JSON.stringify(data.products),
    audiences: JSON.stringify(data.audiences),
    updated_date: data.updated,
    source_path: sourcePath,
  };
  const sectionText = data.sections.flatMap((section) => [section.title, section.summary ?? '']);
  const searchDocument: SearchDocumentRow = {
    ...emptyDocument(id, 'Guide', 'Guide'),
    title: data.title,
    excerpt: data.summary,
    body_text: [markdownToPlainText(resolvedBody), ...sectionText].filter(Boolean).join('\n'),
    click_uri: context.contract.path('guide', { id }) ?? '',
    sfguidecid: id,
    sfcoreproductc: context.productNames(data.products),
    sfaudiencec: context.audienceNames(data.audiences),
    sfcreateddate: data.updated,
    sfdescription: data.summary,
    ...columns,
  };
  return {
    key: data.slug,
    path,
    row,
    searchDocument,
    topicIds,
    sections,
    hash: hashOf([row, topicIds, sections, searchDocument]),
  };
}

function planGlossaryEntry(
  { path, sourcePath, data, body }: ValidItem<GlossaryFrontMatter>,
  context: PlanContext,
): PlannedItem<KbGlossaryEntryTable> {
  const id = contentIds.glossaryEntry(data.slug);
  const resolvedBody = withMedia(body, context);
  const row: Row<KbGlossaryEntryTable> = {
    id,
    slug: data.slug,
    term: data.term,
    summary: data.summary,
    body: resolvedBody,
    related: JSON.stringify(data.related),
    see_also: JSON.stringify(data.seeAlso),
    source_path: sourcePath,
  };
  const searchDocument: SearchDocumentRow = {
    ...emptyDocument(id, 'Glossary', 'Glossary entry'),
    common_contenttype: `${context.settings.brand}dotcomGlossary`,
    title: data.term,
    excerpt: data.summary,
    body_text: markdownToPlainText(resolvedBody),
    click_uri: glossaryEntryPath(data.slug),
    sfdescription: data.summary,
  };
  return { key: data.slug, path, row, searchDocument, hash: hashOf([row, searchDocument]) };
}

function planMarketplaceApp(
  { path, sourcePath, data, body }: ValidItem<MarketplaceAppFrontMatter>,
  context: PlanContext,
): PlannedItem<KbMarketplaceAppTable> {
  const id = contentIds.marketplaceApp(data.slug);
  const resolvedBody = withMedia(body, context);
  const logoKey = data.logo ? context.mediaKeys.get(data.logo.slice('media/'.length)) : undefined;
  const logoUrl = logoKey ? mediaPath(logoKey) : null;
  const listingUrl = `${context.settings.appsHost}/app/${encodeURIComponent(data.slug)}`;
  const row: Row<KbMarketplaceAppTable> = {
    id,
    slug: data.slug,
    name: data.name,
    tagline: data.tagline,
    body: resolvedBody,
    functions: JSON.stringify(data.functions),
    rating: data.rating,
    review_count: data.reviewCount,
    logo_hex_color: data.logoHexColor,
    logo_url: logoUrl,
    has_listing: data.hasListing ? 1 : 0,
    landing_page_url: data.landingPageUrl ?? null,
    products: JSON.stringify(data.products),
    audiences: JSON.stringify(data.audiences),
    source_path: sourcePath,
  };
  const description = markdownToPlainText(resolvedBody);
  const searchDocument: SearchDocumentRow = {
    ...emptyDocument(id, 'MarketplaceApp', 'App'),
    common_contenttype: 'Apps',
    title: data.name,
    excerpt: data.tagline,
    body_text: description,
    click_uri: data.hasListing ? listingUrl : (data.landingPageUrl ?? listingUrl),
    sfcoreproductc: context.productNames(data.products),
    sfaudiencec: context.audienceNames(data.audiences),
    sfdescription: data.tagline,
    mphaslisting: data.hasListing ? 'true' : 'false',
    mpslug: data.slug,
    mplandingpageurl: data.landingPageUrl ?? null,
    mplogohexcolor: data.logoHexColor,
    mplogourl: logoUrl,
    mpfunctions: JSON.stringify(data.functions),
    mpdescription: description,
    mprating: data.rating,
    mpreviewcount: data.reviewCount,
  };
  return { key: data.slug, path, row, searchDocument, hash: hashOf([row, searchDocument]) };
}

function planLandingPage(
  { path, sourcePath, data, body }: ValidItem<LandingPageFrontMatter>,
  context: PlanContext,
): PlannedItem<KbLandingPageTable> {
  const row: Row<KbLandingPageTable> = {
    page_key: data.pageKey,
    title: data.title,
    summary: data.summary,
    body: withMedia(body, context),
    sections: JSON.stringify(
      data.sections.map((section) => ({
        ...section,
        ...(section.body ? { body: withMedia(section.body, context) } : {}),
      })),
    ),
    source_path: sourcePath,
  };
  return { key: data.pageKey, path, row, hash: hashOf(row) };
}

function emptyDocument(id: string, objecttype: string, objecttypelabel: string): SearchDocumentRow {
  return {
    ...UNUSED_SEARCH_FIELDS,
    unique_id: id,
    origin: SEARCH_ORIGIN,
    title: '',
    excerpt: '',
    body_text: '',
    click_uri: '',
    objecttype,
    objecttypelabel,
    common_contenttype: objecttype,
    syssource: SYSSOURCE,
    source: SYSSOURCE,
    collection: 'default',
    documenttype: objecttype,
    language: LANGUAGE,
    permanentid: id,
  };
}
