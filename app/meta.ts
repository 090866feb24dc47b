import type { MetaDescriptor } from 'react-router';
import { documentTitle } from '~core/routes';
import type { PublicConfig } from '~core/site';
import type { RootData } from './site.ts';

interface MatchLike {
  id: string;
  data?: unknown;
  loaderData?: unknown;
}

export function configFromMatches(
  matches: ReadonlyArray<MatchLike | undefined>,
): PublicConfig | undefined {
  const root = matches.find((match) => match?.id === 'root');
  return ((root?.loaderData ?? root?.data) as RootData | undefined)?.config;
}

/** '{heading} – {brand}' with optional description and robots rules. */
export function pageMeta(
  matches: ReadonlyArray<MatchLike | undefined>,
  heading: (config: PublicConfig) => string,
  extra: { description?: (config: PublicConfig) => string; noIndex?: boolean } = {},
): MetaDescriptor[] {
  const config = configFromMatches(matches);
  if (!config) return [{ title: 'Support' }];
  const tags: MetaDescriptor[] = [{ title: documentTitle(heading(config), config) }];
  if (extra.description) tags.push({ name: 'description', content: extra.description(config) });
  if (extra.noIndex) tags.push({ name: 'robots', content: 'noindex' });
  return tags;
}
