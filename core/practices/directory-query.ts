import {
  knownKeys,
  type Choice,
  LISTING_TIERS,
  PRACTICE_CERTIFICATIONS,
  PRACTICE_INDUSTRIES,
  PRACTICE_LANGUAGES,
  PRACTICE_SERVICES,
} from './vocabularies.ts';

/*
 * The directory's search as its address carries it: a place, a radius, the filters and a page.
 * Anything unknown in the address is dropped, so every address is a search that can be run.
 */

export const DIRECTORY_RADII_KM = [10, 25, 50, 100, 250] as const;
export const DEFAULT_RADIUS_KM = 50;
export const DIRECTORY_PAGE_SIZE = 20;
export const MAX_DIRECTORY_PAGE = 50;

export interface DirectoryQuery {
  place: string;
  radiusKm: number;
  services: string[];
  industries: string[];
  languages: string[];
  tiers: string[];
  certifications: string[];
  page: number;
}

type DirectoryFilterField = 'services' | 'industries' | 'languages' | 'tiers' | 'certifications';

/** The directory's filters, in the page's order: each one's address parameter, field and words. */
export const DIRECTORY_FILTERS: readonly {
  param: string;
  field: DirectoryFilterField;
  legend: string;
  choices: readonly Choice[];
}[] = [
  { param: 'service', field: 'services', legend: 'Services', choices: PRACTICE_SERVICES },
  { param: 'industry', field: 'industries', legend: 'Industries', choices: PRACTICE_INDUSTRIES },
  { param: 'language', field: 'languages', legend: 'Languages', choices: PRACTICE_LANGUAGES },
  { param: 'tier', field: 'tiers', legend: 'Partner tier', choices: LISTING_TIERS },
  {
    param: 'certification',
    field: 'certifications',
    legend: 'Certifications',
    choices: PRACTICE_CERTIFICATIONS,
  },
];

export function directoryQueryFrom(params: URLSearchParams): DirectoryQuery {
  const radius = Number(params.get('radius'));
  const page = Number(params.get('page'));
  const filters = Object.fromEntries(
    DIRECTORY_FILTERS.map(({ param, field, choices }) => [
      field,
      knownKeys(choices, params.getAll(param)),
    ]),
  ) as Record<DirectoryFilterField, string[]>;
  return {
    place: (params.get('place') ?? '').trim().slice(0, 80),
    radiusKm: (DIRECTORY_RADII_KM as readonly number[]).includes(radius)
      ? radius
      : DEFAULT_RADIUS_KM,
    ...filters,
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_DIRECTORY_PAGE) : 1,
  };
}

/** The address of a search, in a stable order, for paging links and the canonical URL. */
export function directorySearchParams(query: DirectoryQuery, page = query.page): URLSearchParams {
  const params = new URLSearchParams();
  if (query.place) params.set('place', query.place);
  if (query.place && query.radiusKm !== DEFAULT_RADIUS_KM)
    params.set('radius', String(query.radiusKm));
  for (const { param, field } of DIRECTORY_FILTERS)
    for (const key of query[field]) params.append(param, key);
  if (page > 1) params.set('page', String(page));
  return params;
}

/** The choices as bits of an integer, bit n for the vocabulary's n-th key. */
export function choiceMask(vocabulary: readonly Choice[], keys: readonly string[]): number {
  return vocabulary.reduce(
    (mask, choice, index) => (keys.includes(choice.key) ? mask | (1 << index) : mask),
    0,
  );
}

/**
 * What the directory's index stores beside each office of a published listing, so a filter is
 * arithmetic on the office's own row: a bit per ticked choice, and the tier.
 */
export interface ListingFilterColumns {
  services: number;
  industries: number;
  languages: number;
  certifications: number;
  tier: string;
}

export function listingFilterColumns(listing: {
  services: readonly string[];
  industries: readonly string[];
  languages: readonly string[];
  certifications: readonly string[];
  tier: string;
}): ListingFilterColumns {
  return {
    services: choiceMask(PRACTICE_SERVICES, listing.services),
    industries: choiceMask(PRACTICE_INDUSTRIES, listing.industries),
    languages: choiceMask(PRACTICE_LANGUAGES, listing.languages),
    certifications: choiceMask(PRACTICE_CERTIFICATIONS, listing.certifications),
    tier: listing.tier,
  };
}

/**
 * The search's filters: a listing matches when it shares a bit with every mask given (any of
 * the ticked services, and any of the ticked languages, …) and has one of the ticked tiers.
 */
export interface DirectoryFilters {
  masks: Partial<Record<'services' | 'industries' | 'languages' | 'certifications', number>>;
  tiers: readonly string[];
}

export function directoryFilters(query: DirectoryQuery): DirectoryFilters {
  const masks: DirectoryFilters['masks'] = {};
  if (query.services.length) masks.services = choiceMask(PRACTICE_SERVICES, query.services);
  if (query.industries.length) masks.industries = choiceMask(PRACTICE_INDUSTRIES, query.industries);
  if (query.languages.length) masks.languages = choiceMask(PRACTICE_LANGUAGES, query.languages);
  if (query.certifications.length)
    masks.certifications = choiceMask(PRACTICE_CERTIFICATIONS, query.certifications);
  return { masks, tiers: query.tiers };
}
