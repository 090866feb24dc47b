import { describe, expect, it } from 'vitest';
import { firstExpectedRank, relevanceFigures } from './relevance.ts';

describe('relevance figures', () => {
  it('ranks the first expected id, 1-based', () => {
    expect(firstExpectedRank({ returned: ['a', 'b', 'c'], expected: ['c', 'b'] })).toBe(2);
    expect(firstExpectedRank({ returned: ['a'], expected: ['z'] })).toBeUndefined();
  });

  it('averages reciprocal ranks and recalls over answerable queries only', () => {
    const tenth = [...'abcdefghi', 'x'];
    const figures = relevanceFigures([
      { returned: ['x'], expected: ['x'] },
      { returned: ['a', 'b', 'x'], expected: ['x'] },
      { returned: tenth, expected: ['x'] },
      { returned: [...tenth, 'y'], expected: ['y'] },
      { returned: ['a'], expected: [] },
    ]);
    expect(figures.queries).toBe(4);
    expect(figures.mrr).toBeCloseTo((1 + 1 / 3 + 1 / 10) / 4);
    expect(figures.recallAt3).toBe(0.5);
    expect(figures.recallAt10).toBe(0.75);
  });

  it('gives zeros, not NaN, without answerable queries', () => {
    expect(relevanceFigures([])).toEqual({ queries: 0, mrr: 0, recallAt3: 0, recallAt10: 0 });
  });
});
