import type { MetaArgs } from 'react-router';
import { pageHeading } from '~core/routes';
import { pageMeta, SEARCH_DESCRIPTIONS } from '~app/meta.ts';
import { SearchPage } from './SearchPage.tsx';

export function meta({ matches }: MetaArgs) {
  // Result pages are endless and change daily: search engines should index the content itself.
  return pageMeta(matches, (config) => pageHeading('search', config), {
    description: SEARCH_DESCRIPTIONS.support,
    noIndex: true,
  });
}

/** Spec 2.6 support mode: the global search, hub '{prefix}_GlobalSearch'. */
export default function Search() {
  return <SearchPage mode="support" />;
}
