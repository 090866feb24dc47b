import { ArticleFeedback } from './ArticleFeedback.tsx';
import { ContentList, type ContentListItem } from './ContentList.tsx';
import styles from './kb.module.css';

export interface ArticleAfterProps {
  /** A preview has no feedback form: nothing is published to give feedback on. */
  withFeedback: boolean;
  guides: readonly ContentListItem[];
  related: readonly ContentListItem[];
}

/** What follows an article's body: 'Was this helpful?', its guides and related articles. */
export function ArticleAfter({ withFeedback, guides, related }: ArticleAfterProps) {
  return (
    <>
      {withFeedback ? <ArticleFeedback /> : null}
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
    </>
  );
}
