import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  afterChange,
  initialSearchState,
  isStateFragment,
  parseSearchFragment,
  RESULTS_PER_PAGE,
  serializeSearchState,
  type SearchHashState,
  searchSettingsForHub,
} from '~core/search';
import type { SearchUserContext } from '~core/gateway';
import { reportError } from '../analytics/analytics.ts';
import { useCsrfToken } from '../csrf.ts';
import { useGateway } from '../gateway-client.ts';
import { onRegionChange } from '../region/region-events.ts';
import { useRegion } from '../region/RegionProvider.tsx';
import type { SearchRequestInput, SearchResult } from '~core/search';
import type { SearchAnalytics, SearchResponse } from './search-api.ts';
import { createSearchClient, type SearchClient } from './search-client.ts';
import { planStartup, regionChangePlan } from './search-startup.ts';
import { takeStandaloneEntry } from './standalone-entry.ts';
import { pageEngineRegistry } from './engine-registry.ts';
import { useSite } from '../site.ts';

/** The name the search page registers under with its engine. */
const SEARCH_INTERFACE_COMPONENT = 'searchInterface';

export type SearchStatus = 'starting' | 'loading' | 'loadingMore' | 'ready' | 'error';

export interface SearchView {
  state: SearchHashState;
  status: SearchStatus;
  /** Set after a search answered; results grow as more are loaded. */
  response?: SearchResponse;
  /** A friendly message when the last search failed. */
  failure?: string;
}

export interface SearchControllerOptions {
  searchHub: string;
  disableStateInUrl?: boolean;
  skipFirstSearch?: boolean;
}

/**
 * How many matches a list covers: results folded under a parent came from the same page, so
 * they count too, and the next page starts after them (docs/search-api.md 'Folding').
 */
export function documentsShown(results: readonly SearchResult[]): number {
  return results.reduce((sum, result) => sum + 1 + (result.childResults?.length ?? 0), 0);
}

export type SearchContext = Partial<SearchUserContext> & { userRegion?: string };

/** Analytics cause of a search run because the visitor moved through the history. */
const HISTORY_CAUSE: SearchAnalytics = { cause: 'historyNavigation' };
export const SEARCH_FAILED_MESSAGE =
  'Search isn’t working right now. Please try again in a moment.';

function requestFor(
  state: SearchHashState,
  context: SearchContext,
  analytics: SearchAnalytics,
  page: { firstResult: number; numberOfResults: number },
): Omit<SearchRequestInput, 'searchHub'> {
  return {
    q: state.q,
    facets: Object.fromEntries(
      Object.entries(state.facets).map(([field, values]) => [field, [...values]]),
    ),
    ...(state.dateFacet ? { dateFacet: state.dateFacet } : {}),
    sortCriteria: state.sort === 'date' ? 'date descending' : 'relevancy',
    ...page,
    ...(state.tab ? { tab: state.tab } : {}),
    ...(state.asTyped ? { enableDidYouMean: false } : {}),
    context: context.userRegion ? { userRegion: context.userRegion } : {},
    analytics: {
      cause: analytics.cause,
      ...(analytics.metadata ? { metadata: analytics.metadata } : {}),
    },
  };
}

/**
 * Spec 4 'Search component initialisation' for the page's engine: its options are set, it is
 * instantiated, and the page's search interface registers as its component; true once the
 * engine's initialized callback has run (200 ms after its components are initialized).
 */
function useEngineInitialization(engineId: string, searchHub: string): boolean {
  const [initialized, setInitialized] = useState(false);
  useEffect(() => {
    const registry = pageEngineRegistry();
    let stop: (() => void) | undefined;
    try {
      registry.setOptions(engineId, { searchHub });
      registry.instantiate(engineId);
      stop = registry.onInitialized(engineId, () => setInitialized(true));
      registry.registerComponent(engineId, SEARCH_INTERFACE_COMPONENT);
      registry.markInitialized(engineId, SEARCH_INTERFACE_COMPONENT);
    } catch (error) {
      // Spec 8: internal search errors are reported, never shown; the search still starts.
      reportError(error, { source: 'search component initialisation', engineId });
      queueMicrotask(() => setInitialized(true));
    }
    return () => {
      stop?.();
      registry.destroy(engineId);
      setInitialized(false);
    };
  }, [engineId, searchHub]);
  return initialized;
}

/**
 * The search page's engine: start-up in the order of spec 4, the state kept in the URL hash
 * (spec 2.6), the region broadcast, and every search the page runs.
 */
