import { useLoaderData, type LoaderFunctionArgs, type MetaArgs } from 'react-router';
import { contentTypeLabel } from '~core/search';
import { Breadcrumbs } from '~app/components/Breadcrumbs.tsx';
import { RichText } from '~app/components/rich-text/RichText.tsx';
import { metaFromSeo, type PageSeo } from '~app/seo/content-meta.ts';
import { JsonLd } from '~app/seo/JsonLd.tsx';
import { breadcrumbListJsonLd, collectionPageJsonLd } from '~app/seo/json-ld.ts';
import { routeContractFor } from '~app/site.ts';
import { ContentList } from './ContentList.tsx';
import { findLandingPage } from './content.server.ts';
import styles from './kb.module.css';
import landing from './landing-page.module.css';
import { notFound, trail } from './page-data.server.ts';
import { renderContent } from './rich-text.server.ts';
import { articleItem, guideItem } from './content-list-items.ts';

/**
 * The content-led pages (getting started, accountants and bookkeepers, end of financial year,
 * payment services, open banking): one module, the page key found from the URL.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { config, db } = context;
  const contract = routeContractFor(config);
  const url = new URL(request.url);
  const pageKey = contract.detect(url.pathname)?.pageKey;
  const page = pageKey ? await findLandingPage(db, pageKey) : undefined;
  if (!page || !pageKey) return notFound();
  const canonicalUrl = contract.url(pageKey) ?? config.siteUrl;
  const { breadcrumbs, crumbs } = trail(contract, config.siteUrl, [], {
    label: page.title,
    url: canonicalUrl,
  });
  const seo: PageSeo = {
    heading: page.title,
    description: page.summary,
    canonicalUrl,
    type: 'website',
  };
  const articleLabel = contentTypeLabel('Article', config.brand);
  return {
    seo,
    title: page.title,
    summary: page.summary,
    intro: renderContent(config, page.body).html,
    sections: page.sections.map((section) => ({
      heading: section.heading,
      body: section.body ? renderContent(config, section.body).html : undefined,
      items: [
        ...section.guides.map((guide) => guideItem(contract, guide, 'Guide')),
        ...section.articles.map((article) => articleItem(contract, article, articleLabel)),
      ],
    })),
    breadcrumbs,
    jsonLd: [
      collectionPageJsonLd({ name: page.title, description: page.summary, url: canonicalUrl }),
      breadcrumbListJsonLd(crumbs),
    ],
  };
}

export function meta({ loaderData, matches }: MetaArgs<typeof loader>) {
  return metaFromSeo(matches, loaderData?.seo);
}

export default function LandingPage() {
  const { title, summary, intro, sections, breadcrumbs, jsonLd } = useLoaderData<typeof loader>();
  return (
    <>
      <div className={landing.hero}>
        <div className={landing.heroInner}>
          <Breadcrumbs items={breadcrumbs} />
          <h1 className={styles.title}>{title}</h1>
          <p className={`${styles.summary} ${landing.heroSummary}`}>{summary}</p>
        </div>
      </div>
      <div className={styles.page}>
        <div className={styles.measure}>
          <RichText html={intro} />
        </div>
        {sections.map((section, index) => (
          <section
            key={`${index}-${section.heading}`}
            className={styles.section}
            aria-labelledby={`section-${index}`}
          >
            <h2 id={`section-${index}`} className={styles.sectionTitle}>
              {section.heading}
            </h2>
            {section.body ? (
              <div className={`${styles.measure} ${landing.sectionBody}`}>
                <RichText html={section.body} />
              </div>
            ) : null}
            <ContentList items={section.items} columns={2} />
          </section>
        ))}
        <JsonLd data={jsonLd} />
      </div>
    </>
  );
}
