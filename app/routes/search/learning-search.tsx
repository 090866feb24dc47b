import { SEARCH_DESCRIPTIONS, headedPageMeta } from '~app/meta.ts';
import { SearchPage } from './SearchPage.tsx';

export const meta = headedPageMeta('learningSearch', {
  description: SEARCH_DESCRIPTIONS.learning,
  noIndex: true,
});

/** Spec 2.6 learning mode: the learning search, hub '{prefix}_LearningSearch'. */
export default function LearningSearch() {
  return <SearchPage mode="learning" />;
}
