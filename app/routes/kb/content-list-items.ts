import type { RouteContract } from '~core/routes';
import type { ContentListItem } from './ContentList.tsx';

/*
 * What a card shows of an article or a guide. The loaders' summaries have these fields; the
 * pages state them here because browser code may not import the server's types.
 */
interface ArticleCard {
  id: string;
  urlName: string;
  title: string;
  summary: string;
}

interface GuideCard {
  id: string;
  title: string;
  summary: string;
}

/** An article as a content-list card, linked to its page. */
export function articleItem(
  contract: RouteContract,
  article: ArticleCard,
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
  guide: GuideCard,
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
