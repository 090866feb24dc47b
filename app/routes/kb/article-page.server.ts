import type { AppLoadContext } from 'react-router';
import { REGION_NAMES } from '~core/regions';
import { audienceLabel, contentDateLabel, contentTypeLabel, productsLabel } from '~core/search';
import type { PageSeo } from '~app/seo/content-meta.ts';
import { articleJsonLd, breadcrumbListJsonLd } from '~app/seo/json-ld.ts';
import { routeContractFor } from '~app/site.ts';
import { findTopic, type Article } from './content.server.ts';
import { articleItem, guideItem } from './content-list-items.ts';
import { trail } from './page-data.server.ts';
import { renderContent } from './rich-text.server.ts';
import { topicSteps } from './topic-trail.server.ts';

/** How many related articles an article shows when its front matter names none. */
const RELATED_FROM_TOPIC = 5;

/**
 * What an article's page shows of it: the stored article's page, and the staff's preview of an
 * article file before it is imported (`/guides`), alike.
 */
export async function articlePageData(
  { config, db }: Pick<AppLoadContext, 'config' | 'db'>,
  article: Article,
) {
  const contract = routeContractFor(config);
  const canonicalUrl = contract.url('article', { urlName: article.urlName }) ?? config.siteUrl;
  const body = renderContent(config, article.body, [2, 3]);

  const topic = article.topics[0];
  const { breadcrumbs, crumbs } = trail(contract, config.siteUrl, topicSteps(contract, topic), {
    label: article.title,
    url: canonicalUrl,
  });

  // Related articles come from the front matter; without any, from the article's topic.
  const related =
    article.related.length > 0
      ? article.related
      : topic
        ? ((await findTopic(db, topic.id))?.articles ?? [])
            .filter((other) => other.id !== article.id)
            .slice(0, RELATED_FROM_TOPIC)
        : [];

  const productNames = article.products.map((product) => product.name);
  const seo: PageSeo = {
    heading: article.title,
    description: article.summary,
    canonicalUrl,
    type: 'article',
    modified: article.updated,
    published: article.published,
  };
  return {
    seo,
    article: {
      id: article.id,
      title: article.title,
      summary: article.summary,
      contentType: article.contentType,
      team: article.team,
      updatedLabel: contentDateLabel(article.updated),
      updated: article.updated,
      region: article.region ? REGION_NAMES[article.region] : undefined,
    },
    labels: {
      type: contentTypeLabel(article.contentType, config.brand),
      products: productsLabel(productNames, productNames, config.brand),
      audience: audienceLabel(article.audiences.map((audience) => audience.name)),
    },
    body,
    breadcrumbs,
    related: related.map((item) => articleItem(contract, item)),
    guides: article.guides.map((guide) => guideItem(contract, guide, 'Guide')),
    jsonLd: [
      articleJsonLd({
        headline: article.title,
        description: article.summary,
        url: canonicalUrl,
        datePublished: article.published,
        dateModified: article.updated,
        brand: config.brand,
        siteUrl: config.siteUrl,
      }),
      breadcrumbListJsonLd(crumbs),
    ],
  };
}

export type ArticlePageData = Awaited<ReturnType<typeof articlePageData>>;
