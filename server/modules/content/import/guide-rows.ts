import type { GuideFrontMatter } from '~core/content';
import { GUIDE_OBJECT_TYPE } from '~core/search';
import { markdownHeadings, markdownToPlainText } from '../markdown-text.ts';
import type { KbGuideTable } from '../content.tables.ts';
import type { ValidItem } from './content-validate.ts';
import {
  contentIds,
  emptyDocument,
  hashOf,
  withMedia,
  type PlanContext,
  type PlannedItem,
  type Row,
  type SearchDocumentRow,
} from './planned-items.ts';
import { topicFields } from './topic-rows.ts';

export interface PlannedGuide extends PlannedItem<KbGuideTable> {
  topicIds: string[];
  sections: { title: string; summary: string | null; articleIds: string[] }[];
}

export function planGuide(
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
    ...emptyDocument(id, GUIDE_OBJECT_TYPE, 'Guide'),
    // The content type facets and labels show stays the word visitors read.
    common_contenttype: 'Guide',
    title: data.title,
    excerpt: data.summary,
    body_text: [markdownToPlainText(resolvedBody), ...sectionText].filter(Boolean).join('\n'),
    headings: [markdownHeadings(resolvedBody), ...data.sections.map((section) => section.title)]
      .filter(Boolean)
      .join('\n'),
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
