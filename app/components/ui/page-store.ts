import { useSyncExternalStore } from 'react';

/** A page-wide value that any component can read and change (toasts, the init-error dialog). */
export interface PageStore<State> {
  get(): State;
  update(change: (state: State) => State): void;
  subscribe(listener: () => void): () => void;
}

export function createPageStore<State>(initial: State): PageStore<State> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    update(change) {
      const next = change(state);
      if (next === state) return;
      state = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The server always renders the initial state: stores only change in the browser. */
export function usePageStore<State>(store: PageStore<State>, initial: State): State {
  return useSyncExternalStore(store.subscribe, store.get, () => initial);
}
