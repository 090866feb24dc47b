import { useEffect, useId } from 'react';
import { standaloneEngineId, type SearchSettings } from '~core/search';
import { reportError } from '../analytics/analytics.ts';
import type { EngineOptions, EngineRegistry } from './engine-registry.ts';

/** The engine a search box joins, and the options it brings when it is the engine's owner. */
export interface SearchBoxEngine {
  engineId: string;
  options?: EngineOptions;
}

/**
 * Spec 2.5 and 9: on its own results page the box re-initialises with the page's results engine
 * (its mode's engine id, as useSearchController uses), whose options the page sets; anywhere
 * else it is standalone, on '{engineId}_standalone' with its mode's search hub, and no results
 * engine is instantiated for it.
 */
export function searchBoxEngine(
  settings: Pick<SearchSettings, 'engineId' | 'searchHub'>,
  onResultsPage: boolean,
): SearchBoxEngine {
  if (onResultsPage) return { engineId: settings.engineId };
  return {
    engineId: standaloneEngineId(settings.engineId),
    options: { searchHub: settings.searchHub },
  };
}

function sameOptions(a: EngineOptions, b: EngineOptions): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)] as Array<keyof EngineOptions>);
  return [...keys].every((key) => a[key] === b[key]);
}

/**
 * Spec 4 'Search component initialisation' for one box: the options are set when the engine has
 * none yet (another box of the same mode may have set them already, and setting them again
 * would be warned about), the box registers and is marked initialized. Returns the release that
 * unregisters it, so the engine goes with the last box that uses it. Registry errors are
 * reported (spec 8), never thrown: the box still searches without its engine.
 */
export function joinSearchEngine(
  registry: EngineRegistry,
  engine: SearchBoxEngine,
  component: string,
  report: (error: unknown) => void,
): () => void {
  const { engineId, options } = engine;
  try {
    const existing = registry.optionsOf(engineId);
    // Different options are a real conflict: setting them again is warned about and ignored.
    if (options && (!existing || !sameOptions(existing, options))) {
      registry.setOptions(engineId, options);
    }
    registry.registerComponent(engineId, component);
    registry.markInitialized(engineId, component);
  } catch (error) {
    report(error);
  }
  return () => {
    try {
      registry.unregisterComponent(engineId, component);
    } catch (error) {
      report(error);
    }
  };
}

/**
 * Registers the standalone search box with the page's engine registry while it is mounted in
 * the browser (effects do not run on the server), once the box has the registry: a standalone
 * box loads it when first used, a box on its results page at once.
 */
export function useSearchBoxEngine(
  settings: Pick<SearchSettings, 'engineId' | 'searchHub'> | undefined,
  onResultsPage: boolean,
  registry: EngineRegistry | undefined,
): void {
  const component = `searchBox-${useId()}`;
  const engineId = settings?.engineId;
  const searchHub = settings?.searchHub;
  useEffect(() => {
    if (!engineId || !searchHub || !registry) return;
    const engine = searchBoxEngine({ engineId, searchHub }, onResultsPage);
    return joinSearchEngine(registry, engine, component, (error) =>
      reportError(error, { source: 'StandaloneSearchBox.engine', engineId: engine.engineId }),
    );
  }, [engineId, searchHub, onResultsPage, component, registry]);
}
