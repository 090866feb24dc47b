import { ArticleFeedback } from './ArticleFeedback.tsx';
import { ContentListSection, type ContentListItem } from './ContentList.tsx';

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
      <ContentListSection id="in-guides" title="Part of these guides" items={guides} noPrint />
      <ContentListSection id="related" title="Related articles" items={related} noPrint />
    </>
  );
}
