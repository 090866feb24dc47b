import { HOME_RECOMMENDATION_RESULTS } from '~core/ui';
import { RecommendationBlock } from './RecommendationBlock.tsx';

export interface HomeRecommendationsProps {
  brand: string;
  communityHref: string;
  topicCatalogHref: string;
}

/**
 * Spec 2.4's four recommendation blocks. They live with the block's code, which the home page
 * loads lazily: the count they share would otherwise bring its module into the page's scripts.
 */
export function HomeRecommendations({
  brand,
  communityHref,
  topicCatalogHref,
}: HomeRecommendationsProps) {
  return (
    <>
      <RecommendationBlock
        heading="Trending"
        tab="all_content"
        numberOfResults={HOME_RECOMMENDATION_RESULTS}
      />
      <RecommendationBlock
        heading={`Build your ${brand} skills`}
        tab="all_learning"
        numberOfResults={HOME_RECOMMENDATION_RESULTS}
        link={{ label: `Learn ${brand}`, href: '/s/learning' }}
      />
      <RecommendationBlock
        heading="Top discussions"
        tab="recent_discussions"
        numberOfResults={HOME_RECOMMENDATION_RESULTS}
        link={{ label: `Join ${brand} Community`, href: communityHref }}
      />
      <RecommendationBlock
        heading="Popular topics"
        tab="topics"
        numberOfResults={HOME_RECOMMENDATION_RESULTS}
        link={{ label: 'View all topics', href: topicCatalogHref }}
      />
    </>
  );
}
