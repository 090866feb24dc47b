import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createEngineRegistry,
  mapEngineStore,
  pageEngineRegistry,
  type EngineStore,
} from './engine-registry.ts';
import { joinSearchEngine, searchBoxEngine, useSearchBoxEngine } from './useSearchBoxEngine.ts';

const SUPPORT = { engineId: 'LL-global-search', searchHub: 'LL_GlobalSearch' };
const STANDALONE = 'LL-global-search_standalone';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

function setup() {
  const warn = vi.fn();
  const report = vi.fn();
  const registry = createEngineRegistry({ warn });
  return { registry, warn, report };
}

describe('the engine of a search box (spec 2.5, 9)', () => {
  it("is '{engineId}_standalone' with its mode's hub when standalone", () => {
    expect(searchBoxEngine(SUPPORT, false)).toEqual({
      engineId: STANDALONE,
      options: { searchHub: 'LL_GlobalSearch' },
    });
  });

  it("is the page's results engine, whose options the page sets, on its own results page", () => {
    expect(searchBoxEngine(SUPPORT, true)).toEqual({ engineId: 'LL-global-search' });
  });
});

describe('a standalone box joining its engine (spec 4)', () => {
  it('sets the options, registers and is initialized; leaving releases the engine', () => {
    const { registry, warn, report } = setup();
    const initialized = vi.fn();
    registry.onInitialized(STANDALONE, initialized);
    const leave = joinSearchEngine(registry, searchBoxEngine(SUPPORT, false), 'box-1', report);
    expect(registry.optionsOf(STANDALONE)).toEqual({ searchHub: 'LL_GlobalSearch' });
    vi.advanceTimersByTime(200);
    expect(initialized).toHaveBeenCalledOnce();
    leave();
    expect(registry.optionsOf(STANDALONE)).toBeUndefined();
    expect(warn).not.toHaveBeenCalled();
    expect(report).not.toHaveBeenCalled();
  });

  it('shares the engine with a second box of its mode without a warning', () => {
    const { registry, warn, report } = setup();
    const engine = searchBoxEngine(SUPPORT, false);
    const leaveHeader = joinSearchEngine(registry, engine, 'header', report);
    const leaveHero = joinSearchEngine(registry, engine, 'hero', report);
    expect(warn).not.toHaveBeenCalled();
    leaveHeader();
    // The hero's box still has its engine; a third box (a second hero) joins it quietly.
    expect(registry.optionsOf(STANDALONE)).toEqual({ searchHub: 'LL_GlobalSearch' });
    const leaveSecondHero = joinSearchEngine(registry, engine, 'hero-2', report);
    leaveHero();
    expect(registry.optionsOf(STANDALONE)).toBeDefined();
    leaveSecondHero();
    expect(registry.optionsOf(STANDALONE)).toBeUndefined();
    expect(warn).not.toHaveBeenCalled();
    expect(report).not.toHaveBeenCalled();
  });

  it('keeps boxes of different modes apart', () => {
    const { registry, report } = setup();
    const learning = { engineId: 'LL-learning-search', searchHub: 'LL_LearningSearch' };
    const leaveSupport = joinSearchEngine(registry, searchBoxEngine(SUPPORT, false), 'a', report);
    joinSearchEngine(registry, searchBoxEngine(learning, false), 'b', report);
    leaveSupport();
    expect(registry.optionsOf(STANDALONE)).toBeUndefined();
    expect(registry.optionsOf('LL-learning-search_standalone')).toEqual({
      searchHub: 'LL_LearningSearch',
    });
  });

  it('is warned about, and its options ignored, when the engine has different ones', () => {
    const { registry, warn, report } = setup();
    joinSearchEngine(registry, searchBoxEngine(SUPPORT, false), 'first', report);
    const other = { engineId: SUPPORT.engineId, searchHub: 'Other_Hub' };
    joinSearchEngine(registry, searchBoxEngine(other, false), 'second', report);
    expect(warn).toHaveBeenCalledOnce();
    expect(registry.optionsOf(STANDALONE)).toEqual({ searchHub: 'LL_GlobalSearch' });
  });

  it('reports a registry failure instead of throwing (spec 8)', () => {
    const store = mapEngineStore();
    const failing: EngineStore = {
      read: store.read,
      write: () => {
        throw new Error('storage is full');
      },
    };
    const report = vi.fn();
    const registry = createEngineRegistry({ store: failing });
    const leave = joinSearchEngine(registry, searchBoxEngine(SUPPORT, false), 'box', report);
    expect(report).toHaveBeenCalledWith(new Error('unable to register in store'));
    expect(() => leave()).not.toThrow();
  });
});

describe('a box on its own results page re-initialises with the page engine', () => {
  /** What useSearchController does with the page's engine (app/search/useSearchController.ts). */
  function startPage(registry: ReturnType<typeof setup>['registry'], initialized: () => void) {
    registry.setOptions(SUPPORT.engineId, { searchHub: SUPPORT.searchHub });
    registry.instantiate(SUPPORT.engineId);
    registry.onInitialized(SUPPORT.engineId, initialized);
    registry.registerComponent(SUPPORT.engineId, 'searchInterface');
    registry.markInitialized(SUPPORT.engineId, 'searchInterface');
  }

  it('joins before the page starts (child effects run first) without a warning', () => {
    const { registry, warn, report } = setup();
    const initialized = vi.fn();
    const leave = joinSearchEngine(registry, searchBoxEngine(SUPPORT, true), 'box', report);
    startPage(registry, initialized);
    vi.advanceTimersByTime(200);
    expect(initialized).toHaveBeenCalledOnce();
    expect(registry.optionsOf(STANDALONE)).toBeUndefined();
    // The page leaves first and destroys its engine; the box leaving after it is harmless.
    registry.destroy(SUPPORT.engineId);
    leave();
    expect(registry.optionsOf(SUPPORT.engineId)).toBeUndefined();
    expect(warn).not.toHaveBeenCalled();
    expect(report).not.toHaveBeenCalled();
  });

  it("leaves the page's engine to the page when the box goes first", () => {
    const { registry, report } = setup();
    const leave = joinSearchEngine(registry, searchBoxEngine(SUPPORT, true), 'box', report);
    startPage(registry, vi.fn());
    leave();
    expect(registry.optionsOf(SUPPORT.engineId)).toEqual({ searchHub: SUPPORT.searchHub });
  });
});

describe('useSearchBoxEngine', () => {
  it('registers nothing while rendering on the server', () => {
    function Box() {
      useSearchBoxEngine(SUPPORT, false, pageEngineRegistry());
      return null;
    }
    renderToStaticMarkup(<Box />);
    expect(pageEngineRegistry().optionsOf(STANDALONE)).toBeUndefined();
  });
});
