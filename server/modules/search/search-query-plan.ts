import {
  ADVANCED_EQUALS_FIELDS,
  ADVANCED_NOT_FIELDS,
  parseAdvancedQuery,
  parseRelativeDateRangeId,
  relativeDateSpan,
  SEARCH_FACET_FIELDS,
  type SearchMode,
  type SearchRequest,
} from '~core/search';
import type { DateRange, EngineQuery, FacetField, NotFilterField } from './search-engine.ts';
import { hiddenFrom, LEARNING_SCOPE, SUPPORT_EXCLUSIONS } from './search-scope-filters.ts';

/* What a search request asks the engine for: its scope, filters and NOT clauses, and dates. */

// The browser's facet and advanced-query vocabulary (core) must be one the engine understands.
export const ENGINE_FACETS: readonly FacetField[] = SEARCH_FACET_FIELDS;
const ENGINE_NOT_FIELDS: readonly NotFilterField[] = ADVANCED_NOT_FIELDS;

export const INVALID_SEARCH_REQUEST = 'INVALID_SEARCH_REQUEST';

/** A request the search cannot run, answered 400 with the field at fault in the message. */
export class SearchRequestError extends Error {
  readonly statusCode = 400;
  readonly code = INVALID_SEARCH_REQUEST;
}

interface QueryPlan {
  filters: EngineQuery['filters'];
  notFilters: EngineQuery['notFilters'];
  scope: EngineQuery['scope'];
}

/** What a hub searches for a visitor: its scope, and what it leaves out (the partners' own, to others). */
export function hubScopeOf(
  mode: SearchMode,
  visitor: { isPartner: boolean },
): Pick<QueryPlan, 'scope' | 'notFilters'> {
  const hidden = hiddenFrom(visitor);
  return mode === 'learning'
    ? { scope: LEARNING_SCOPE, notFilters: hidden }
    : { scope: {}, notFilters: [...SUPPORT_EXCLUSIONS, ...hidden] };
}

/** Facet selections and 'field==value' clauses filter alike; 'field NOT value' excludes. */
export function planQuery(
  request: SearchRequest,
  mode: SearchMode,
  visitor: { isPartner: boolean },
): QueryPlan {
  const { scope, notFilters } = hubScopeOf(mode, visitor);
  const selected = new Map<FacetField, string[]>();
  for (const field of ENGINE_FACETS) {
    const values = request.facets?.[field];
    if (values && values.length > 0) selected.set(field, [...values]);
  }
  const filters: EngineQuery['filters'] = [...selected].map(([field, values]) => ({
    field,
    values,
  }));
  if (request.aq !== undefined) {
    const parsed = parseAdvancedQuery(request.aq, {
      not: ENGINE_NOT_FIELDS,
      equals: ADVANCED_EQUALS_FIELDS,
    });
    if (!parsed.ok) throw new SearchRequestError(`aq: ${parsed.message}`);
    for (const clause of parsed.clauses) {
      if (clause.operator === 'not') {
        notFilters.push({ field: clause.field as NotFilterField, value: clause.value });
      } else {
        // A separate filter, so it narrows the facet selection rather than widening it.
        filters.push({ field: clause.field as FacetField, values: [clause.value] });
      }
    }
  }
  return { filters, notFilters, scope };
}

/**
 * A range's bounds for the stored dates. Content dates are often bare days ('2026-11-14'),
 * which sort before any time of that day, so a past range of a day or more starts at its first
 * day and keeps everything dated that day.
 */
export function dateRangeOf(id: string, now: Date): DateRange {
  const range = parseRelativeDateRangeId(id);
  if (range === undefined) throw new SearchRequestError(`dateFacet: unknown range '${id}'`);
  const span = relativeDateSpan(range, now);
  const from =
    range.direction === 'past' && range.unit !== 'hour' ? span.from.slice(0, 10) : span.from;
  return { field: 'sfcreateddate', from, to: span.to };
}
