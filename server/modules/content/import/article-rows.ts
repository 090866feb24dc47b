import type { ArticleFrontMatter } from '~core/content';
import { markdownHeadings, markdownToPlainText } from '../markdown-text.ts';
import type { KbArticleTable } from '../content.tables.ts';
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

export interface PlannedArticle extends PlannedItem<KbArticleTable> {
  topicIds: string[];
}

/** The stored row of an article file, its media already resolved in `body`. */
export function articleRowOf(
  data: ArticleFrontMatter,
  body: string,
  sourcePath: string,
): Row<KbArticleTable> {
  return {
    id: contentIds.article(data.urlName),
    url_name: data.urlName,
    title: data.title,
    summary: data.summary,
    body,
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
}

export function planArticle(
  { path, sourcePath, data, body }: ValidItem<ArticleFrontMatter>,
  context: PlanContext,
): PlannedArticle {
  const resolvedBody = withMedia(body, context);
  const row = articleRowOf(data, resolvedBody, sourcePath);
  const { id } = row;
  const { topicIds, columns } = topicFields(data.topics, context);
  const searchDocument: SearchDocumentRow = {
    ...emptyDocument(id, 'Knowledge', 'Article'),
    common_contenttype: data.contentType,
    title: data.title,
    excerpt: data.summary,
    body_text: markdownToPlainText(resolvedBody),
    headings: markdownHeadings(resolvedBody),
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
