import {
  knownKeys,
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

export function directoryQueryFrom(params: URLSearchParams): DirectoryQuery {
  const radius = Number(params.get('radius'));
  const page = Number(params.get('page'));
  return {
    place: (params.get('place') ?? '').trim().slice(0, 80),
    radiusKm: (DIRECTORY_RADII_KM as readonly number[]).includes(radius)
      ? radius
      : DEFAULT_RADIUS_KM,
    services: knownKeys(PRACTICE_SERVICES, params.getAll('service')),
    industries: knownKeys(PRACTICE_INDUSTRIES, params.getAll('industry')),
    languages: knownKeys(PRACTICE_LANGUAGES, params.getAll('language')),
    tiers: knownKeys(LISTING_TIERS, params.getAll('tier')),
    certifications: knownKeys(PRACTICE_CERTIFICATIONS, params.getAll('certification')),
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_DIRECTORY_PAGE) : 1,
  };
}

/** The address of a search, in a stable order, for paging links and the canonical URL. */
export function directorySearchParams(query: DirectoryQuery, page = query.page): URLSearchParams {
  const params = new URLSearchParams();
  if (query.place) params.set('place', query.place);
  if (query.place && query.radiusKm !== DEFAULT_RADIUS_KM)
    params.set('radius', String(query.radiusKm));
  for (const service of query.services) params.append('service', service);
  for (const industry of query.industries) params.append('industry', industry);
  for (const language of query.languages) params.append('language', language);
  for (const tier of query.tiers) params.append('tier', tier);
  for (const certification of query.certifications) params.append('certification', certification);
  if (page > 1) params.set('page', String(page));
  return params;
}

/**
 * The tags a published listing is found by, as the directory index stores them: one per
 * service, industry, language, certification and the tier.
 */
export function listingTags(listing: {
  services: readonly string[];
  industries: readonly string[];
  languages: readonly string[];
  certifications: readonly string[];
  tier: string;
}): string[] {
  return [
    ...listing.services.map((key) => `service:${key}`),
    ...listing.industries.map((key) => `industry:${key}`),
    ...listing.languages.map((key) => `language:${key}`),
    ...listing.certifications.map((key) => `certification:${key}`),
    `tier:${listing.tier}`,
  ];
}

/**
 * The filters as groups of tags: a listing matches when it has one tag of every group (any of
 * the ticked services, and any of the ticked languages, …).
 */
export function filterTagGroups(query: DirectoryQuery): string[][] {
  return [
    query.services.map((key) => `service:${key}`),
    query.industries.map((key) => `industry:${key}`),
    query.languages.map((key) => `language:${key}`),
    query.certifications.map((key) => `certification:${key}`),
    query.tiers.map((key) => `tier:${key}`),
  ].filter((group) => group.length > 0);
}
