import { z } from 'zod';
import {
  MAX_FIRST_RESULT,
  MAX_NUMBER_OF_RESULTS,
  MAX_QUERY_LENGTH,
  RECOMMENDATION_TABS,
  SEARCH_FACET_FIELDS,
  type SearchFacetField,
  type SearchRequestInput,
  type SearchSettings,
} from '../search/index.ts';
import { isoOfLibraryDate } from './dates.ts';
import { invalidRequest, unsupportedFeature } from './protocol-error.ts';

/**
 * The search library's search request (POST {base}/rest/search/v2) and what the portal's own
 * search request makes of it. The library sends many optional fields; those that only tune a
 * hosted service (actions history, debug) are read past, its id for the browser only counts
 * visitors (libraryClientId), and those that ask for a result the portal cannot give are
 * refused by name.
 */

const text = (max: number) => z.string().max(max, `must be at most ${max} characters`);

const CLIENT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The random id the library keeps for its browser and sends with each search
 * (`analytics.clientId`), when it is one; search analytics count visitors by it, with consent.
 */
export function libraryClientId(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const analytics: unknown = (body as { analytics?: unknown }).analytics;
  if (typeof analytics !== 'object' || analytics === null) return undefined;
  const clientId: unknown = (analytics as { clientId?: unknown }).clientId;
  return typeof clientId === 'string' && CLIENT_ID.test(clientId)
    ? clientId.toLowerCase()
    : undefined;
}

const facetValue = z.object({
  value: text(200).optional(),
  start: z.union([text(40), z.number()]).optional(),
  end: z.union([text(40), z.number()]).optional(),
  endInclusive: z.boolean().optional(),
  state: z.enum(['idle', 'selected', 'excluded']).default('idle'),
});

const facetRequest = z.object({
  facetId: text(200),
  field: text(100),
  type: text(40).default('specific'),
  currentValues: z.array(facetValue).max(100).default([]),
  numberOfValues: z.number().int().min(0).max(1000).optional(),
});

export const librarySearchSchema = z.object({
  q: text(MAX_QUERY_LENGTH).default(''),
  aq: text(1000).optional(),
  cq: text(1000).optional(),
  facets: z.array(facetRequest).max(20).optional(),
  numberOfResults: z.number().int().min(0).max(MAX_NUMBER_OF_RESULTS).optional(),
  firstResult: z.number().int().min(0).max(MAX_FIRST_RESULT).optional(),
  sortCriteria: text(100).optional(),
  context: z.record(z.string(), z.unknown()).optional(),
  searchHub: text(100).optional(),
  pipeline: text(200).optional(),
  tab: text(100).optional(),
  recommendation: text(100).optional(),
  locale: text(40).optional(),
  fieldsToInclude: z.array(text(100)).max(200).optional(),
  enableDidYouMean: z.boolean().optional(),
  queryCorrection: z
    .object({
      enabled: z.boolean().optional(),
      options: z.object({ automaticallyCorrect: text(40).optional() }).optional(),
    })
    .optional(),
  generateAutomaticFacets: z.unknown().optional(),
  filterField: text(100).optional(),
});
export type LibrarySearchRequest = z.output<typeof librarySearchSchema>;

/** Which correction behaviour the library asked for, and so which answer shape it reads. */
export type CorrectionMode = 'legacy' | 'next' | 'off';

export interface LibraryDateRange {
  start: string;
  end: string;
  endInclusive: boolean;
  state: 'idle' | 'selected' | 'excluded';
  /** The range as the portal's stored dates compare. */
  from: string;
  to: string;
}

export interface LibraryFacet {
  facetId: string;
  field: string;
  numberOfValues: number;
}

/** What the portal runs for a library search, and what the answer must be shaped after. */
export interface TranslatedSearch {
  request: SearchRequestInput;
  /** The library's specific facets, answered under their facet ids. */
  facets: LibraryFacet[];
  /** The library's date range facet, counted over its own ranges. */
  dateFacet?: LibraryFacet & { ranges: LibraryDateRange[] };
  fieldsToInclude?: string[];
  correction: CorrectionMode;
}

/** The library writes fields with or without '@'; the date field may be 'date'. */
function fieldName(field: string): string {
  return field.replace(/^@/, '');
}

function isFacetField(field: string): field is SearchFacetField {
  return (SEARCH_FACET_FIELDS as readonly string[]).includes(field);
}

const DATE_FIELDS = ['date', 'sfcreateddate'];

