import { SEARCH_ERRORS, ENGINE_INITIALIZED_DEBOUNCE_MS } from '~core/search';

/*
 * Spec 4 'Search component initialisation': the search engines of a page, each keyed by its
 * engine id (spec 9), with the components that use it. A component is registered, then marked
 * initialized; when every registered component of an engine is initialized, the engine's
 * initialized callbacks run, debounced by 200 ms. Options are set once per engine; an engine
 * is instantiated once until destroyed. The error texts are spec 8's internal search errors.
 *
 * Several components may share one engine (two standalone boxes of one mode on a page share
 * '{engineId}_standalone'), so a component leaves by unregistering, and the engine is released
 * only when its last component has left; `destroy` stays for the page that owns an engine.
 */

export interface EngineOptions {
  searchHub: string;
}

export interface EngineRecord {
  options?: EngineOptions;
  instantiated: boolean;
  /** Registered components, each with whether it is initialized. */
  components: Map<string, boolean>;
  callbacks: Set<() => void>;
  timer?: unknown;
}

/** Where a page keeps its engines. */
export interface EngineStore {
  read(engineId: string): EngineRecord | undefined;
  write(engineId: string, record: EngineRecord | undefined): void;
}

export interface RegistryTimers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export interface EngineRegistryOptions {
  store?: EngineStore;
  timers?: RegistryTimers;
  warn?: (message: string) => void;
}

export interface EngineRegistry {
  /** Sets an engine's options; a second attempt is warned about and ignored (false). */
  setOptions(engineId: string, options: EngineOptions): boolean;
  /** The options set for an engine, if any: a sharing component sets them only when unset. */
  optionsOf(engineId: string): EngineOptions | undefined;
  /** Starts an engine, returning its options. */
  instantiate(engineId: string): EngineOptions;
  /** Removes the engine with all its components and callbacks (its owner leaving the page). */
  destroy(engineId: string): void;
  registerComponent(engineId: string, component: string): void;
  /**
   * A component leaves its engine; the engine is removed with its last component, and stays
   * for the others (their callbacks still run) otherwise.
   */
  unregisterComponent(engineId: string, component: string): void;
  markInitialized(engineId: string, component: string): void;
  /** Runs `callback` each time all the engine's components are initialized; returns an unsubscribe. */
  onInitialized(engineId: string, callback: () => void): () => void;
}

const browserTimers: RegistryTimers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** A store in a Map. */
export function mapEngineStore(engines = new Map<string, EngineRecord>()): EngineStore {
  return {
    read: (engineId) => engines.get(engineId),
    write: (engineId, record) => {
      if (record === undefined) engines.delete(engineId);
      else engines.set(engineId, record);
    },
  };
}

export function createEngineRegistry(options: EngineRegistryOptions = {}): EngineRegistry {
  const store = options.store ?? mapEngineStore();
  const timers = options.timers ?? browserTimers;
  const warn = options.warn ?? ((message: string) => console.warn(message));

  function read(engineId: string): EngineRecord | undefined {
    try {
      return store.read(engineId);
    } catch (error) {
      throw new Error(SEARCH_ERRORS.storeRead, { cause: error });
    }
  }

  function write(engineId: string, record: EngineRecord | undefined): void {
    try {
      store.write(engineId, record);
    } catch (error) {
      throw new Error(SEARCH_ERRORS.storeWrite, { cause: error });
    }
  }

  function recordOf(engineId: string): EngineRecord {
    const known = read(engineId);
    if (known) return known;
    const record: EngineRecord = {
      instantiated: false,
      components: new Map(),
      callbacks: new Set(),
    };
    write(engineId, record);
    return record;
  }

  function cancel(record: EngineRecord): void {
    if (record.timer === undefined) return;
    timers.clear(record.timer);
    record.timer = undefined;
  }

  function allInitialized(record: EngineRecord): boolean {
    const components = [...record.components.values()];
    return components.length > 0 && components.every((initialized) => initialized);
  }

  // Components register and initialise one after another as a page renders; waiting for a
  // quiet moment runs the callbacks once rather than after each of them.
  function scheduleWhenInitialized(record: EngineRecord): void {
    cancel(record);
    if (!allInitialized(record)) return;
    record.timer = timers.set(() => {
      record.timer = undefined;
      for (const callback of [...record.callbacks]) callback();
    }, ENGINE_INITIALIZED_DEBOUNCE_MS);
  }

  return {
    setOptions(engineId, engineOptions) {
      const record = recordOf(engineId);
      if (record.options) {
        warn(`Engine options have already been set for engine ID: ${engineId}; ignored.`);
        return false;
      }
      record.options = engineOptions;
      write(engineId, record);
      return true;
    },

    optionsOf(engineId) {
      return read(engineId)?.options;
    },

    instantiate(engineId) {
      const record = recordOf(engineId);
      if (!record.options) throw new Error(SEARCH_ERRORS.optionsNotSet);
      if (record.instantiated) throw new Error(SEARCH_ERRORS.engineAlreadyInstantiated(engineId));
      record.instantiated = true;
      write(engineId, record);
      return record.options;
    },

    destroy(engineId) {
      const record = read(engineId);
      if (!record) return;
      cancel(record);
      write(engineId, undefined);
    },

    registerComponent(engineId, component) {
      const record = recordOf(engineId);
      record.components.set(component, false);
      cancel(record);
      write(engineId, record);
    },

    unregisterComponent(engineId, component) {
      const record = read(engineId);
      // Already gone when the page that owns the engine destroyed it first.
      if (!record?.components.has(component)) return;
      const wasInitialized = allInitialized(record);
      record.components.delete(component);
      if (record.components.size === 0) {
        cancel(record);
        write(engineId, undefined);
        return;
      }
      write(engineId, record);
      // The one that left may have been the last still initialising, so the others now are all
      // initialized. When all already were, a callback already due stays due and one already
      // run is not run again.
      if (!wasInitialized) scheduleWhenInitialized(record);
    },

    markInitialized(engineId, component) {
      const record = read(engineId);
      if (!record?.components.has(component)) {
        throw new Error(SEARCH_ERRORS.componentNotRegistered);
      }
      record.components.set(component, true);
      write(engineId, record);
      scheduleWhenInitialized(record);
    },

    onInitialized(engineId, callback) {
      const record = recordOf(engineId);
      record.callbacks.add(callback);
      write(engineId, record);
      return () => {
        read(engineId)?.callbacks.delete(callback);
      };
    },
  };
}

let pageRegistry: EngineRegistry | undefined;

/** The registry of the page: every search component of the page shares it. */
export function pageEngineRegistry(): EngineRegistry {
  pageRegistry ??= createEngineRegistry();
  return pageRegistry;
}
