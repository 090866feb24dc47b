import {
  Link,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaArgs,
} from 'react-router';
import { collectionSortOf, collectionSortValue, sortCollection } from '~core/content';
import { pageHeading } from '~core/routes';
import { TrackingBlock } from '~app/blocks/tracking-block.tsx';
import { Breadcrumbs } from '~app/components/Breadcrumbs.tsx';
import { metaFromSeo, type PageSeo } from '~app/seo/content-meta.ts';
import { JsonLd } from '~app/seo/JsonLd.tsx';
import { breadcrumbListJsonLd, collectionPageJsonLd } from '~app/seo/json-ld.ts';
import { routeContractFor } from '~app/site.ts';
import { CollectionSortForm } from './CollectionSortForm.tsx';
import { ContentList, ContentListSection } from './ContentList.tsx';
import { findTopic } from './content.server.ts';
import { countLabel } from '~core/ui';
import styles from './kb.module.css';
import { notFound, trail } from './page-data.server.ts';
import { articleItem, guideItem } from './content-list-items.ts';
import { TopicDiscussions } from '~app/components/community/TopicDiscussions.tsx';
import { TOPIC_DISCUSSIONS_ANCHOR } from '~app/components/community/display.ts';
import { topicDiscussions, topicFollowAction } from '../community/topic-discussions.server.ts';

export async function loader({ params, context, request }: LoaderFunctionArgs) {
  const { config, db } = context;
  const topic = await findTopic(db, params.id ?? '');
  if (!topic) return notFound();
  const contract = routeContractFor(config);
  const canonicalUrl = contract.url('topic', { id: topic.id }) ?? config.siteUrl;
  const steps = [
    { label: pageHeading('topicCatalog', config), path: contract.path('topicCatalog') },
    ...(topic.parent
      ? [{ label: topic.parent.name, path: contract.path('topic', { id: topic.parent.id }) }]
      : []),
  ];
  const { breadcrumbs, crumbs } = trail(contract, config.siteUrl, steps, {
    label: topic.name,
    url: canonicalUrl,
  });
  const sort = collectionSortOf(new URL(request.url).searchParams);
  const seo: PageSeo = {
    heading: topic.name,
    description: topic.description,
    canonicalUrl,
    type: 'website',
  };
  return {
    seo,
    topic: {
      id: topic.id,
      name: topic.name,
      description: topic.description,
      articleCount: topic.articleCount,
      guideCount: topic.guideCount,
    },
    subtopics: topic.subtopics.map((subtopic) => ({
      id: subtopic.id,
      name: subtopic.name,
      description: subtopic.description,
      articleCount: subtopic.articleCount,
      guideCount: subtopic.guideCount,
      to: contract.path('topic', { id: subtopic.id }) ?? '',
    })),
    guides: topic.guides.map((guide) => guideItem(contract, guide)),
    // Spec 3's collection sort context, as the address asks for it (?sort=updated-desc).
    sort: collectionSortValue(sort),
    articles: sortCollection(topic.articles, sort).map((article) => articleItem(contract, article)),
    breadcrumbs,
    community: await topicDiscussions(context, topic.id),
    jsonLd: [
      collectionPageJsonLd({ name: topic.name, description: topic.description, url: canonicalUrl }),
      breadcrumbListJsonLd(crumbs),
    ],
  };
}

/** Following the topic, from its community discussions section. */
export async function action(args: ActionFunctionArgs) {
  return topicFollowAction(args);
}

export function meta({ loaderData, matches }: MetaArgs<typeof loader>) {
  return metaFromSeo(matches, loaderData?.seo);
}

export default function TopicPage() {
  const { topic, subtopics, guides, articles, sort, breadcrumbs, community, jsonLd } =
    useLoaderData<typeof loader>();
  return (
    <div className={styles.page}>
      <TrackingBlock contentType="Topics" recordId={topic.id} contentId={topic.id} isContent />
      <Breadcrumbs items={breadcrumbs} />
      <header className={`${styles.header} ${styles.measure}`}>
        <p className={styles.eyebrow}>Topic</p>
        <h1 className={styles.title}>{topic.name}</h1>
        <p className={styles.summary}>{topic.description}</p>
        <ul className={styles.meta} aria-label="In this topic">
          <li className={styles.metaItem}>{countLabel(topic.articleCount, 'article')}</li>
          {topic.guideCount > 0 ? (
            <li className={styles.metaItem}>{countLabel(topic.guideCount, 'guide')}</li>
          ) : null}
        </ul>
      </header>

      {subtopics.length > 0 ? (
        <section className={styles.section} aria-labelledby="subtopics">
          <h2 id="subtopics" className={styles.sectionTitle}>
            Subtopics
          </h2>
          <ul className={styles.tileGrid}>
            {subtopics.map((subtopic) => (
              <li key={subtopic.id} className={styles.tile}>
                <h3 className={styles.tileTitle}>
                  <Link to={subtopic.to}>{subtopic.name}</Link>
                </h3>
                <p className={styles.tileText}>{subtopic.description}</p>
                <span className={styles.count}>
                  {countLabel(subtopic.articleCount, 'article')}
                  {subtopic.guideCount > 0 ? ` · ${countLabel(subtopic.guideCount, 'guide')}` : ''}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <ContentListSection id="guides" title="Guides" items={guides} columns={2} />

      <section className={styles.section} aria-labelledby="articles">
        <h2 id="articles" className={styles.sectionTitle}>
          Articles
        </h2>
        {articles.length > 1 ? (
          <CollectionSortForm id="article-sort" label="Sort articles" value={sort} />
        ) : null}
        {articles.length > 0 ? (
          <ContentList items={articles} columns={2} />
        ) : (
          <p className={styles.empty}>There are no articles in this topic yet.</p>
        )}
      </section>

      <TopicDiscussions
        className={styles.section}
        topic={topic}
        anchor={TOPIC_DISCUSSIONS_ANCHOR}
        {...community}
      />
      <JsonLd data={jsonLd} />
    </div>
  );
}
