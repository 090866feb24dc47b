import { describe, expect, it } from 'vitest';
import { engineRequest as request } from '~tests/support/search-documents.ts';
import type { EngineResult } from '../search-engine.ts';
import { createResultCache } from './result-cache.ts';

const result = (total: number): EngineResult => ({ total, hits: [], facets: [] });

describe('result cache', () => {
  it('answers a repeated request at the same index version', () => {
    const cache = createResultCache();
    cache.set(request('bank'), 4, 0, result(7));
    expect(cache.get(request('bank'), 4, 1000)).toEqual(result(7));
    expect(cache.get(request('banks'), 4, 1000)).toBeUndefined();
  });

  it('forgets results once the index changed or after a minute', () => {
    const cache = createResultCache();
    cache.set(request('bank'), 4, 0, result(7));
    expect(cache.get(request('bank'), 5, 1000)).toBeUndefined();
    cache.set(request('tax'), 5, 0, result(1));
    expect(cache.get(request('tax'), 5, 60_001)).toBeUndefined();
  });

  it('keeps the 100 most recently used results', () => {
    const cache = createResultCache();
    for (let index = 0; index < 101; index += 1) {
      cache.set(request(`q${index}`), 1, 0, result(index));
      if (index === 50) cache.get(request('q0'), 1, 0);
    }
    expect(cache.get(request('q0'), 1, 0)).toEqual(result(0));
    expect(cache.get(request('q1'), 1, 0)).toBeUndefined();
    expect(cache.get(request('q100'), 1, 0)).toEqual(result(100));
  });
});
