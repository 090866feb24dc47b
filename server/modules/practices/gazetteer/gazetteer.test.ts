import { describe, expect, it } from 'vitest';
import {
  distanceKm,
  normalisePlaceName,
  PRACTICE_MARKETS,
  resolvePlace,
  type PracticeMarket,
} from '~core/practices';
import { directoryGazetteer } from './gazetteer.ts';
import { POSTCODES_DATA } from './postcodes.data.ts';
import { UK_POSTCODE_AREAS } from './uk-postcode-areas.ts';

/*
 * The bundled postcodes as the directory reads them: every US ZIP and Canadian FSA at its own
 * centre, every UK postcode at least at its postcode area's town.
 */

const resolve = (query: string, market?: PracticeMarket) =>
  resolvePlace(directoryGazetteer(), query, market);

describe('the bundled postcodes', () => {
  it('places a rural US ZIP, and its ZIP+4, at its own centre', () => {
    const absarokee = { market: 'US', lat: 45.515, lon: -109.469, label: '59001, Absarokee' };
    expect(resolve('59001')).toEqual(absarokee);
    expect(resolve('59001-1234', 'US')).toEqual({ ...absarokee, label: '59001-1234, Absarokee' });
    expect(resolve('59001 1234', 'AU')).toMatchObject({ lat: 45.515, lon: -109.469 });
    // In Los Angeles' range, yet 20 km from its centre: the ZIP's own centre counts.
    const beverlyHills = resolve('90210', 'US');
    expect(beverlyHills).toMatchObject({ label: '90210, Beverly Hills', lat: 34.09 });
    expect(beverlyHills?.centreOf).toBeUndefined();
  });

  it('places a Canadian code outside the main cities at its forward sortation area', () => {
    expect(resolve('T0A 1A0', 'CA')).toEqual({
      market: 'CA',
      lat: 53.923,
      lon: -111.058,
      label: 'T0A 1A0, St. Paul',
    });
    expect(resolve('X0A 0H0')).toMatchObject({ market: 'CA', label: 'X0A 0H0, Iqaluit' });
    expect(resolve('M5V 3L9', 'CA')).toMatchObject({ market: 'CA', label: 'M5V 3L9, Toronto' });
  });

  it('places a UK postcode in a district no area names at its postcode area’s town', () => {
    expect(resolve('IV2 3AB', 'UK')).toMatchObject({
      market: 'UK',
      label: 'IV2 3AB, Inverness area',
      centreOf: 'Inverness',
    });
    expect(resolve('SW19 5AE')).toMatchObject({
      market: 'UK',
      label: 'SW19 5AE, London area',
      centreOf: 'London',
    });
    const lerwick = resolve('ZE1 0AA', 'UK');
    expect(lerwick).toMatchObject({ label: 'ZE1 0AA, Lerwick area', centreOf: 'Lerwick' });
    expect(distanceKm(lerwick!, { lat: 60.154, lon: -1.145 })).toBeLessThan(5);
  });

  it('places every UK postcode area at its post town, in the UK', () => {
    const letters = UK_POSTCODE_AREAS.map((area) => area.letters);
    expect(new Set(letters).size).toBe(121);
    expect(letters).not.toEqual(expect.arrayContaining(['GY']));
    for (const { letters, town } of UK_POSTCODE_AREAS) {
      // District 98 is in no area's list of named districts.
      const place = resolve(`${letters}98 1AA`, 'UK');
      expect(place, letters).toMatchObject({
        market: 'UK',
        label: expect.stringMatching(/ area$/),
      });
      expect(normalisePlaceName(place?.centreOf ?? ''), letters).toBe(normalisePlaceName(town));
      // Within the UK's mainland and islands: not a namesake abroad.
      expect(place!.lat, letters).toBeGreaterThan(49.8);
      expect(place!.lat, letters).toBeLessThan(61);
      expect(place!.lon, letters).toBeGreaterThan(-8.7);
      expect(place!.lon, letters).toBeLessThan(2);
    }
  });

  it('finds every generated code at its own line’s centre, in its market, with a label', () => {
    const canadian = (name: string) =>
      directoryGazetteer()
        .byName.get(normalisePlaceName(name))
        ?.some((place) => place.country === 'CA');
    let market = '';
    const codes: string[] = [];
    const misplaced: string[] = [];
    for (const line of POSTCODES_DATA.split('\n')) {
      if (line.startsWith('#')) {
        market = line.slice(1);
        continue;
      }
      const [code = '', lat, lon] = line.split('|');
      const point = directoryGazetteer().pointOf(code);
      codes.push(code);
      if (
        point?.lat !== Number(lat) ||
        point.lon !== Number(lon) ||
        point.market !== market ||
        point.label === '' ||
        // An FSA's label is a Canadian place of the gazetteer.
        (market === 'CA' && !canadian(point.label))
      )
        misplaced.push(code);
    }
    expect(misplaced).toEqual([]);
    expect(codes.length).toBeGreaterThan(43_000);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('keeps to the visitor’s market where codes share a form', () => {
    expect(resolve('M5V', 'UK')).toMatchObject({ market: 'UK', label: 'M5V, Manchester area' });
    // 2250 is in Auckland's range but an Australian code: unknown to an Australian visitor.
    expect(resolve('2250', 'AU')).toBeUndefined();
    expect(resolve('2150', 'AU')).toMatchObject({ market: 'AU', label: '2150, Sydney area' });
    // E1H is a New Brunswick FSA the data has no centre for, and the form of a London district.
    expect(resolve('E1H', 'CA')).toBeUndefined();
    expect(resolve('E1H', 'UK')).toMatchObject({ label: 'E1H, London area' });
    // A Singapore code's sector is no UK district: SG12 is near Stevenage, whoever asks.
    expect(resolve('SG12 7AA')).toMatchObject({ label: 'SG12 7AA, Stevenage area' });
    expect(resolve('SG12', 'SG')).toMatchObject({ market: 'UK' });
    expect(resolve('128956')).toMatchObject({ market: 'SG' });
  });

  it('knows no nonsense code, in any market', () => {
    for (const market of [undefined, ...PRACTICE_MARKETS])
      for (const code of ['ZZ9 9ZZ', '00000', 'Q1 1AA', 'W0W 0W0'])
        expect(resolve(code, market), `${code} ${market}`).toBeUndefined();
  });
});
