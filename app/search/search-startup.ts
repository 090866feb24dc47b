import type { SearchAnalytics } from './search-api.ts';
import type { StandaloneEntry } from './standalone-entry.ts';

export interface StartupOptions {
  disableStateInUrl: boolean;
  skipFirstSearch: boolean;
}

export type StartupStep =
  | { type: 'syncUrlState' }
  | { type: 'setSearchContext' }
  | { type: 'takeStandaloneEntry' }
  | { type: 'firstSearch'; query?: string; analytics: SearchAnalytics };

/** The analytics cause of a search nobody asked for by name: the page opening. */
export const INTERFACE_LOAD: SearchAnalytics = { cause: 'interfaceLoad' };

/**
 * Spec 4 'Search page start-up', in order: URL-state syncing when enabled; the user context with
 * userRegion as the search context; then, unless skipFirstSearch, the first search, with the
 * standalone box's query and analytics when it left an entry.
 */
export function planStartup(
  options: StartupOptions,
  entry: () => StandaloneEntry | undefined,
): StartupStep[] {
  const steps: StartupStep[] = [];
  if (!options.disableStateInUrl) steps.push({ type: 'syncUrlState' });
  steps.push({ type: 'setSearchContext' });
  if (options.skipFirstSearch) return steps;
  steps.push({ type: 'takeStandaloneEntry' });
  const stored = entry();
  steps.push(
    stored
      ? { type: 'firstSearch', query: stored.value, analytics: stored.analytics }
      : { type: 'firstSearch', analytics: INTERFACE_LOAD },
  );
  return steps;
}

/**
 * Spec 4: a broadcast region that differs from the search context's userRegion updates the
 * context and re-runs the search with cause 'regionChanged', unless skipFirstSearch is set.
 */
export function regionChangePlan(
  contextRegion: string | undefined,
  broadcastRegion: string,
  skipFirstSearch: boolean,
): { updateContext: boolean; rerun: SearchAnalytics | undefined } {
  if (contextRegion === broadcastRegion) return { updateContext: false, rerun: undefined };
  return {
    updateContext: true,
    rerun: skipFirstSearch ? undefined : { cause: 'regionChanged' },
  };
}
