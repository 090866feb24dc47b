/** A run of matched characters in a title or an excerpt (spec 3 'excerptHighlights'). */
export interface TextHighlight {
  offset: number;
  length: number;
}

/**
 * The raw fields of a search result (spec 3), under their spec names. Lists arrive as arrays;
 * counts and ratings may arrive as numbers or as their text, so readers go through the helpers
 * below rather than trusting a field's type.
 */
export interface SearchResultRaw {
  [field: string]: unknown;
  objecttype?: string;
  objecttypelabel?: string;
  common_contenttype?: string;
  syssource?: string;
  sfintellumapp__id__c?: string;
  sfguidecid?: string;
  sfkbid?: string;
  sfurlname?: string;
  sffeeditemid?: string;
  sftopicid?: string;
  sfcreateddate?: string | number;
  sfcommentcount?: number | string;
  sfcoreproductc?: string[];
  sfaudiencec?: string[];
  sflearning_format__c?: string;
  mphaslisting?: string;
  mpslug?: string;
  mplandingpageurl?: string;
  mplogohexcolor?: string;
  mplogourl?: string;
  mpfunctions?: string[];
  mpdescription?: string;
  mprating?: number | string;
  mpreviewcount?: number | string;
}

/** A search result as the search API answers it (the search contract). */
export interface SearchResult {
  title: string;
  excerpt: string;
  excerptHighlights: TextHighlight[];
  titleHighlights: TextHighlight[];
  uniqueId: string;
  clickUri: string;
  raw?: SearchResultRaw;
  childResults?: SearchResult[];
  totalNumberOfChildResults?: number;
}

/** A raw text field, or undefined when it is missing, blank or not text. */
export function rawText(raw: SearchResultRaw | undefined, field: string): string | undefined {
  const value = raw?.[field];
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** A raw list field as its non-blank texts; a single text counts as a list of one. */
export function rawList(raw: SearchResultRaw | undefined, field: string): string[] {
  const value = raw?.[field];
  const items = Array.isArray(value) ? value : [value];
  return items
    .filter((item): item is string => typeof item === 'string')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** A raw number field, read from a number or its text; undefined when it is not a number. */
export function rawNumber(raw: SearchResultRaw | undefined, field: string): number | undefined {
  const value = raw?.[field];
  const number =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && value.trim() !== ''
        ? Number(value)
        : Number.NaN;
  return Number.isFinite(number) ? number : undefined;
}

/**
 * A raw date field as a Date: an ISO-8601 text, a bare YYYY-MM-DD (taken as UTC midnight), or
 * milliseconds since 1970 as search indexes often store them.
 */
export function rawDate(raw: SearchResultRaw | undefined, field: string): Date | undefined {
  const value = raw?.[field];
  let date: Date;
  if (typeof value === 'number') date = new Date(value);
  else if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value.trim()))
    date = new Date(`${value.trim()}T00:00:00Z`);
  else if (typeof value === 'string' && /^\d+$/.test(value.trim())) date = new Date(Number(value));
  else if (typeof value === 'string' && value.trim() !== '') date = new Date(value.trim());
  else return undefined;
  return Number.isNaN(date.getTime()) ? undefined : date;
}
