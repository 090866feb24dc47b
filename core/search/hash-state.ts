import { parseRelativeDateRangeId } from './relative-date-facets.ts';
import {
  DEFAULT_NUMBER_OF_RESULTS,
  MAX_NUMBER_OF_RESULTS,
  SEARCH_FACET_FIELDS,
} from './request-fields.ts';

/**
 * Spec 2.6: the search page keeps its state in the URL hash fragment, e.g.
 * '#q=bank%20rule&f[common_contenttype]=Article&df=past-7-days&sortCriteria=date'.
 * Values are percent-encoded, so '&', '=' and ',' inside a value never split it.
 */

export type SearchSort = 'relevancy' | 'date';

export interface SearchHashState {
  q: string;
  /** Selected values per facet field, in the order they were selected. */
  facets: Readonly<Record<string, readonly string[]>>;
  /** The selected relative date range id (e.g. 'past-7-days'), if any. */
  dateFacet?: string;
  sort: SearchSort;
  /** How many results are shown: 'Load more' adds a page of RESULTS_PER_PAGE. */
  numberOfResults: number;
  tab?: string;
  /** 'Search instead for': the query's words are searched as typed, not corrected. */
  asTyped?: true;
}

/** Spec 9: the result list shows 10 results by default. */
export const RESULTS_PER_PAGE = DEFAULT_NUMBER_OF_RESULTS;
/** A link asking for more than the API answers at once is held to it. */
export const MAX_RESULTS_IN_STATE = MAX_NUMBER_OF_RESULTS;

export const DEFAULT_SEARCH_STATE: SearchHashState = {
  q: '',
  facets: {},
  sort: 'relevancy',
  numberOfResults: RESULTS_PER_PAGE,
};

const FACET_KEY = /^f\[([A-Za-z0-9_]+)\]$/;
/** Tabs are short identifiers; anything else in a link is not one of ours. */
const IDENTIFIER = /^[A-Za-z0-9_-]{1,64}$/;

/** Only the fields the search API filters on: a link naming another would only fail. */
function isFacetField(field: string): boolean {
  return (SEARCH_FACET_FIELDS as readonly string[]).includes(field);
}

function isDateRangeId(id: string): boolean {
  return parseRelativeDateRangeId(id) !== undefined;
}

function decode(text: string): string | undefined {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
}

function uniqueValues(values: readonly string[]): string[] {
  return [...new Set(values.filter((value) => value !== ''))];
}

/** A count from a link: whole pages only, at least one page and at most the cap. */
function resultCount(text: string): number {
  if (!/^\d{1,4}$/.test(text)) return RESULTS_PER_PAGE;
  const pages = Math.ceil(Number(text) / RESULTS_PER_PAGE);
  return Math.min(MAX_RESULTS_IN_STATE, Math.max(1, pages) * RESULTS_PER_PAGE);
}

/**
 * Reads a fragment (with or without its '#'). Parts that are malformed (bad percent-encoding,
 * unknown keys, impossible values) are skipped, so a mangled link still opens a search.
 * A key given twice keeps its last value.
 */
export function parseSearchFragment(fragment: string): SearchHashState {
  const text = fragment.startsWith('#') ? fragment.slice(1) : fragment;
  let q = '';
  const facets: Record<string, string[]> = {};
  let dateFacet: string | undefined;
  let sort: SearchSort = 'relevancy';
  let numberOfResults = RESULTS_PER_PAGE;
  let tab: string | undefined;
  let asTyped = false;

  for (const part of text.split('&')) {
    const equals = part.indexOf('=');
    if (equals <= 0) continue;
    const key = decode(part.slice(0, equals));
    const rawValue = part.slice(equals + 1);
    if (key === undefined) continue;
    const facetField = FACET_KEY.exec(key)?.[1];
    if (facetField !== undefined) {
      if (!isFacetField(facetField)) continue;
      const values = rawValue.split(',').map(decode);
      if (values.some((value) => value === undefined)) continue;
      const kept = uniqueValues(values as string[]);
      if (kept.length > 0) facets[facetField] = kept;
      else delete facets[facetField];
      continue;
    }
    const value = decode(rawValue);
    if (value === undefined) continue;
    switch (key) {
      case 'q':
        q = value;
        break;
      case 'df':
        dateFacet = isDateRangeId(value) ? value : undefined;
        break;
      case 'sortCriteria':
        sort = value === 'date' ? 'date' : 'relevancy';
        break;
      case 'numberOfResults':
        numberOfResults = resultCount(value);
        break;
      case 'tab':
        tab = IDENTIFIER.test(value) ? value : undefined;
        break;
      case 'enableDidYouMean':
        asTyped = value === 'false';
        break;
      default:
        break;
    }
  }
  return {
    q,
    facets,
    ...(dateFacet === undefined ? {} : { dateFacet }),
    sort,
    numberOfResults,
    ...(tab === undefined ? {} : { tab }),
    ...(asTyped ? { asTyped: true as const } : {}),
  };
}

