import { useMemo } from 'react';
import { searchSettings } from '~core/search';
import { useSite } from '../site.ts';

/** The global search's hub ('{prefix}_GlobalSearch'), or '' while the site's settings are missing. */
export function useSupportSearchHub(): string {
  const config = useSite()?.config;
  return useMemo(
    () =>
      config
        ? (searchSettings(config).find((candidate) => candidate.mode === 'support')?.searchHub ??
          '')
        : '',
    [config],
  );
}
