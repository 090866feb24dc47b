import { TrackingBlock } from '~app/blocks/tracking-block.tsx';
import { Breadcrumbs } from '~app/components/Breadcrumbs.tsx';
import { RichText } from '~app/components/rich-text/RichText.tsx';
import { SideNavigation } from '~app/components/SideNavigation.tsx';
import { JsonLd } from '~app/seo/JsonLd.tsx';
import type { ArticlePageData } from './article-page.server.ts';
import { ArticleFeedback } from './ArticleFeedback.tsx';
import { ContentListSection } from './ContentList.tsx';
import styles from './kb.module.css';

/**
 * An article's page below the site's frame. A preview (`/guides`) leaves out what only a
 * published article has: the tracking of its view, the feedback form and its structured data.
 */
export function ArticleView({
  page: { article, labels, body, breadcrumbs, related, guides, jsonLd },
  preview = false,
}: {
  page: ArticlePageData;
  preview?: boolean;
}) {
  const meta = [labels.products, labels.audience].filter(
    (label): label is string => label !== undefined,
  );
  return (
    <div className={styles.page}>
      {preview ? null : (
        <TrackingBlock
          contentType="Articles"
          recordId={article.id}
          contentId={article.id}
          isContent
          skipDeflectionAfterView
        />
      )}
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
          {preview ? null : <ArticleFeedback />}
          <ContentListSection id="in-guides" title="Part of these guides" items={guides} noPrint />
          <ContentListSection id="related" title="Related articles" items={related} noPrint />
        </div>
      </article>
      {preview ? null : <JsonLd data={jsonLd} />}
    </div>
  );
}
