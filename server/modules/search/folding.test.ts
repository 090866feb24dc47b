import { describe, expect, it } from 'vitest';
import type { SearchResult } from '~core/search';
import { foldResults, MAX_CHILD_RESULTS } from './folding.ts';

function result(uniqueId: string): SearchResult {
  return {
    title: uniqueId,
    excerpt: '',
    excerptHighlights: [],
    titleHighlights: [],
    uniqueId,
    clickUri: `/s/${uniqueId}`,
  };
}

const ids = (results: SearchResult[]) => results.map((item) => item.uniqueId);

describe('foldResults', () => {
  it('moves a result under its parent ranked above it, keeping rank order', () => {
    const parents: Record<string, string[]> = { a1: ['guide'], a2: ['guide'] };
    const folded = foldResults(
      ['other', 'guide', 'a1', 'a2'].map(result),
      (id) => parents[id] ?? [],
    );
    expect(ids(folded)).toEqual(['other', 'guide']);
    const guide = folded[1];
    expect(ids(guide?.childResults ?? [])).toEqual(['a1', 'a2']);
    expect(guide?.totalNumberOfChildResults).toBe(2);
    expect(folded[0]?.childResults).toEqual([]);
  });

  it('keeps a result on top when it ranks above its parent, so the best match stays first', () => {
    const parents: Record<string, string[]> = { a1: ['guide'], a2: ['guide'] };
    const folded = foldResults(
      ['a1', 'other', 'guide', 'a2'].map(result),
      (id) => parents[id] ?? [],
    );
    expect(ids(folded)).toEqual(['a1', 'other', 'guide']);
    expect(ids(folded[2]?.childResults ?? [])).toEqual(['a2']);
  });

  it('leaves a result whose parent is not on the page where it is', () => {
    const folded = foldResults(['a1', 'b'].map(result), () => ['guide']);
    expect(ids(folded)).toEqual(['a1', 'b']);
  });

  it('folds under the highest ranked of several parents', () => {
    const folded = foldResults(['g2', 'g1', 'a'].map(result), (id) =>
      id === 'a' ? ['g1', 'g2'] : [],
    );
    expect(ids(folded)).toEqual(['g2', 'g1']);
    expect(ids(folded[0]?.childResults ?? [])).toEqual(['a']);
  });

  it('folds one level deep: a child of a folded result stays on top', () => {
    const parents: Record<string, string[]> = { a: ['b'], b: ['c'] };
    const folded = foldResults(['c', 'b', 'a'].map(result), (id) => parents[id] ?? []);
    expect(ids(folded)).toEqual(['c', 'a']);
    expect(ids(folded[0]?.childResults ?? [])).toEqual(['b']);
  });

  it(`shows at most ${MAX_CHILD_RESULTS} children and counts them all`, () => {
    const children = Array.from({ length: MAX_CHILD_RESULTS + 5 }, (_, i) => `a${i}`);
    const folded = foldResults(['guide', ...children].map(result), (id) =>
      id === 'guide' ? [] : ['guide'],
    );
    expect(folded).toHaveLength(1);
    expect(folded[0]?.childResults).toHaveLength(MAX_CHILD_RESULTS);
    expect(folded[0]?.totalNumberOfChildResults).toBe(MAX_CHILD_RESULTS + 5);
  });

  it('never folds a result under itself', () => {
    const folded = foldResults(['a'].map(result), () => ['a']);
    expect(ids(folded)).toEqual(['a']);
  });
});
