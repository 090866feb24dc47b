import {
  buildGazetteer,
  PRACTICE_MARKETS,
  type Gazetteer,
  type GazetteerPlace,
  type PostcodePointLookup,
  type PracticeMarket,
} from '~core/practices';
import { PLACES_DATA } from './places.data.ts';
import { POSTCODES_DATA } from './postcodes.data.ts';
import { POSTCODE_AREAS, POSTCODE_RANGES } from './postcodes.ts';
import { UK_POSTCODE_AREAS } from './uk-postcode-areas.ts';

let gazetteer: Gazetteer | undefined;

/**
 * Finds a code in the generated postcodes: under a line `#US` naming their market, lines
 * `code|lat|lon|label` sorted by code, found by bisection and read only when asked for (an
 * empty label is the line before's). Splitting the text into lines is all it costs up front.
 */
function postcodeLookup(data: string): PostcodePointLookup {
  const lines = data.split('\n');
  const sections: { market: PracticeMarket; from: number; to: number }[] = [];
  lines.forEach((line, index) => {
    if (!line.startsWith('#')) return;
    const market = PRACTICE_MARKETS.find((known) => `#${known}` === line);
    if (!market) throw new Error(`The postcodes data names no market: ${line}`);
    const previous = sections.at(-1);
    if (previous) previous.to = index;
    sections.push({ market, from: index + 1, to: lines.length });
  });
  const line = (index: number) => lines[index] ?? '';
  const codeAt = (index: number) => line(index).slice(0, line(index).indexOf('|'));
  return (code) => {
    for (const { market, from, to } of sections) {
      let low = from;
      let high = to;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (codeAt(middle) < code) low = middle + 1;
        else high = middle;
      }
      if (low === to || codeAt(low) !== code) continue;
      let labelled = low;
      while (labelled > from && line(labelled).endsWith('|')) labelled -= 1;
      const [, lat, lon] = line(low).split('|');
      const label = line(labelled).slice(line(labelled).lastIndexOf('|') + 1);
      return { market, code, lat: Number(lat), lon: Number(lon), label };
    }
    return undefined;
  };
}

/** The bundled gazetteer, indexed on first use (tens of milliseconds, once per process). */
export function directoryGazetteer(): Gazetteer {
  gazetteer ??= buildGazetteer(
    PLACES_DATA.split('\n').map((line): GazetteerPlace => {
      const [name = '', country = '', admin = '', lat, lon, population] = line.split('|');
      return {
        name,
        country,
        admin,
        lat: Number(lat),
        lon: Number(lon),
        population: Number(population),
      };
    }),
    POSTCODE_AREAS,
    POSTCODE_RANGES,
    { points: postcodeLookup(POSTCODES_DATA), ukAreas: UK_POSTCODE_AREAS },
  );
  return gazetteer;
}

/** The gazetteer's places of a country, largest first: where the demo's practices are. */
export function largestPlaces(country: string, count: number): GazetteerPlace[] {
  const places: GazetteerPlace[] = [];
  for (const list of directoryGazetteer().byName.values())
    for (const place of list) if (place.country === country) places.push(place);
  return places.sort((a, b) => b.population - a.population).slice(0, count);
}
