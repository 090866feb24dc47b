import { describe, expect, it } from 'vitest';
import {
  distanceKm,
  normalisePlaceName,
  PRACTICE_MARKETS,
  resolvePlace,
  type PracticeMarket,
} from '~core/practices';
import { directoryGazetteer } from './gazetteer.ts';
import { UK_POSTCODE_AREAS } from './uk-postcode-areas.ts';

/*
 * The bundled postcodes as the directory reads them: every UK postcode at least at its postcode
 * area's town.
 */

const resolve = (query: string, market?: PracticeMarket) =>
  resolvePlace(directoryGazetteer(), query, market);

describe('the bundled postcodes', () => {
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

  it('keeps to the visitor’s market where codes share a form', () => {
    expect(resolve('M5V', 'UK')).toMatchObject({ market: 'UK', label: 'M5V, Manchester area' });
    // 2250 is in Auckland's range but an Australian code: unknown to an Australian visitor.
    expect(resolve('2250', 'AU')).toBeUndefined();
    expect(resolve('2150', 'AU')).toMatchObject({ market: 'AU', label: '2150, Sydney area' });
    // E1H is a New Brunswick FSA the data has no centre for, and the form of a London district.
    expect(resolve('E1H', 'CA')).toBeUndefined();
    expect(resolve('E1H', 'UK')).toMatchObject({ label: 'E1H, London area' });
  });

  it('knows no nonsense code, in any market', () => {
    for (const market of [undefined, ...PRACTICE_MARKETS])
      for (const code of ['ZZ9 9ZZ', '00000', 'Q1 1AA', 'W0W 0W0'])
        expect(resolve(code, market), `${code} ${market}`).toBeUndefined();
  });
});
