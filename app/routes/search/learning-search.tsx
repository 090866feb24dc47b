import type { MetaArgs } from 'react-router';
import { pageHeading } from '~core/routes';
import { pageMeta, SEARCH_DESCRIPTIONS } from '~app/meta.ts';
import { SearchPage } from './SearchPage.tsx';

export function meta({ matches }: MetaArgs) {
  return pageMeta(matches, (config) => pageHeading('learningSearch', config), {
    description: SEARCH_DESCRIPTIONS.learning,
    noIndex: true,
  });
}

/** Spec 2.6 learning mode: the learning search, hub '{prefix}_LearningSearch'. */
export default function LearningSearch() {
  return <SearchPage mode="learning" />;
}
