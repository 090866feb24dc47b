import { FACET_FIELDS, type FacetCount, type FacetField } from '../search-engine.ts';

/** How many matching documents share one combination of facet field values. */
export interface FacetGroup {
  values: Record<FacetField, string | null>;
  count: number;
}

const LIST_FIELDS = new Set<FacetField>(['sfcoreproductc', 'sfaudiencec']);

/** The values a document has in a facet field: list fields hold JSON lists. */
export function facetValues(field: FacetField, stored: string | null): string[] {
  if (stored === null) return [];
  if (!LIST_FIELDS.has(field)) return [stored];
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed)
      ? [...new Set(parsed.filter((value): value is string => typeof value === 'string'))]
      : [];
  } catch {
    return [];
  }
}

/**
 * The total and facet counts of a search from the groups of its matches (before facet
 * filters). Each facet counts documents passing every filter but its own, so a visitor sees
 * what choosing another value of that facet would give (disjunctive faceting).
 */
export function countFacets(
  groups: readonly FacetGroup[],
  filters: readonly { field: FacetField; values: string[] }[],
  facets: readonly FacetField[],
): { total: number; facets: FacetCount[] } {
  const active = filters.filter((filter) => filter.values.length > 0);
  const tallies = new Map<FacetField, Map<string, number>>(
    facets.map((field) => [field, new Map()]),
  );
  let total = 0;
  for (const group of groups) {
    const values = Object.fromEntries(
      FACET_FIELDS.map((field) => [field, facetValues(field, group.values[field])]),
    ) as Record<FacetField, string[]>;
    const failing = active.filter(
      (filter) => !values[filter.field].some((value) => filter.values.includes(value)),
    );
    if (failing.length === 0) total += group.count;
    for (const [field, tally] of tallies) {
      if (failing.some((filter) => filter.field !== field)) continue;
      for (const value of values[field]) tally.set(value, (tally.get(value) ?? 0) + group.count);
    }
  }
  return {
    total,
    facets: [...tallies].map(([field, tally]) => ({
      field,
      values: [...tally]
        .map(([value, count]) => ({ value, count }))
        .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0)),
    })),
  };
}