function quoted(value: string): string {
  return /^[A-Za-z0-9_.-]+$/.test(value)
    ? value
    : `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** The library's sort: relevance, or newest first; anything else is named back. */
function sortOf(criteria: string | undefined): SearchRequestInput['sortCriteria'] {
  const normalised = (criteria ?? 'relevancy').trim().toLowerCase().replace(/^@/, '');
  if (normalised === 'relevancy' || normalised === '') return 'relevancy';
  if (normalised === 'date descending' || normalised === 'datedescending') return 'date descending';
  throw unsupportedFeature(
    `sortCriteria '${criteria}' (only 'relevancy' and 'date descending' are)`,
  );
}

function dateRangeOf(
  value: z.output<typeof facetValue>,
  index: number,
  facetId: string,
): LibraryDateRange {
  const start = String(value.start ?? '');
  const end = String(value.end ?? '');
  const from = isoOfLibraryDate(start);
  const to = isoOfLibraryDate(end);
  if (from === undefined || to === undefined) {
    throw invalidRequest(
      `facets.${facetId}.currentValues[${index}]: a date range needs start and end as 'YYYY/MM/DD@HH:mm:ss'`,
    );
  }
  return { start, end, endInclusive: value.endInclusive ?? false, state: value.state, from, to };
}

function correctionOf(request: LibrarySearchRequest): CorrectionMode {
  if (request.queryCorrection?.enabled) {
    const automatic = request.queryCorrection.options?.automaticallyCorrect ?? 'whenNoResults';
    if (automatic !== 'whenNoResults' && automatic !== 'never') {
      throw unsupportedFeature(`queryCorrection.options.automaticallyCorrect '${automatic}'`);
    }
    return automatic === 'never' ? 'off' : 'next';
  }
  return request.enableDidYouMean ? 'legacy' : 'off';
}

/** The recommendation list: the tab, or the library's recommendation id when it names one. */
function recommendationTab(request: LibrarySearchRequest): string | undefined {
  const tabs = RECOMMENDATION_TABS as readonly string[];
  if (request.tab !== undefined && tabs.includes(request.tab)) return request.tab;
  if (request.recommendation !== undefined && tabs.includes(request.recommendation)) {
    return request.recommendation;
  }
  return request.tab ?? request.recommendation;
}

/**
 * The portal's search request for a library search on `searchHub` (the hub its token opens).
 * Facet selections become the portal's facet filters, excluded values and the constant query
 * become advanced-query clauses, a date range facet becomes a date filter with its counts.
 */
export function translateSearch(
  request: LibrarySearchRequest,
  settings: Pick<SearchSettings, 'searchHub' | 'pipeline' | 'mode'>,
): TranslatedSearch {
  const { searchHub } = settings;
  const isRecommendations = settings.mode === 'recommendations';
  if (request.searchHub !== undefined && request.searchHub !== searchHub) {
    throw invalidRequest(
      `searchHub: the access token is for '${searchHub}', not '${request.searchHub}'`,
    );
  }
  if (request.pipeline !== undefined && request.pipeline !== settings.pipeline) {
    throw invalidRequest(
      `pipeline: the hub '${searchHub}' uses the pipeline '${settings.pipeline}', not '${request.pipeline}'`,
    );
  }
  if (request.generateAutomaticFacets !== undefined) throw unsupportedFeature('Automatic facets');
  if (request.filterField !== undefined) throw unsupportedFeature('Folding on a custom field');
  const selections: Partial<Record<SearchFacetField, string[]>> = {};
  const exclusions: string[] = [];
  const facets: LibraryFacet[] = [];
  let dateFacet: TranslatedSearch['dateFacet'];
  for (const facet of request.facets ?? []) {
    const field = fieldName(facet.field);
    const numberOfValues = facet.numberOfValues ?? 8;
    if (facet.type === 'dateRange' && DATE_FIELDS.includes(field)) {
      if (dateFacet) throw unsupportedFeature('More than one date facet');
      const ranges = facet.currentValues.map((value, index) =>
        dateRangeOf(value, index, facet.facetId),
      );
      dateFacet = { facetId: facet.facetId, field: facet.field, numberOfValues, ranges };
      continue;
    }
    if (facet.type !== 'specific') {
      throw unsupportedFeature(`A facet of type '${facet.type}' (on '${facet.field}')`);
    }
    if (!isFacetField(field)) {
      throw invalidRequest(
        `facets.${facet.facetId}: '${facet.field}' is not a facet field; use one of ${SEARCH_FACET_FIELDS.join(', ')}`,
      );
    }
    facets.push({ facetId: facet.facetId, field, numberOfValues });
    const chosen = facet.currentValues.filter((value) => value.state === 'selected');
    if (chosen.length > 0) {
      selections[field] = [
        ...(selections[field] ?? []),
        ...chosen.map((value) => value.value ?? ''),
      ];
    }
    for (const value of facet.currentValues.filter((candidate) => candidate.state === 'excluded')) {
      exclusions.push(`${field} NOT ${quoted(value.value ?? '')}`);
    }
  }
  const selectedRanges = dateFacet?.ranges.filter((range) => range.state === 'selected') ?? [];
  if (selectedRanges.length > 1) throw unsupportedFeature('Selecting more than one date range');
  if (dateFacet?.ranges.some((range) => range.state === 'excluded')) {
    throw unsupportedFeature('Excluding a date range');
  }
  const aq = [request.aq, request.cq, ...exclusions]
    .map((clause) => clause?.trim())
    .filter((clause): clause is string => clause !== undefined && clause !== '')
    .join(' AND ');
  const correction = correctionOf(request);
  const userRegion = request.context?.userRegion;
  const tab = isRecommendations ? recommendationTab(request) : request.tab;
  return {
    request: {
      searchHub,
      q: request.q,
      ...(aq !== '' ? { aq } : {}),
      ...(Object.keys(selections).length > 0 ? { facets: selections } : {}),
      sortCriteria: sortOf(request.sortCriteria),
      firstResult: request.firstResult ?? 0,
      numberOfResults: request.numberOfResults ?? 10,
      // Folding is asked for with the library's folding fields, which the portal does not have.
      folding: false,
      ...(tab !== undefined ? { tab } : {}),
      ...(typeof userRegion === 'string' ? { context: { userRegion } } : {}),
      enableDidYouMean: correction !== 'off',
    },
    facets,
    ...(dateFacet ? { dateFacet } : {}),
    ...(request.fieldsToInclude ? { fieldsToInclude: request.fieldsToInclude } : {}),
    correction,
  };
}

/** The selected date range of a translated search, as the portal filters on it. */
export function selectedDateSpan(
  search: TranslatedSearch,
): { from: string; to: string } | undefined {
  const range = search.dateFacet?.ranges.find((candidate) => candidate.state === 'selected');
  return range ? { from: range.from, to: range.to } : undefined;
}
