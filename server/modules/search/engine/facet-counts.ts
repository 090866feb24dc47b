import { FACET_FIELDS, type FacetCount, type FacetField } from '../search-engine.ts';

/** How many matching documents share one combination of facet field values. */
export interface FacetGroup {
  /** Each facet field's values, without repeats (one value for plain fields, none when empty). */
  values: Record<FacetField, readonly string[]>;
  count: number;
}

export const LIST_FACET_FIELDS: ReadonlySet<FacetField> = new Set<FacetField>([
  'sfcoreproductc',
  'sfaudiencec',
]);

/** The values a document has in a facet field: list fields hold JSON lists. */
export function facetValues(field: FacetField, stored: string | null): string[] {
  if (stored === null) return [];
  if (!LIST_FACET_FIELDS.has(field)) return [stored];
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
 * filters), and the groups passing every filter. Each facet counts documents passing every
 * filter but its own, so a visitor sees what choosing another value of that facet would give
 * (disjunctive faceting).
 */
export function countFacets<Group extends FacetGroup>(
  groups: readonly Group[],
  filters: readonly { field: FacetField; values: string[] }[],
  facets: readonly FacetField[],
): { total: number; facets: FacetCount[]; passing: Group[] } {
  const active = filters
    .filter((filter) => filter.values.length > 0)
    .map((filter) => ({ field: filter.field, values: new Set(filter.values) }));
  const tallies = facets.map((field) => ({ field, tally: new Map<string, number>() }));
  const passing: Group[] = [];
  let total = 0;
  for (const group of groups) {
    // The field of the one filter the group fails, null when it fails none, undefined for more.
    let failingField: FacetField | null | undefined = null;
    for (const filter of active) {
      if (group.values[filter.field].some((value) => filter.values.has(value))) continue;
      failingField =
        failingField === null || failingField === filter.field ? filter.field : undefined;
      if (failingField === undefined) break;
    }
    if (failingField === undefined) continue;
    if (failingField === null) {
      total += group.count;
      passing.push(group);
    }
    for (const { field, tally } of tallies) {
      if (failingField !== null && failingField !== field) continue;
      for (const value of group.values[field]) {
        tally.set(value, (tally.get(value) ?? 0) + group.count);
      }
    }
  }
  return {
    total,
    passing,
    facets: tallies.map(({ field, tally }) => ({
      field,
      values: [...tally]
        .map(([value, count]) => ({ value, count }))
        .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0)),
    })),
  };
}

/** Parsed facet values of a stored row, keyed by facet field. */
export function facetValuesOf(
  row: Record<FacetField, string | null>,
  parse: (field: FacetField, stored: string | null) => readonly string[] = facetValues,
): Record<FacetField, readonly string[]> {
  const values = {} as Record<FacetField, readonly string[]>;
  for (const field of FACET_FIELDS) values[field] = parse(field, row[field]);
  return values;
}
