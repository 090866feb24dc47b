import { buildGazetteer, type Gazetteer, type GazetteerPlace } from '~core/practices';
import { PLACES_DATA } from './places.data.ts';
import { POSTCODE_AREAS, POSTCODE_RANGES } from './postcodes.ts';
import { UK_POSTCODE_AREAS } from './uk-postcode-areas.ts';

let gazetteer: Gazetteer | undefined;

/** The bundled gazetteer, indexed on first use (a few milliseconds, once per process). */
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
    { ukAreas: UK_POSTCODE_AREAS },
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
