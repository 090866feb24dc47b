import type { EngineQuery, EngineResult } from '../search-engine.ts';

/*
 * Recent results by request, in memory. Popular queries repeat (and every facet change re-asks
 * the rest of a page), so most requests are answered without touching the index. An entry is
 * used only while the index version it was computed at is current, and for a minute at most,
 * since discussions rank by age.
 */
const MAX_ENTRIES = 100;
const MAX_AGE_MS = 60_000;

interface Entry {
  version: number;
  storedAt: number;
  result: EngineResult;
}

export interface ResultCache {
  get(request: EngineQuery, version: number, now: number): EngineResult | undefined;
  set(request: EngineQuery, version: number, now: number, result: EngineResult): void;
}

export function createResultCache(): ResultCache {
  const entries = new Map<string, Entry>();
  return {
    get(request, version, now) {
      const key = JSON.stringify(request);
      const entry = entries.get(key);
      if (entry === undefined) return undefined;
      entries.delete(key);
      if (entry.version !== version || now - entry.storedAt > MAX_AGE_MS) return undefined;
      // Re-inserting keeps the most recently used entries last, so the oldest go first.
      entries.set(key, entry);
      return entry.result;
    },
    set(request, version, now, result) {
      const key = JSON.stringify(request);
      entries.delete(key);
      entries.set(key, { version, storedAt: now, result });
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    },
  };
}