/**
 * Writes the state as a fragment without its '#'. The query always comes first (the search box
 * links to '#q={query}'); defaults are left out; facet fields are sorted so one state has one
 * fragment.
 */
export function serializeSearchState(state: SearchHashState): string {
  const parts = [`q=${encodeURIComponent(state.q)}`];
  for (const field of Object.keys(state.facets).sort()) {
    if (!isFacetField(field)) continue;
    const values = uniqueValues(state.facets[field] ?? []);
    if (values.length === 0) continue;
    parts.push(`f[${field}]=${values.map(encodeURIComponent).join(',')}`);
  }
  if (state.dateFacet !== undefined && isDateRangeId(state.dateFacet)) {
    parts.push(`df=${state.dateFacet}`);
  }
  if (state.sort === 'date') parts.push('sortCriteria=date');
  const count = resultCount(String(state.numberOfResults));
  if (count !== RESULTS_PER_PAGE) parts.push(`numberOfResults=${count}`);
  if (state.tab !== undefined && IDENTIFIER.test(state.tab)) parts.push(`tab=${state.tab}`);
  if (state.asTyped) parts.push('enableDidYouMean=false');
  return parts.join('&');
}

/** Whether two states ask for the same results, except perhaps how many are shown. */
export function sameQuery(a: SearchHashState, b: SearchHashState): boolean {
  const rest = (state: SearchHashState) =>
    serializeSearchState({ ...state, numberOfResults: RESULTS_PER_PAGE });
  return rest(a) === rest(b);
}

/**
 * The state a page opens with: the fragment when it holds a query or filters, otherwise the
 * '?q=' the search form sends when the browser runs no script.
 */
export function initialSearchState(fragment: string, search: string): SearchHashState {
  const fromHash = parseSearchFragment(fragment);
  if (serializeSearchState(fromHash) !== serializeSearchState(DEFAULT_SEARCH_STATE)) {
    return fromHash;
  }
  const q = new URLSearchParams(search).get('q');
  return q === null ? fromHash : { ...fromHash, q };
}

/** Toggles one facet value, keeping the others; an emptied field disappears. */
export function toggleFacetValue(
  state: SearchHashState,
  field: string,
  value: string,
): SearchHashState {
  const current = state.facets[field] ?? [];
  const next = current.includes(value)
    ? current.filter((selected) => selected !== value)
    : [...current, value];
  const facets: Record<string, readonly string[]> = { ...state.facets };
  if (next.length > 0) facets[field] = next;
  else delete facets[field];
  return { ...state, facets, numberOfResults: RESULTS_PER_PAGE };
}

/**
 * Whether a fragment is search state at all: '#main' (the skip link's target) is an anchor, not
 * a request to clear the search.
 */
export function isStateFragment(fragment: string): boolean {
  const text = fragment.startsWith('#') ? fragment.slice(1) : fragment;
  return text.split('&').some((part) => part.indexOf('=') > 0);
}

/** Chooses a relative date range, or none; the list starts again from its first page. */
export function withDateFacet(
  state: SearchHashState,
  dateFacet: string | undefined,
): SearchHashState {
  const next: SearchHashState = { ...state, numberOfResults: RESULTS_PER_PAGE };
  if (dateFacet === undefined) delete next.dateFacet;
  else next.dateFacet = dateFacet;
  return next;
}

/** The state a change leads to: a new query is corrected again ('Search instead for' ends). */
export function afterChange(current: SearchHashState, next: SearchHashState): SearchHashState {
  if (!next.asTyped || next.q === current.q) return next;
  const corrected = { ...next };
  delete corrected.asTyped;
  return corrected;
}
