import { useCallback, useSyncExternalStore } from 'react';
import {
  dismissKey,
  DISMISSED_VALUE,
  isDismissed,
  type DismissibleCardVariation,
  type DismissStorage,
} from '~core/ui';
import { reportError } from '../analytics/analytics.ts';
import { consentNow } from '../consent/consent-store.ts';

/**
 * The storage a dismissal is kept in. Remembering it past this visit (localStorage) is a
 * preference, so without preferences consent it is kept for the visit only (sessionStorage).
 */
function storageOf(kind: DismissStorage): Storage | undefined {
  if (kind === 'none') return undefined;
  const kept = kind === 'localStorage' && !consentNow().preferences ? 'sessionStorage' : kind;
  try {
    return window[kept];
  } catch {
    // Storage blocked by the browser's settings: the card simply cannot stay dismissed.
    return undefined;
  }
}

/** Cards on this page told about a dismissal here; other tabs speak through 'storage' events. */
const listeners = new Set<() => void>();
/** Dismissals the browser would not store: they hold until the page is left. */
const unstored = new Set<string>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/**
 * Whether a card was dismissed, read from its storage in the browser ('unknown' while the page
 * is rendered on the server, so a dismissed card never flashes up), and the dismissal itself,
 * which stores '1' under the variation's key (spec 4).
 */
export function useDismissal(
  variation: DismissibleCardVariation,
  storage: DismissStorage,
): { dismissed: boolean | 'unknown'; dismiss: () => void } {
  const key = dismissKey(variation);
  const dismissed = useSyncExternalStore<boolean | 'unknown'>(
    subscribe,
    () => {
      if (unstored.has(key)) return true;
      try {
        return isDismissed(storageOf(storage)?.getItem(key));
      } catch {
        return false;
      }
    },
    () => 'unknown',
  );

  const dismiss = useCallback(() => {
    try {
      const target = storageOf(storage);
      if (target) target.setItem(key, DISMISSED_VALUE);
      else unstored.add(key);
    } catch (error) {
      unstored.add(key);
      reportError(error, { source: 'dismissibleCard.write' });
    }
    for (const listener of listeners) listener();
  }, [key, storage]);

  return { dismissed, dismiss };
}
