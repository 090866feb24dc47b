import { useLoaderData, type LoaderFunctionArgs, type MetaArgs } from 'react-router';
import { audienceLabel, contentDateLabel, productsLabel } from '~core/search';
import { TrackingBlock } from '~app/blocks/tracking-block.tsx';
import { Breadcrumbs } from '~app/components/Breadcrumbs.tsx';
import { RichText } from '~app/components/rich-text/RichText.tsx';
import { metaFromSeo, type PageSeo } from '~app/seo/content-meta.ts';
import { JsonLd } from '~app/seo/JsonLd.tsx';
import { articleJsonLd, breadcrumbListJsonLd } from '~app/seo/json-ld.ts';
import { routeContractFor } from '~app/site.ts';
import { ContentList } from './ContentList.tsx';
import { findGuide } from './content.server.ts';
import styles from './kb.module.css';
import { notFound, trail } from './page-data.server.ts';
import { renderContent } from './rich-text.server.ts';
import { topicSteps } from './topic-trail.server.ts';
import { articleItem } from './content-list-items.ts';

export async function loader({ params, context }: LoaderFunctionArgs) {
  const { config, db } = context;
  const guide = await findGuide(db, params.id ?? '');
  if (!guide) return notFound();
  const contract = routeContractFor(config);
  const canonicalUrl = contract.url('guide', { id: guide.id }) ?? config.siteUrl;
  const { breadcrumbs, crumbs } = trail(
    contract,
    config.siteUrl,
    topicSteps(contract, guide.topics[0]),
    { label: guide.title, url: canonicalUrl },
  );
  const productNames = guide.products.map((product) => product.name);
  const seo: PageSeo = {
    heading: guide.title,
    description: guide.summary,
    canonicalUrl,
    type: 'article',
    modified: guide.updated,
  };
  return {
    seo,
    guide: {
      id: guide.id,
      title: guide.title,
      summary: guide.summary,
      updated: guide.updated,
      updatedLabel: contentDateLabel(guide.updated),
    },
    labels: [
      productsLabel(productNames, productNames, config.brand),
      audienceLabel(guide.audiences.map((audience) => audience.name)),
    ].filter((label): label is string => label !== undefined),
    intro: renderContent(config, guide.body).html,
    sections: guide.sections.map((section) => ({
      title: section.title,
      summary: section.summary,
      articles: section.articles.map((article) => articleItem(contract, article)),
    })),
    breadcrumbs,
    jsonLd: [
      articleJsonLd({
        headline: guide.title,
        description: guide.summary,
        url: canonicalUrl,
        dateModified: guide.updated,
        brand: config.brand,
        siteUrl: config.siteUrl,
      }),
      breadcrumbListJsonLd(crumbs),
    ],
  };
}

export function meta({ loaderData, matches }: MetaArgs<typeof loader>) {
  return metaFromSeo(matches, loaderData?.seo);
}

export default function GuidePage() {
  const { guide, labels, intro, sections, breadcrumbs, jsonLd } = useLoaderData<typeof loader>();
  return (
    <div className={styles.page}>
      <TrackingBlock contentType="Guides" recordId={guide.id} contentId={guide.id} isContent />
      <Breadcrumbs items={breadcrumbs} />
      <header className={`${styles.header} ${styles.measure}`}>
        <p className={styles.eyebrow}>Guide</p>
        <h1 className={styles.title}>{guide.title}</h1>
        <p className={styles.summary}>{guide.summary}</p>
        <ul className={styles.meta} aria-label="About this guide">
          <li className={styles.metaItem}>
            {sections.length} {sections.length === 1 ? 'step' : 'steps'}
          </li>
          {guide.updatedLabel ? (
            <li className={styles.metaItem}>
              Updated&nbsp;<time dateTime={guide.updated}>{guide.updatedLabel}</time>
            </li>
          ) : null}
          {labels.map((label) => (
            <li key={label} className={styles.metaItem}>
              {label}
            </li>
          ))}
        </ul>
      </header>
      <div className={styles.measure}>
        <RichText html={intro} />
      </div>
      <ol className={styles.guideSections}>
        {sections.map((section, index) => (
          <li key={`${index}-${section.title}`} className={styles.guideSection}>
            <h2 className={styles.guideSectionTitle}>{section.title}</h2>
            {section.summary ? <p className={styles.sectionIntro}>{section.summary}</p> : null}
            <ContentList items={section.articles} />
          </li>
        ))}
      </ol>
      <JsonLd data={jsonLd} />
    </div>
  );
}
