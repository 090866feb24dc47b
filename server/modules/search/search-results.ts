import { createHash } from 'node:crypto';
import { audienceLabel, contentTypeLabel, relativeDateFacetLabel } from '~core/search';
import type { SearchFacetField, SearchResult, SearchResultRaw } from '~core/search';
import type { SearchDocument } from './search-documents.repository.ts';
import type { FacetCount, SearchHit } from './search-engine.ts';

/** Columns that are not raw fields: the top-level result fields and the index's own. */
const NOT_RAW = new Set([
  'unique_id',
  'title',
  'excerpt',
  'click_uri',
  'body_text',
  'origin',
  'topic_ids',
  'updated_at',
]);
/** Raw fields held as JSON text lists, answered as arrays (spec 3 'lists'). */
const LIST_FIELDS = new Set([
  'sfcoreproductc',
  'sfaudiencec',
  'mpfunctions',
  'coveochatterfeedtopics',
]);

function listOf(text: unknown): string[] {
  if (typeof text !== 'string' || text === '') return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((item) => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/** The raw fields of a document under their spec 3 names; empty fields are left out. */
export function rawFieldsOf(document: SearchDocument): SearchResultRaw {
  const raw: SearchResultRaw = {
    urihash: createHash('sha256').update(document.unique_id).digest('base64url').slice(0, 16),
  };
  for (const [field, value] of Object.entries(document)) {
    if (NOT_RAW.has(field) || value === null || value === undefined) continue;
    raw[field] = LIST_FIELDS.has(field) ? listOf(value) : value;
  }
  return raw;
}

export function resultOfDocument(document: SearchDocument): SearchResult {
  return {
    title: document.title,
    excerpt: document.excerpt,
    excerptHighlights: [],
    titleHighlights: [],
    uniqueId: document.unique_id,
    clickUri: document.click_uri,
    raw: rawFieldsOf(document),
    childResults: [],
    totalNumberOfChildResults: 0,
  };
}

export function resultOfHit(hit: SearchHit): SearchResult {
  return {
    ...resultOfDocument(hit.document),
    excerpt: hit.excerpt,
    excerptHighlights: hit.excerptHighlights,
    titleHighlights: hit.titleHighlights,
  };
}

export interface FacetValue {
  value: string;
  label: string;
  numberOfResults: number;
  state: 'idle' | 'selected';
}

export interface FacetResponse {
  field: string;
  label: string;
  values: FacetValue[];
}

/** The relative date facet answers under this field name; its values are range ids. */
export const DATE_FACET_FIELD = 'date';

const FACET_LABELS: Readonly<Record<SearchFacetField, string>> = {
  common_contenttype: 'Content type',
  sfcoreproductc: 'Product',
  sfaudiencec: 'Audience',
  sftopicfirstlevelc: 'Topic',
};

function valueLabel(field: SearchFacetField, value: string, brand: string): string {
  if (field === 'common_contenttype') return contentTypeLabel(value, brand) ?? value;
  if (field === 'sfaudiencec') return audienceLabel([value]) ?? value;
  return value;
}

/**
 * A facet's values with their labels and counts. A selected value the counts lack (nothing left
 * matches it) is still listed, with 0, so the visitor can clear it.
 */
export function facetResponse(
  count: FacetCount,
  selected: readonly string[],
  brand: string,
): FacetResponse {
  const values: FacetValue[] = count.values.map(({ value, count: numberOfResults }) => ({
    value,
    label: valueLabel(count.field, value, brand),
    numberOfResults,
    state: selected.includes(value) ? 'selected' : 'idle',
  }));
  for (const value of selected) {
    if (values.some((known) => known.value === value)) continue;
    values.push({
      value,
      label: valueLabel(count.field, value, brand),
      numberOfResults: 0,
      state: 'selected',
    });
  }
  return { field: count.field, label: FACET_LABELS[count.field], values };
}

export function dateFacetResponse(
  counts: readonly { id: string; count: number }[],
  selected: string | undefined,
): FacetResponse {
  return {
    field: DATE_FACET_FIELD,
    label: 'Date',
    values: counts.map(({ id, count }) => ({
      value: id,
      label: relativeDateFacetLabel(id) ?? id,
      numberOfResults: count,
      state: id === selected ? 'selected' : 'idle',
    })),
  };
}
