import type { FacetCount, FacetField } from './search-engine.ts';

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
 * A facet's counts from the documents counted per stored value: documents share a few value
 * lists, so SQL counts each list and this adds them up per value. Most documents first.
 */
export function tallyFacet(
  field: FacetField,
  rows: readonly { stored: string | null; count: number | string }[],
): FacetCount {
  const tally = new Map<string, number>();
  for (const row of rows) {
    for (const value of facetValues(field, row.stored)) {
      tally.set(value, (tally.get(value) ?? 0) + Number(row.count));
    }
  }
  return {
    field,
    values: [...tally]
      .map(([value, count]) => ({ value, count }))
      .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0)),
  };
}
