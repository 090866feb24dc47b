import { normaliseQuery } from './content-gaps.ts';

/*
 * Refined queries (docs/insight.md 'Search'): a visitor whose search found nothing worth a
 * click and who searched again, in the same hub and soon after, for something else.
 */

/** How soon after a search the next one still counts as changing it. */
export const REFINEMENT_WINDOW_MINUTES = 10;

const MINUTE = 60_000;

export interface VisitorSearch {
  /** The visitor's pseudonym. */
  visitor: string;
  hub: string;
  region: string | null;
  query: string;
  /** ISO-8601 UTC. */
  at: string;
  /** Whether any of its results was clicked. */
  clicked: boolean;
}

export interface Refinement {
  original: VisitorSearch;
  refinedTo: VisitorSearch;
}

/**
 * Each search refined by the next search of the same visitor in the same hub: within the
 * window after it, for a query different in its normal form (so paging, a facet or a change of
 * case is not a refinement), when the first had no click. Empty queries (browsing) neither are
 * refined nor refine one. A search is refined at most once: by the search that came next.
 */
export function findRefinements(
  searches: readonly VisitorSearch[],
  windowMinutes = REFINEMENT_WINDOW_MINUTES,
): Refinement[] {
  const ordered = [...searches].sort(
    (a, b) =>
      a.visitor.localeCompare(b.visitor) ||
      a.hub.localeCompare(b.hub) ||
      Date.parse(a.at) - Date.parse(b.at),
  );
  const found: Refinement[] = [];
  for (let index = 1; index < ordered.length; index += 1) {
    const original = ordered[index - 1]!;
    const next = ordered[index]!;
    if (original.visitor !== next.visitor || original.hub !== next.hub) continue;
    if (original.clicked) continue;
    if (Date.parse(next.at) - Date.parse(original.at) > windowMinutes * MINUTE) continue;
    const from = normaliseQuery(original.query);
    const to = normaliseQuery(next.query);
    if (from === '' || to === '' || from === to) continue;
    found.push({ original, refinedTo: next });
  }
  return found;
}

export interface RefinedQuery {
  query: string;
  /** How often it was refined. */
  refinements: number;
  /** What it was most often changed to (ties: the first in alphabetical order). */
  topRefinement: string;
  topRefinementCount: number;
}

/** Per original query, its refinements and the most frequent one, the most refined first. */
export function mostRefinedQueries(
  pairs: readonly { query: string; refinedTo: string; count: number }[],
): RefinedQuery[] {
  const byQuery = new Map<string, Map<string, number>>();
  for (const pair of pairs) {
    const targets = byQuery.get(pair.query) ?? new Map<string, number>();
    targets.set(pair.refinedTo, (targets.get(pair.refinedTo) ?? 0) + pair.count);
    byQuery.set(pair.query, targets);
  }
  const lines: RefinedQuery[] = [];
  for (const [query, targets] of byQuery) {
    const [topRefinement, topRefinementCount] = [...targets].sort(
      (a, b) => b[1] - a[1] || a[0].localeCompare(b[0]),
    )[0]!;
    const refinements = [...targets.values()].reduce((all, count) => all + count, 0);
    if (refinements > 0) lines.push({ query, refinements, topRefinement, topRefinementCount });
  }
  return lines.sort((a, b) => b.refinements - a.refinements || a.query.localeCompare(b.query));
}
