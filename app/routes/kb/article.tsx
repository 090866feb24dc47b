import {
  data,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaArgs,
} from 'react-router';
import { REGION_NAMES } from '~core/regions';
import { audienceLabel, contentDateLabel, contentTypeLabel, productsLabel } from '~core/search';

import { TrackingBlock } from '~app/blocks/tracking-block.tsx';
import { Breadcrumbs } from '~app/components/Breadcrumbs.tsx';
import { RichText } from '~app/components/rich-text/RichText.tsx';
import { SideNavigation } from '~app/components/SideNavigation.tsx';
import { metaFromSeo, type PageSeo } from '~app/seo/content-meta.ts';
import { JsonLd } from '~app/seo/JsonLd.tsx';
import { articleJsonLd, breadcrumbListJsonLd } from '~app/seo/json-ld.ts';
import { routeContractFor } from '~app/site.ts';
import { ArticleFeedback, type FeedbackState } from './ArticleFeedback.tsx';
import { ContentList } from './ContentList.tsx';
import { findArticle, findTopic, recordArticleFeedback } from './content.server.ts';
import { CSRF_REJECTED } from './csrf.server.ts';
import styles from './kb.module.css';
import { notFound, trail } from './page-data.server.ts';
import { renderContent } from './rich-text.server.ts';
import { topicSteps } from './topic-trail.server.ts';
import { articleItem, guideItem } from './content-list-items.ts';

/** How many related articles an article shows when its front matter names none. */
const RELATED_FROM_TOPIC = 5;

export async function loader({ params, context }: LoaderFunctionArgs) {
  const { config, db } = context;
  const article = await findArticle(db, params.urlName ?? '');
  if (!article) return notFound();
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

/**
 * 'Was this helpful?': a yes or no with an optional comment. Works as a plain form post and
 * through a fetcher alike; a refused or invalid answer comes back with what was typed.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const answer = form.get('helpful');
  const comment = form.get('comment');
  const kept: { helpful?: 'yes' | 'no'; comment: string } = {
    ...(answer === 'yes' || answer === 'no' ? { helpful: answer } : {}),
    comment: typeof comment === 'string' ? comment : '',
  };
  if (!context.verifyCsrf(form)) {
    return data<FeedbackState>(
      {
        status: 'error',
        message: CSRF_REJECTED.message,
        ...kept,
      },
      { status: 403 },
    );
  }
  const article = await findArticle(context.db, params.urlName ?? '');
  if (!article) return notFound();
  const result = await recordArticleFeedback(
    context.db,
    article.id,
    {
      ...(kept.helpful ? { helpful: kept.helpful === 'yes' } : {}),
      ...(kept.comment.trim() ? { comment: kept.comment } : {}),
    },
    {
      ...(context.viewer.isGuest ? {} : { userId: context.viewer.user.id }),
      now: context.clock.now(),
    },
  );
  if (result.ok)
    return data<FeedbackState>({
      status: 'sent',
      ...(kept.helpful ? { helpful: kept.helpful } : {}),
    });
  if (result.reason === 'unknown-article') return notFound();
  return data<FeedbackState>(
    { status: 'error', field: result.field, message: result.message, ...kept },
    { status: 400 },
  );
}

export function meta({ loaderData, matches }: MetaArgs<typeof loader>) {
  return metaFromSeo(matches, loaderData?.seo);
}

export default function ArticlePage() {
  const { article, labels, body, breadcrumbs, related, guides, jsonLd } =
    useLoaderData<typeof loader>();
  const meta = [labels.products, labels.audience].filter(
    (label): label is string => label !== undefined,
  );
  return (
    <div className={styles.page}>
      <TrackingBlock
        contentType="Articles"
        recordId={article.id}
        contentId={article.id}
        isContent
        skipDeflectionAfterView
      />
      <Breadcrumbs items={breadcrumbs} />
      <article className={styles.articleLayout}>
        <header className={`${styles.header} ${styles.articleHeader}`}>
          {labels.type ? <p className={styles.eyebrow}>{labels.type}</p> : null}
          <h1 className={styles.title}>{article.title}</h1>
          <p className={styles.summary}>{article.summary}</p>
          <ul className={styles.meta} aria-label="About this article">
            {article.updatedLabel ? (
              <li className={styles.metaItem}>
                Updated&nbsp;<time dateTime={article.updated}>{article.updatedLabel}</time>
              </li>
            ) : null}
            {meta.map((label) => (
              <li key={label} className={styles.metaItem}>
                {label}
              </li>
            ))}
          </ul>
          {article.region ? (
            <p className={styles.regionNotice}>
              <span>
                This article applies to <strong>{article.region}</strong>.
              </span>
            </p>
          ) : null}
        </header>
        {body.headings.length > 0 ? (
          <div className={styles.articleNav}>
            <SideNavigation headings={body.headings} />
          </div>
        ) : null}
        <div className={styles.articleBody}>
          <RichText html={body.html} />
        </div>
        <div className={styles.articleAfter}>
          <ArticleFeedback />
          {guides.length > 0 ? (
            <section className={`${styles.section} ${styles.noPrint}`} aria-labelledby="in-guides">
              <h2 id="in-guides" className={styles.sectionTitle}>
                Part of these guides
              </h2>
              <ContentList items={guides} />
            </section>
          ) : null}
          {related.length > 0 ? (
            <section className={`${styles.section} ${styles.noPrint}`} aria-labelledby="related">
              <h2 id="related" className={styles.sectionTitle}>
                Related articles
              </h2>
              <ContentList items={related} />
            </section>
          ) : null}
        </div>
      </article>
      <JsonLd data={jsonLd} />
    </div>
  );
}
