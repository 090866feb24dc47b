import type { SearchResult } from '~core/search';

/** Spec 9: folded results hold up to 100 children. */
export const MAX_CHILD_RESULTS = 100;

/**
 * Folds a page of results: a result whose parent ranks above it on the page moves under that
 * parent, in childResults, in the order it ranked. A result that ranks above all its parents
 * stays on top: folding never hides the best match (an article found by its exact title) under
 * a less relevant guide. The folding key is the parent's uniqueId: `parentsOf` names the parents
 * a result may fold under (an article under each guide that lists it), and the highest ranked
 * of them above it takes it. Folding is one level deep: a result
 * whose parent folds under another stays on top. A parent with more than 100 children on the
 * page shows the first 100 and counts them all in totalNumberOfChildResults.
 */
export function foldResults(
  results: readonly SearchResult[],
  parentsOf: (uniqueId: string) => readonly string[],
): SearchResult[] {
  const rank = new Map(results.map((result, index) => [result.uniqueId, index]));
  const parentOf = new Map<string, string>();
  for (const result of results) {
    const own = rank.get(result.uniqueId) ?? 0;
    const parents = parentsOf(result.uniqueId)
      .filter((parent) => (rank.get(parent) ?? Infinity) < own)
      .sort((a, b) => (rank.get(a) ?? 0) - (rank.get(b) ?? 0));
    if (parents[0] !== undefined) parentOf.set(result.uniqueId, parents[0]);
  }
  const chained = [...parentOf].filter(([, parent]) => parentOf.has(parent));
  for (const [child] of chained) parentOf.delete(child);
  const children = new Map<string, SearchResult[]>();
  for (const result of results) {
    const parent = parentOf.get(result.uniqueId);
    if (parent === undefined) continue;
    children.set(parent, [...(children.get(parent) ?? []), result]);
  }
  return results
    .filter((result) => !parentOf.has(result.uniqueId))
    .map((result) => {
      const folded = children.get(result.uniqueId) ?? [];
      return {
        ...result,
        childResults: folded.slice(0, MAX_CHILD_RESULTS),
        totalNumberOfChildResults: folded.length,
      };
    });
}
