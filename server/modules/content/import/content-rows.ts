import { createHash } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { CatalogueFile } from '~core/content';
import { createRouteContract } from '~core/routes';
import type {
  KbCatalogueLabelTable,
  KbGlossaryEntryTable,
  KbLandingPageTable,
  KbMarketplaceAppTable,
  KbMediaTable,
  KbTopicTable,
} from '../content.tables.ts';
import { planArticle, type PlannedArticle } from './article-rows.ts';
import type { ValidContent, ValidMedia } from './content-validate.ts';
import { planGlossaryEntry } from './glossary-rows.ts';
import { planGuide, type PlannedGuide } from './guide-rows.ts';
import { planLandingPage } from './landing-page-rows.ts';
import { planMarketplaceApp } from './marketplace-app-rows.ts';
import type { PlanContext, PlannedItem, PlanSettings } from './planned-items.ts';
import { planTopics } from './topic-rows.ts';

/*
 * Turns validated content into the rows to store: the catalogue labels and media files here, as
 * the items refer to them, and each kind of item with its own builder (article-rows.ts, …).
 * Every item carries a hash of everything written for it (its rows and its search document), so
 * an import can tell unchanged items from changed ones without comparing column by column.
 */

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

/** The media address of a file: its name behind a hash of its bytes, so new bytes get a new address. */
export function mediaContentKey(fileName: string, bytes: Uint8Array): string {
  return `${createHash('sha256').update(bytes).digest('hex').slice(0, 20)}-${fileName}`;
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
