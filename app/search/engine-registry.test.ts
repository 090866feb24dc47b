import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createEngineRegistry, mapEngineStore, type EngineStore } from './engine-registry.ts';

const ENGINE = 'LL-global-search';
const OPTIONS = { searchHub: 'LL_GlobalSearch' };

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('engine options and instantiation', () => {
  it('instantiates an engine with the options set for it', () => {
    const registry = createEngineRegistry();
    expect(registry.setOptions(ENGINE, OPTIONS)).toBe(true);
    expect(registry.instantiate(ENGINE)).toEqual(OPTIONS);
  });

  it('warns about and ignores a second setting of the options', () => {
    const warn = vi.fn();
    const registry = createEngineRegistry({ warn });
    registry.setOptions(ENGINE, OPTIONS);
    expect(registry.setOptions(ENGINE, { searchHub: 'other' })).toBe(false);
    expect(warn).toHaveBeenCalledOnce();
    expect(registry.instantiate(ENGINE)).toEqual(OPTIONS);
  });

  it("refuses an engine whose options were not set: 'Engine options have not been set.'", () => {
    expect(() => createEngineRegistry().instantiate(ENGINE)).toThrow(
      new Error('Engine options have not been set.'),
    );
  });

  it('refuses to instantiate an engine twice, naming its id', () => {
    const registry = createEngineRegistry();
    registry.setOptions(ENGINE, OPTIONS);
    registry.instantiate(ENGINE);
    expect(() => registry.instantiate(ENGINE)).toThrow(
      new Error('Engine already instantiated for engine ID: LL-global-search'),
    );
  });

  it('starts afresh after an engine is destroyed', () => {
    const registry = createEngineRegistry();
    registry.setOptions(ENGINE, OPTIONS);
    registry.instantiate(ENGINE);
    registry.destroy(ENGINE);
    expect(registry.setOptions(ENGINE, { searchHub: 'again' })).toBe(true);
    expect(registry.instantiate(ENGINE)).toEqual({ searchHub: 'again' });
  });
});

describe('component initialisation', () => {
  it('runs the initialized callback 200 ms after the last component is initialized', () => {
    const registry = createEngineRegistry();
    const initialized = vi.fn();
    registry.onInitialized(ENGINE, initialized);
    registry.registerComponent(ENGINE, 'searchBox');
    registry.registerComponent(ENGINE, 'resultList');
    registry.markInitialized(ENGINE, 'searchBox');
    vi.advanceTimersByTime(500);
    expect(initialized).not.toHaveBeenCalled();
    registry.markInitialized(ENGINE, 'resultList');
    vi.advanceTimersByTime(199);
    expect(initialized).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(initialized).toHaveBeenCalledOnce();
  });

  it('debounces: components initialized within 200 ms of each other call back once', () => {
    const registry = createEngineRegistry();
    const initialized = vi.fn();
    registry.onInitialized(ENGINE, initialized);
    registry.registerComponent(ENGINE, 'searchBox');
    registry.markInitialized(ENGINE, 'searchBox');
    vi.advanceTimersByTime(150);
    registry.registerComponent(ENGINE, 'facets');
    registry.markInitialized(ENGINE, 'facets');
    vi.advanceTimersByTime(150);
    expect(initialized).not.toHaveBeenCalled();
    vi.advanceTimersByTime(50);
    expect(initialized).toHaveBeenCalledOnce();
  });

  it('waits again when a component registers before the callback runs', () => {
    const registry = createEngineRegistry();
    const initialized = vi.fn();
    registry.onInitialized(ENGINE, initialized);
    registry.registerComponent(ENGINE, 'searchBox');
    registry.markInitialized(ENGINE, 'searchBox');
    registry.registerComponent(ENGINE, 'resultList');
    vi.advanceTimersByTime(1000);
    expect(initialized).not.toHaveBeenCalled();
  });

  it("refuses to initialise an unregistered component: 'Component was not registered before initialization'", () => {
    const registry = createEngineRegistry();
    registry.registerComponent(ENGINE, 'searchBox');
    expect(() => registry.markInitialized(ENGINE, 'facets')).toThrow(
      new Error('Component was not registered before initialization'),
    );
    expect(() => registry.markInitialized('unknown-engine', 'searchBox')).toThrow(
      new Error('Component was not registered before initialization'),
    );
  });

  it('keeps engines apart and stops calling back after unsubscribing or destroying', () => {
    const registry = createEngineRegistry();
    const support = vi.fn();
    const standalone = vi.fn();
    const stop = registry.onInitialized(ENGINE, support);
    registry.onInitialized(`${ENGINE}_standalone`, standalone);
    registry.registerComponent(`${ENGINE}_standalone`, 'searchBox');
    registry.markInitialized(`${ENGINE}_standalone`, 'searchBox');
    vi.advanceTimersByTime(200);
    expect(standalone).toHaveBeenCalledOnce();
    expect(support).not.toHaveBeenCalled();
    stop();
    registry.registerComponent(ENGINE, 'searchBox');
    registry.markInitialized(ENGINE, 'searchBox');
    registry.registerComponent(`${ENGINE}_standalone`, 'facets');
    registry.markInitialized(`${ENGINE}_standalone`, 'facets');
    registry.destroy(`${ENGINE}_standalone`);
    vi.advanceTimersByTime(200);
    expect(support).not.toHaveBeenCalled();
    expect(standalone).toHaveBeenCalledOnce();
  });
});

