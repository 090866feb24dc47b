import { Link, useLoaderData, type LoaderFunctionArgs, type MetaArgs } from 'react-router';
import { pageHeading } from '~core/routes';
import { Breadcrumbs } from '~app/components/Breadcrumbs.tsx';
import { metaFromSeo, type PageSeo } from '~app/seo/content-meta.ts';
import { JsonLd } from '~app/seo/JsonLd.tsx';
import { breadcrumbListJsonLd, collectionPageJsonLd } from '~app/seo/json-ld.ts';
import { routeContractFor } from '~app/site.ts';
import { listTopicCatalog } from './content.server.ts';
import { countLabel } from '~core/ui';
import styles from './kb.module.css';
import { trail } from './page-data.server.ts';

export async function loader({ context }: LoaderFunctionArgs) {
  const { config, db } = context;
  const contract = routeContractFor(config);
  const heading = pageHeading('topicCatalog', config);
  const canonicalUrl = contract.url('topicCatalog') ?? config.siteUrl;
  const description = `Browse every ${config.brand} help topic, from bank feeds to payroll, and find the articles and guides in each.`;
  const { breadcrumbs, crumbs } = trail(contract, config.siteUrl, [], {
    label: heading,
    url: canonicalUrl,
  });
  const seo: PageSeo = { heading, description, canonicalUrl, type: 'website' };
  const catalog = await listTopicCatalog(db);
  return {
    seo,
    heading,
    description,
    topics: catalog.map((topic) => ({
      id: topic.id,
      name: topic.name,
      description: topic.description,
      articleCount: topic.articleCount,
      guideCount: topic.guideCount,
      to: contract.path('topic', { id: topic.id }) ?? '',
      subtopics: topic.subtopics.map((subtopic) => ({
        id: subtopic.id,
        name: subtopic.name,
        articleCount: subtopic.articleCount,
        to: contract.path('topic', { id: subtopic.id }) ?? '',
      })),
    })),
    breadcrumbs,
    jsonLd: [
      collectionPageJsonLd({ name: heading, description, url: canonicalUrl }),
      breadcrumbListJsonLd(crumbs),
    ],
  };
}

export function meta({ loaderData, matches }: MetaArgs<typeof loader>) {
  return metaFromSeo(matches, loaderData?.seo);
}

export default function TopicCatalogPage() {
  const { heading, description, topics, breadcrumbs, jsonLd } = useLoaderData<typeof loader>();
  return (
    <div className={styles.page}>
      <Breadcrumbs items={breadcrumbs} />
      <header className={`${styles.header} ${styles.measure}`}>
        <h1 className={styles.title}>{heading}</h1>
        <p className={styles.summary}>{description}</p>
      </header>
      {topics.length > 0 ? (
        <ul className={styles.tileGrid}>
          {topics.map((topic) => (
            <li key={topic.id} className={styles.tile}>
              <h2 className={styles.tileTitle}>
                <Link to={topic.to}>{topic.name}</Link>
              </h2>
              <p className={styles.tileText}>{topic.description}</p>
              <span className={styles.count}>
                {countLabel(topic.articleCount, 'article')}
                {topic.guideCount > 0 ? ` · ${countLabel(topic.guideCount, 'guide')}` : ''}
              </span>
              {topic.subtopics.length > 0 ? (
                <ul className={styles.subtopicList} aria-label={`${topic.name} subtopics`}>
                  {topic.subtopics.map((subtopic) => (
                    <li key={subtopic.id}>
                      <Link to={subtopic.to}>{subtopic.name}</Link>{' '}
                      <span className={styles.count}>
                        ({subtopic.articleCount}
                        <span className="visually-hidden">
                          {subtopic.articleCount === 1 ? ' article' : ' articles'}
                        </span>
                        )
                      </span>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.empty}>No topics have been published yet.</p>
      )}
      <JsonLd data={jsonLd} />
    </div>
  );
}
