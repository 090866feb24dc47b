import type { RouteContract } from '~core/routes';
import type { ArticleSummary, GuideSummary } from '~server/modules/content/content.types.ts';
import type { ContentListItem } from './ContentList.tsx';

/** An article as a content-list card, linked to its page. */
export function articleItem(
  contract: RouteContract,
  article: ArticleSummary,
  kind?: string,
): ContentListItem {
  return {
    key: article.id,
    title: article.title,
    summary: article.summary,
    to: contract.path('article', { urlName: article.urlName }) ?? '',
    ...(kind ? { kind } : {}),
  };
}

/** A guide as a content-list card, linked to its page. */
export function guideItem(
  contract: RouteContract,
  guide: GuideSummary,
  kind?: string,
): ContentListItem {
  return {
    key: guide.id,
    title: guide.title,
    summary: guide.summary,
    to: contract.path('guide', { id: guide.id }) ?? '',
    ...(kind ? { kind } : {}),
  };
}
