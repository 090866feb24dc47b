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
}

/** A postcode's area: the postcode (or its district) and the gazetteer place it belongs to. */
export interface PostcodeArea {
  market: PracticeMarket;
  /** Upper case without spaces: '2000', 'SW1A', 'M5V', '018956'. */
  code: string;
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
}

/** Indexes the places by name (largest first) and the postcode areas by code. */
export function buildGazetteer(
  places: readonly GazetteerPlace[],
  areas: readonly PostcodeArea[],
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
  return { byName, postcodes };
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
  for (const key of postcodeKeys(trimmed)) {
    const areas = gazetteer.postcodes.get(key);
    if (!areas?.length) continue;
    const area = areas.find((candidate) => candidate.market === preferredMarket) ?? areas[0]!;
    const place = placeIn(gazetteer, area.place, area.market);
    if (place) return resolvedFrom(place, `${trimmed.toUpperCase()}, ${place.name}`);
  }
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