describe('an engine shared by several components', () => {
  const SHARED = `${ENGINE}_standalone`;

  function twoBoxes() {
    const registry = createEngineRegistry();
    const initialized = vi.fn();
    registry.setOptions(SHARED, OPTIONS);
    registry.onInitialized(SHARED, initialized);
    registry.registerComponent(SHARED, 'headerBox');
    registry.registerComponent(SHARED, 'heroBox');
    return { registry, initialized };
  }

  it('stays for the others when one component leaves, and still calls back', () => {
    const { registry, initialized } = twoBoxes();
    registry.markInitialized(SHARED, 'headerBox');
    registry.markInitialized(SHARED, 'heroBox');
    vi.advanceTimersByTime(200);
    expect(initialized).toHaveBeenCalledOnce();
    registry.unregisterComponent(SHARED, 'headerBox');
    expect(registry.optionsOf(SHARED)).toEqual(OPTIONS);
    registry.registerComponent(SHARED, 'searchBoxOf404');
    registry.markInitialized(SHARED, 'searchBoxOf404');
    vi.advanceTimersByTime(200);
    expect(initialized).toHaveBeenCalledTimes(2);
  });

  it('does not call back again when an initialized component leaves', () => {
    const { registry, initialized } = twoBoxes();
    registry.markInitialized(SHARED, 'headerBox');
    registry.markInitialized(SHARED, 'heroBox');
    vi.advanceTimersByTime(200);
    registry.unregisterComponent(SHARED, 'heroBox');
    vi.advanceTimersByTime(1000);
    expect(initialized).toHaveBeenCalledOnce();
  });

  it('keeps a callback already due when a component leaves during the wait', () => {
    const { registry, initialized } = twoBoxes();
    registry.markInitialized(SHARED, 'headerBox');
    registry.markInitialized(SHARED, 'heroBox');
    vi.advanceTimersByTime(100);
    registry.unregisterComponent(SHARED, 'heroBox');
    vi.advanceTimersByTime(100);
    expect(initialized).toHaveBeenCalledOnce();
  });

  it('calls back once the component still initialising leaves the others initialized', () => {
    const { registry, initialized } = twoBoxes();
    registry.markInitialized(SHARED, 'headerBox');
    vi.advanceTimersByTime(500);
    registry.unregisterComponent(SHARED, 'heroBox');
    vi.advanceTimersByTime(199);
    expect(initialized).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(initialized).toHaveBeenCalledOnce();
  });

  it('is released with its last component: options, callbacks and pending wait go', () => {
    const { registry, initialized } = twoBoxes();
    registry.markInitialized(SHARED, 'headerBox');
    registry.markInitialized(SHARED, 'heroBox');
    registry.unregisterComponent(SHARED, 'headerBox');
    registry.unregisterComponent(SHARED, 'heroBox');
    expect(registry.optionsOf(SHARED)).toBeUndefined();
    vi.advanceTimersByTime(1000);
    expect(initialized).not.toHaveBeenCalled();
    // A fresh engine: its options can be set again without a warning, and it instantiates.
    expect(registry.setOptions(SHARED, { searchHub: 'again' })).toBe(true);
    expect(registry.instantiate(SHARED)).toEqual({ searchHub: 'again' });
  });

  it('ignores a component leaving an engine it is not registered with, or one already destroyed', () => {
    const { registry } = twoBoxes();
    registry.unregisterComponent(SHARED, 'facets');
    expect(registry.optionsOf(SHARED)).toEqual(OPTIONS);
    registry.destroy(SHARED);
    expect(() => registry.unregisterComponent(SHARED, 'headerBox')).not.toThrow();
    expect(registry.optionsOf(SHARED)).toBeUndefined();
  });

  it('is torn down whole by destroy, for the page that owns it', () => {
    const { registry, initialized } = twoBoxes();
    registry.markInitialized(SHARED, 'headerBox');
    registry.markInitialized(SHARED, 'heroBox');
    registry.destroy(SHARED);
    vi.advanceTimersByTime(1000);
    expect(initialized).not.toHaveBeenCalled();
    expect(registry.optionsOf(SHARED)).toBeUndefined();
  });

  it('lets a second component read the options instead of setting them again', () => {
    const warn = vi.fn();
    const registry = createEngineRegistry({ warn });
    expect(registry.optionsOf(SHARED)).toBeUndefined();
    registry.setOptions(SHARED, OPTIONS);
    expect(registry.optionsOf(SHARED)).toEqual(OPTIONS);
    expect(registry.setOptions(SHARED, { searchHub: 'other' })).toBe(false);
    expect(warn).toHaveBeenCalledWith(
      'Engine options have already been set for engine ID: LL-global-search_standalone; ignored.',
    );
    expect(registry.optionsOf(SHARED)).toEqual(OPTIONS);
  });
});

describe('the engine store', () => {
  const failing = (which: 'read' | 'write'): EngineStore => {
    const store = mapEngineStore();
    return {
      read: (engineId) => {
        if (which === 'read') throw new Error('storage is gone');
        return store.read(engineId);
      },
      write: (engineId, record) => {
        if (which === 'write') throw new Error('storage is full');
        store.write(engineId, record);
      },
    };
  };

  it("reports a failed read as 'unable to get data from store'", () => {
    const registry = createEngineRegistry({ store: failing('read') });
    expect(() => registry.setOptions(ENGINE, OPTIONS)).toThrow(
      new Error('unable to get data from store'),
    );
  });

  it("reports a failed write as 'unable to register in store'", () => {
    const registry = createEngineRegistry({ store: failing('write') });
    expect(() => registry.registerComponent(ENGINE, 'searchBox')).toThrow(
      new Error('unable to register in store'),
    );
  });
});