export function useSearchController(options: SearchControllerOptions) {
  const { searchHub, disableStateInUrl = false, skipFirstSearch = false } = options;
  const site = useSite();
  const engineId = useMemo(
    () => (site ? searchSettingsForHub(site.config, searchHub)?.engineId : undefined) ?? searchHub,
    [site, searchHub],
  );
  const initialized = useEngineInitialization(engineId, searchHub);
  const gateway = useGateway();
  const csrfToken = useCsrfToken() || null;
  const region = useRegion()?.region;
  const client = useMemo<SearchClient | undefined>(
    () => (gateway ? createSearchClient({ gateway, searchHub, csrfToken }) : undefined),
    [gateway, searchHub, csrfToken],
  );

  const [view, setView] = useState<SearchView>({
    state: initialSearchState('', ''),
    status: 'starting',
  });
  const viewRef = useRef(view);
  useEffect(() => {
    viewRef.current = view;
  }, [view]);
  const context = useRef<SearchContext>({});
  const inFlight = useRef<AbortController | undefined>(undefined);
  const regionRef = useRef(region);
  useEffect(() => {
    regionRef.current = region;
  }, [region]);

  const run = useCallback(
    async (state: SearchHashState, analytics: SearchAnalytics, append = false) => {
      if (!client) return;
      inFlight.current?.abort();
      const controller = new AbortController();
      inFlight.current = controller;
      const loaded = viewRef.current.response?.results ?? [];
      // Read at once by the history listener, which may hear popstate and hashchange together.
      viewRef.current = { ...viewRef.current, state };
      setView((current) => ({
        ...current,
        state,
        status: append ? 'loadingMore' : 'loading',
        failure: undefined,
      }));
      const page = append
        ? { firstResult: documentsShown(loaded), numberOfResults: RESULTS_PER_PAGE }
        : { firstResult: 0, numberOfResults: state.numberOfResults };
      try {
        const response = await client.search(
          requestFor(state, context.current, analytics, page),
          controller.signal,
        );
        if (controller.signal.aborted) return;
        const results: SearchResult[] = append
          ? [...loaded, ...response.results]
          : response.results;
        setView({ state, status: 'ready', response: { ...response, results } });
      } catch (error) {
        if (controller.signal.aborted) return;
        reportError(error, { source: 'search', searchHub, cause: analytics.cause });
        setView((current) => ({
          ...current,
          state,
          status: 'error',
          failure: SEARCH_FAILED_MESSAGE,
        }));
      }
    },
    [client, searchHub],
  );

  /** Records a new state: a history entry '#{fragment}' (spec 2.6), then its search. */
  const change = useCallback(
    (next: SearchHashState, analytics: SearchAnalytics, append = false) => {
      const state = afterChange(viewRef.current.state, next);
      if (!disableStateInUrl) {
        const fragment = `#${serializeSearchState(state)}`;
        if (fragment !== window.location.hash) window.history.pushState(null, '', fragment);
      }
      void run(state, analytics, append);
    },
    [disableStateInUrl, run],
  );

  // What the first search waits for, the hub's token and the visitor's context, is asked for at
  // once, side by side, while the page's components initialize (the 200 ms debounce): start-up
  // then finds both in the gateway's cache instead of asking one after the other.
  useEffect(() => {
    if (!client || !gateway) return;
    client.askForToken();
    gateway.call('getCurrentUserContext', {}).catch(() => undefined);
  }, [client, gateway]);

  // Start-up (spec 4 'Search page start-up'), once the engine is initialized and the page can
  // call the API.
  useEffect(() => {
    if (!client || !gateway || !initialized) return;
    let stopped = false;
    const cleanups: Array<() => void> = [];
    const start = async () => {
      let state = disableStateInUrl
        ? viewRef.current.state
        : initialSearchState(window.location.hash, window.location.search);
      const steps = planStartup({ disableStateInUrl, skipFirstSearch }, takeStandaloneEntry);
      for (const step of steps) {
        if (stopped) return;
        switch (step.type) {
          case 'syncUrlState': {
            // A '?q=' from the script-free form becomes hash state, so both forms share one URL.
            const url = `${window.location.pathname}#${serializeSearchState(state)}`;
            window.history.replaceState(null, '', url);
            const onHistory = () => {
              if (!isStateFragment(window.location.hash)) return;
              const next = parseSearchFragment(window.location.hash);
              if (serializeSearchState(next) === serializeSearchState(viewRef.current.state))
                return;
              void run(next, HISTORY_CAUSE);
            };
            window.addEventListener('hashchange', onHistory);
            window.addEventListener('popstate', onHistory);
            cleanups.push(() => {
              window.removeEventListener('hashchange', onHistory);
              window.removeEventListener('popstate', onHistory);
            });
            break;
          }
          case 'setSearchContext': {
            const userRegion = regionRef.current;
            try {
              const userContext = await gateway.call('getCurrentUserContext', {});
              context.current = { ...userContext, ...(userRegion ? { userRegion } : {}) };
            } catch (error) {
              // The search still runs, for the visitor's region only.
              reportError(error, { source: 'search start-up: user context', searchHub });
              context.current = userRegion ? { userRegion } : {};
            }
            break;
          }
          case 'takeStandaloneEntry':
            break;
          case 'firstSearch':
            if (step.query !== undefined && step.query !== state.q) {
              state = { ...state, q: step.query, numberOfResults: RESULTS_PER_PAGE };
              if (!disableStateInUrl) {
                window.history.replaceState(null, '', `#${serializeSearchState(state)}`);
              }
            }
            await run(state, step.analytics);
            break;
        }
      }
      if (!stopped && skipFirstSearch)
        setView((current) => ({ ...current, state, status: 'ready' }));
    };
    start().catch((error: unknown) => {
      // Spec 8: a start-up failure is reported to the error-reporting service.
      reportError(error, { source: 'search start-up', searchHub });
      setView((current) => ({ ...current, status: 'error', failure: SEARCH_FAILED_MESSAGE }));
    });
    return () => {
      stopped = true;
      inFlight.current?.abort();
      for (const cleanup of cleanups) cleanup();
    };
  }, [client, gateway, initialized, disableStateInUrl, skipFirstSearch, run, searchHub]);

  // Spec 4: a broadcast region that differs from the context's updates it and re-runs.
  useEffect(
    () =>
      onRegionChange((regionChange) => {
        const plan = regionChangePlan(
          context.current.userRegion,
          regionChange.region,
          skipFirstSearch,
        );
        if (plan.updateContext)
          context.current = { ...context.current, userRegion: regionChange.region };
        if (plan.rerun) void run(viewRef.current.state, plan.rerun);
      }),
    [run, skipFirstSearch],
  );

  const logClick = useCallback(
    (result: { uniqueId: string }, position: number) => {
      const searchUid = viewRef.current.response?.searchUid;
      if (client && searchUid) client.logClick({ searchUid, uniqueId: result.uniqueId, position });
    },
    [client],
  );

  return { view, change, logClick };
}
