import type { Coordinates } from './distance.ts';
import { MARKET_DEFINITIONS, marketOfCountry, type PracticeMarket } from './markets.ts';

/*
 * Where a visitor looks for advisors: a postcode or a city name, resolved against the bundled
 * gazetteer (docs/decisions/028-practices-and-directory.md), never against a service online.
 */

export interface GazetteerPlace extends Coordinates {
  name: string;
  /** ISO 3166 country code, as the gazetteer files it. */
  country: string;
  /** The state, province or region, as the gazetteer names it ('' when it has none). */
  admin: string;
  population: number;
}

export interface ResolvedPlace extends Coordinates {
  label: string;
  market: PracticeMarket;
  /** The city whose centre stands for a postcode known only by its metropolitan range. */
  centreOf?: string;
}

/** A postcode's area: the postcode (or its district) and the gazetteer place it belongs to. */
export interface PostcodeArea {
  market: PracticeMarket;
  /** Upper case without spaces: '2000', 'SW1A', 'M5V', '018956'. */
  code: string;
  place: string;
}

/**
 * A run of numeric postcodes in one metropolitan area, for the codes the areas list does not name
 * one by one: '2000'-'2249' are Sydney's. Both ends are included and have the codes' length.
 */
export interface PostcodeRange {
  market: PracticeMarket;
  from: string;
  to: string;
  place: string;
}

export const normalisePlaceName = (value: string): string =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

export interface Gazetteer {
  byName: ReadonlyMap<string, readonly GazetteerPlace[]>;
  postcodes: ReadonlyMap<string, readonly PostcodeArea[]>;
  ranges: readonly PostcodeRange[];
}

/** Indexes the places by name (largest first) and the postcode areas by code. */
export function buildGazetteer(
  places: readonly GazetteerPlace[],
  areas: readonly PostcodeArea[],
  ranges: readonly PostcodeRange[] = [],
): Gazetteer {
  const byName = new Map<string, GazetteerPlace[]>();
  for (const place of places) {
    const key = normalisePlaceName(place.name);
    const list = byName.get(key) ?? [];
    list.push(place);
    byName.set(key, list);
  }
  for (const list of byName.values()) list.sort((a, b) => b.population - a.population);
  const postcodes = new Map<string, PostcodeArea[]>();
  for (const area of areas) {
    const list = postcodes.get(area.code) ?? [];
    list.push(area);
    postcodes.set(area.code, list);
  }
  return { byName, postcodes, ranges };
}

function resolvedFrom(place: GazetteerPlace, label?: string): ResolvedPlace | undefined {
  const market = marketOfCountry(place.country);
  if (!market) return undefined;
  return {
    lat: place.lat,
    lon: place.lon,
    market,
    label:
      label ??
      `${place.name}${place.admin ? `, ${place.admin}` : ''}, ${MARKET_DEFINITIONS[market].name}`,
  };
}

function placeIn(gazetteer: Gazetteer, name: string, market: PracticeMarket | undefined) {
  const candidates = gazetteer.byName.get(normalisePlaceName(name)) ?? [];
  return market
    ? candidates.find((place) => place.country === MARKET_DEFINITIONS[market].country)
    : candidates[0];
}

/** The postcode's own form, and the district it falls in for markets whose codes have one. */
function postcodeKeys(query: string): string[] {
  const compact = query.toUpperCase().replace(/\s+/g, '');
  const keys = [compact];
  // A full UK postcode ends in a digit and two letters; the district is what comes before.
  const uk = /^([A-Z]{1,2}\d[A-Z\d]?)\d[A-Z]{2}$/.exec(compact);
  if (uk) keys.push(uk[1]!);
  // A Canadian postal code's first three characters are its forward sortation area.
  if (/^[A-Z]\d[A-Z]\d[A-Z]\d$/.test(compact)) keys.push(compact.slice(0, 3));
  // A US ZIP+4 is its ZIP.
  if (/^\d{5}-?\d{4}$/.test(compact)) keys.push(compact.slice(0, 5));
  // A Singapore postcode has six digits, the first two its sector.
  if (/^\d{6}$/.test(compact)) keys.push(`SG${compact.slice(0, 2)}`);
  return keys;
}

/** The markets whose postcodes are all digits, and how many. */
const NUMERIC_POSTCODE_LENGTH: Readonly<Partial<Record<PracticeMarket, number>>> = {
  AU: 4,
  NZ: 4,
  ZA: 4,
  US: 5,
  SG: 6,
};

/**
 * The place of a postcode: one the areas name, or else the metropolitan range it falls in. Codes
 * are shared between markets (four digits in Australia, New Zealand and South Africa): when the
 * visitor's market writes its codes this way, or has a reading of this one, only its readings
 * count, so an Australian code outside the named ones is never read as a New Zealand one.
 */
function postcodeIn(
  gazetteer: Gazetteer,
  query: string,
  preferredMarket: PracticeMarket | undefined,
): ResolvedPlace | undefined {
  const areas = postcodeKeys(query).flatMap((key) => gazetteer.postcodes.get(key) ?? []);
  const code = query.replace(/\s+/g, '');
  const ranges = /^\d+$/.test(code)
    ? gazetteer.ranges.filter(
        (range) => range.from.length === code.length && range.from <= code && code <= range.to,
      )
    : [];
  const all = [
    ...areas.map((area) => ({ area, suffix: '' })),
    ...ranges.map((area) => ({ area, suffix: ' area' })),
  ];
  const mine = all.filter((candidate) => candidate.area.market === preferredMarket);
  const visitorsForm =
    preferredMarket !== undefined && NUMERIC_POSTCODE_LENGTH[preferredMarket] === code.length;
  for (const { area, suffix } of mine.length > 0 || visitorsForm ? mine : all) {
    const place = placeIn(gazetteer, area.place, area.market);
    const resolved = place && resolvedFrom(place, `${query.toUpperCase()}, ${place.name}${suffix}`);
    if (resolved) return suffix ? { ...resolved, centreOf: place.name } : resolved;
  }
  return undefined;
}

/**
 * A postcode first (the visitor's market's area when codes are shared, as four digits are in
 * Australia, New Zealand and South Africa), then a place name, optionally with its state or
 * country after a comma; the most populous namesake wins.
 */
export function resolvePlace(
  gazetteer: Gazetteer,
  query: string,
  preferredMarket?: PracticeMarket,
): ResolvedPlace | undefined {
  const trimmed = query.trim();
  if (trimmed === '' || trimmed.length > 80) return undefined;
  const postcode = postcodeIn(gazetteer, trimmed, preferredMarket);
  if (postcode) return postcode;
  const [name = '', qualifier = ''] = trimmed.split(',').map((part) => part.trim());
  const candidates = gazetteer.byName.get(normalisePlaceName(name)) ?? [];
  const wanted = normalisePlaceName(qualifier);
  const match =
    (wanted
      ? candidates.find(
          (place) =>
            normalisePlaceName(place.admin) === wanted ||
            normalisePlaceName(place.country) === wanted ||
            normalisePlaceName(MARKET_DEFINITIONS[marketOfCountry(place.country) ?? 'AU'].name) ===
              wanted,
        )
      : undefined) ??
    (preferredMarket && !wanted
      ? candidates.find((place) => place.country === MARKET_DEFINITIONS[preferredMarket].country)
      : undefined) ??
    candidates[0];
  return match ? resolvedFrom(match) : undefined;
}
