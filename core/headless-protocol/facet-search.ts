import { z } from 'zod';
import { librarySearchSchema } from './search-request.ts';

/**
 * Facet value search (POST {base}/rest/search/v2/facet): the values of one facet field matching
 * what the visitor typed ('*ban*' wildcards, case-insensitive), counted over the search the
 * facet sits in, without the values the facet already shows.
 */
export const facetSearchSchema = z.object({
  field: z.string().max(100),
  type: z.string().max(40).default('specific'),
  query: z.string().max(200).default('*'),
  numberOfValues: z.number().int().min(1).max(1000).default(10),
  ignoreValues: z.array(z.string().max(200)).max(1000).default([]),
  searchContext: librarySearchSchema.default({ q: '' }),
});
export type FacetSearchRequest = z.output<typeof facetSearchSchema>;

export interface FacetSearchValue {
  displayValue: string;
  rawValue: string;
  count: number;
}

function matcher(query: string): RegExp {
  const escaped = query
    .trim()
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${escaped}$`, 'i');
}

export function facetSearchAnswer(
  request: FacetSearchRequest,
  counted: readonly { value: string; label?: string; numberOfResults: number }[],
): { values: FacetSearchValue[]; moreValuesAvailable: boolean } {
  const matches = matcher(request.query === '' ? '*' : request.query);
  const ignored = new Set(request.ignoreValues);
  const found = counted.filter(
    (value) =>
      !ignored.has(value.value) && (matches.test(value.value) || matches.test(value.label ?? '')),
  );
  return {
    values: found.slice(0, request.numberOfValues).map((value) => ({
      displayValue: value.label ?? value.value,
      rawValue: value.value,
      count: value.numberOfResults,
    })),
    moreValuesAvailable: found.length > request.numberOfValues,
  };
}
