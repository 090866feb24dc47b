import type { SearchAnalytics } from './search-api.ts';

/**
 * Spec 9: the key is '{search-provider}-standalone-search-box'. The product is its own search
 * provider, named 'portal-search', and every search box of the site shares the one key.
 */
export const STANDALONE_SEARCH_BOX_KEY = 'portal-search-standalone-search-box';

/** Spec 3: what a standalone box leaves for the search page it sends the visitor to. */
export interface StandaloneEntry {
  value: string;
  analytics: SearchAnalytics;
}

/** Reads a stored entry; anything else under the key (an old format, a hand edit) is none. */
export function parseStandaloneEntry(text: string | null): StandaloneEntry | undefined {
  if (text === null) return undefined;
  try {
    const entry = JSON.parse(text) as { value?: unknown; analytics?: unknown };
    const analytics = entry.analytics as { cause?: unknown; metadata?: unknown } | null;
    if (typeof entry.value !== 'string' || typeof analytics?.cause !== 'string') return undefined;
    const metadata =
      analytics.metadata && typeof analytics.metadata === 'object'
        ? Object.fromEntries(
            Object.entries(analytics.metadata).filter(
              (pair): pair is [string, string] => typeof pair[1] === 'string',
            ),
          )
        : undefined;
    return {
      value: entry.value,
      analytics: { cause: analytics.cause, ...(metadata ? { metadata } : {}) },
    };
  } catch {
    return undefined;
  }
}

/** Storage may be off (private modes, policies): the search then simply runs without it. */
function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export function storeStandaloneEntry(entry: StandaloneEntry): void {
  try {
    storage()?.setItem(STANDALONE_SEARCH_BOX_KEY, JSON.stringify(entry));
  } catch {
    // A full or blocked storage loses only the analytics cause of one search.
  }
}

/** Spec 4: the search page removes the entry as it reads it, so it is used once. */
export function takeStandaloneEntry(): StandaloneEntry | undefined {
  const store = storage();
  if (!store) return undefined;
  try {
    const entry = parseStandaloneEntry(store.getItem(STANDALONE_SEARCH_BOX_KEY));
    store.removeItem(STANDALONE_SEARCH_BOX_KEY);
    return entry;
  } catch {
    return undefined;
  }
}
