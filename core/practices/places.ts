import { foldAccents } from '../text/index.ts';
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
  /**
   * The town whose centre stands for a postcode known only by its metropolitan range or its UK
   * postcode area.
   */
  centreOf?: string;
}

/** A postcode's area: the postcode (or its district) and the gazetteer place it belongs to. */
export interface PostcodeArea {
  market: PracticeMarket;
  /** Upper case without spaces: '2000', 'SW1A', 'M5V', or a Singapore sector: 'SG-01'. */
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

/**
 * A postcode with a centre of its own: a US ZIP, a Canadian forward sortation area. Where codes
 * are this fine, a city's centre would misplace a rural code by tens or hundreds of kilometres,
 * so distances are measured from the code itself, and the label only names the town it is in or
 * near (a ZIP's city; the place an FSA's description names, or the nearest).
 */
export interface PostcodePoint extends Coordinates {
  market: PracticeMarket;
  /** Upper case without spaces: '90210', 'T0A'. */
  code: string;
  label: string;
}

/**
 * Finds a postcode's point by its code (upper case, no spaces). A lookup rather than a map: the
 * server finds its tens of thousands of codes in the generated data as they are asked for, where
 * indexing them all would cost every process a tenth of a second and megabytes it rarely needs.
 */
export type PostcodePointLookup = (code: string) => PostcodePoint | undefined;

/**
 * A UK postcode area: the one or two letters every postcode in it begins with ('SW', 'IV'), and
 * its post town as the gazetteer names it. Every UK postcode has one, so a district the areas do
 * not name still finds advisors near its area's town, where it would otherwise find nothing;
 * areas span tens of kilometres (a few, in the Highlands, far more), so it says so ("area").
 */
export interface UkPostcodeArea {
  letters: string;
  town: string;
}

export const normalisePlaceName = (value: string): string =>
  foldAccents(value)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

export interface Gazetteer {
  byName: ReadonlyMap<string, readonly GazetteerPlace[]>;
  postcodes: ReadonlyMap<string, readonly PostcodeArea[]>;
  ranges: readonly PostcodeRange[];
  /** One point a code at most: US ZIPs and Canadian FSAs never share a form. */
  pointOf: PostcodePointLookup;
  /** UK post towns by their postcode area's letters. */
  ukAreas: ReadonlyMap<string, string>;
}

/** Indexes the places by name (largest first), the postcode areas and points by code. */
export function buildGazetteer(
  places: readonly GazetteerPlace[],
  areas: readonly PostcodeArea[],
  ranges: readonly PostcodeRange[] = [],
  more: {
    points?: readonly PostcodePoint[] | PostcodePointLookup;
    ukAreas?: readonly UkPostcodeArea[];
  } = {},
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
  const ukAreas = new Map((more.ukAreas ?? []).map((area) => [area.letters, area.town]));
  return { byName, postcodes, ranges, pointOf: pointLookup(more.points ?? []), ukAreas };
}

function pointLookup(points: readonly PostcodePoint[] | PostcodePointLookup): PostcodePointLookup {
  if (typeof points === 'function') return points;
  const byCode = new Map<string, PostcodePoint>();
  for (const point of points) if (!byCode.has(point.code)) byCode.set(point.code, point);
  return (code) => byCode.get(code);
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

/**
 * A postcode (upper case, spaces removed) as the areas and points key it: its own form, and the
 * district it falls in for markets whose codes have one.
 */
function postcodeKeys(compact: string): string[] {
  const keys = [compact];
  // A full UK postcode ends in a digit and two letters; the district is what comes before.
  const uk = /^([A-Z]{1,2}\d[A-Z\d]?)\d[A-Z]{2}$/.exec(compact);
  if (uk) keys.push(uk[1]!);
  // A Canadian postal code's first three characters are its forward sortation area.
  if (/^[A-Z]\d[A-Z]\d[A-Z]\d$/.test(compact)) keys.push(compact.slice(0, 3));
  // A US ZIP+4 is its ZIP.
  if (/^\d{5}-?\d{4}$/.test(compact)) keys.push(compact.slice(0, 5));
  // A Singapore postcode has six digits, the first two its sector: 'SG-12', with a hyphen, so
  // that no UK district of the Stevenage area (SG12) is taken for it.
  if (/^\d{6}$/.test(compact)) keys.push(`SG-${compact.slice(0, 2)}`);
  return keys;
}

/**
 * How each market writes its postcodes, spaces removed: a code of the visitor's market's form is
 * read only as that market reads it (see postcodeIn).
 */
const POSTCODE_FORMS: Readonly<Record<PracticeMarket, RegExp>> = {
  AU: /^\d{4}$/,
  NZ: /^\d{4}$/,
  ZA: /^\d{4}$/,
  US: /^\d{5}(-?\d{4})?$/,
  SG: /^\d{6}$/,
  CA: /^[A-Z]\d[A-Z](\d[A-Z]\d)?$/,
  UK: /^[A-Z]{1,2}\d[A-Z\d]?(\d[A-Z]{2})?$/,
};

/** A UK postcode's area letters, when the code (or its outward half) has a UK postcode's form. */
const ukAreaLetters = (compact: string): string | undefined =>
  /^([A-Z]{1,2})\d[A-Z\d]?(\d[A-Z]{2})?$/.exec(compact)?.[1];

/** One reading of a postcode: a point of its own, or a gazetteer place it is at or near. */
type Reading =
  | { market: PracticeMarket; point: PostcodePoint }
  | { market: PracticeMarket; place: string; nearby: boolean };

/**
 * The readings of a code, most exact first: the main cities' codes the areas name, then the codes
 * with a centre of their own, then the metropolitan range a numeric code falls in, then the UK
 * postcode area (its town's centre; only a district no area names gets this far in the UK).
 */
function readingsOf(gazetteer: Gazetteer, compact: string): Reading[] {
  const keys = postcodeKeys(compact);
  const numeric = keys.filter((key) => /^\d+$/.test(key));
  const letters = ukAreaLetters(compact);
  const ukTown = letters === undefined ? undefined : gazetteer.ukAreas.get(letters);
  return [
    ...keys.flatMap((key) =>
      (gazetteer.postcodes.get(key) ?? []).map((area) => ({
        market: area.market,
        place: area.place,
        nearby: false,
      })),
    ),
    ...keys.flatMap((key) => {
      const point = gazetteer.pointOf(key);
      return point ? [{ market: point.market, point }] : [];
    }),
    ...gazetteer.ranges
      .filter((range) =>
        numeric.some(
          (code) => range.from.length === code.length && range.from <= code && code <= range.to,
        ),
      )
      .map((range) => ({ market: range.market, place: range.place, nearby: true })),
    ...(ukTown ? [{ market: 'UK' as const, place: ukTown, nearby: true }] : []),
  ];
}

/**
 * The place of a postcode, read as readingsOf orders them. Codes are shared between markets (four
 * digits in Australia, New Zealand and South Africa; a Canadian FSA has the form of a UK
 * district): when the visitor's market writes its codes this way, or has a reading of this one,
 * only its readings count, so an Australian code outside the named ones is never read as a New
 * Zealand one, nor a Canadian FSA the data lacks as a London district.
 */
function postcodeIn(
  gazetteer: Gazetteer,
  query: string,
  preferredMarket: PracticeMarket | undefined,
): ResolvedPlace | undefined {
  const compact = query.toUpperCase().replace(/\s+/g, '');
  const all = readingsOf(gazetteer, compact);
  const mine = all.filter((reading) => reading.market === preferredMarket);
  const visitorsForm =
    preferredMarket !== undefined && POSTCODE_FORMS[preferredMarket].test(compact);
  for (const reading of mine.length > 0 || visitorsForm ? mine : all) {
    if ('point' in reading) {
      const { lat, lon, market, label } = reading.point;
      return { lat, lon, market, label: `${query.toUpperCase()}, ${label}` };
    }
    const place = placeIn(gazetteer, reading.place, reading.market);
    const suffix = reading.nearby ? ' area' : '';
    const resolved = place && resolvedFrom(place, `${query.toUpperCase()}, ${place.name}${suffix}`);
    if (resolved) return reading.nearby ? { ...resolved, centreOf: place.name } : resolved;
  }
  return undefined;
}

/**
 * A postcode first (the visitor's market's reading when codes are shared, as four digits are in
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
