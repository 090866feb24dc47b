import { describe, expect, it } from 'vitest';
import {
  boundingBox,
  buildGazetteer,
  distanceKm,
  projectionScale,
  resolvePlace,
  type GazetteerPlace,
} from './index.ts';

const place = (
  name: string,
  country: string,
  admin: string,
  lat: number,
  lon: number,
  population: number,
): GazetteerPlace => ({ name, country, admin, lat, lon, population });

const GAZETTEER = buildGazetteer(
  [
    place('Sydney', 'AU', 'New South Wales', -33.86785, 151.20732, 4627345),
    place('Perth', 'AU', 'Western Australia', -31.95224, 115.8614, 1896548),
    place('Perth', 'GB', 'Scotland', 56.39522, -3.43139, 47180),
    place('London', 'GB', 'England', 51.50853, -0.12574, 8961989),
    place('London', 'CA', 'Ontario', 42.98339, -81.23304, 346765),
    place('Toronto', 'CA', 'Ontario', 43.70011, -79.4163, 2600000),
    place('Auckland', 'NZ', 'Auckland', -36.84853, 174.76349, 417910),
    place('Paris', 'FR', '', 48.85341, 2.3488, 2138551),
    place('Manchester', 'GB', 'England', 53.48095, -2.23743, 395515),
    place('Los Angeles', 'US', 'CA', 34.05223, -118.24368, 3971883),
    place('Stevenage', 'GB', 'England', 51.90224, -0.20256, 90232),
    place('Singapore', 'SG', '', 1.28967, 103.85007, 3547809),
  ],
  [
    { market: 'AU', code: '2000', place: 'Sydney' },
    { market: 'ZA', code: '2000', place: 'Johannesburg' },
    { market: 'UK', code: 'SW1A', place: 'London' },
    { market: 'CA', code: 'M5V', place: 'Toronto' },
    { market: 'SG', code: 'SG-12', place: 'Singapore' },
  ],
  [
    { market: 'AU', from: '2000', to: '2249', place: 'Sydney' },
    { market: 'NZ', from: '1010', to: '2699', place: 'Auckland' },
    { market: 'AU', from: '3000', to: '3207', place: 'Melbourne' },
    { market: 'US', from: '90000', to: '90899', place: 'Los Angeles' },
  ],
  {
    points: [
      { market: 'US', code: '59001', lat: 45.515, lon: -109.469, label: 'Absarokee' },
      { market: 'US', code: '90210', lat: 34.09, lon: -118.406, label: 'Beverly Hills' },
      { market: 'CA', code: 'T0A', lat: 53.923, lon: -111.058, label: 'St. Paul' },
      { market: 'CA', code: 'M5V', lat: 43.653, lon: -79.369, label: 'Toronto' },
      { market: 'CA', code: 'E1A', lat: 46.1, lon: -64.78, label: 'Moncton' },
    ],
    ukAreas: [
      { letters: 'SW', town: 'London' },
      { letters: 'E', town: 'London' },
      { letters: 'M', town: 'Manchester' },
      { letters: 'SG', town: 'Stevenage' },
      // Inverness is not in this small gazetteer.
      { letters: 'IV', town: 'Inverness' },
    ],
  },
);

describe('places', () => {
  it('resolves a postcode, a UK postcode by its district and a Canadian code by its area', () => {
    expect(resolvePlace(GAZETTEER, '2000')).toMatchObject({ market: 'AU', label: '2000, Sydney' });
    expect(resolvePlace(GAZETTEER, 'sw1a 1aa')).toMatchObject({ market: 'UK', lat: 51.50853 });
    expect(resolvePlace(GAZETTEER, 'M5V 2T6')).toMatchObject({ market: 'CA', lat: 43.70011 });
  });

  it('skips a postcode area whose place the gazetteer lacks, and knows no unknown code', () => {
    // Johannesburg is not in this small gazetteer: the South African reading of 2000 is no place.
    expect(resolvePlace(GAZETTEER, '2000', 'ZA')).toBeUndefined();
    expect(resolvePlace(GAZETTEER, '9999')).toBeUndefined();
  });

  it('places a numeric postcode in the metropolitan range it falls in, both ends included', () => {
    expect(resolvePlace(GAZETTEER, '2150', 'AU')).toMatchObject({
      market: 'AU',
      lat: -33.86785,
      label: '2150, Sydney area',
      centreOf: 'Sydney',
    });
    // A code named one by one is its own place, not a city's centre.
    expect(resolvePlace(GAZETTEER, '2000', 'AU')?.centreOf).toBeUndefined();
    expect(resolvePlace(GAZETTEER, '2249')).toMatchObject({ label: '2249, Sydney area' });
    expect(resolvePlace(GAZETTEER, '2250', 'AU')).toBeUndefined();
    // A range's place the gazetteer lacks is no place: Melbourne is not in this small one.
    expect(resolvePlace(GAZETTEER, '3121', 'AU')).toBeUndefined();
    // Ranges are numeric and of their codes' length.
    expect(resolvePlace(GAZETTEER, '21500')).toBeUndefined();
    expect(resolvePlace(GAZETTEER, '2 150', 'AU')).toMatchObject({ label: '2 150, Sydney area' });
  });

  it('reads a code shared between markets as the visitor’s market does, by name before range', () => {
    // 2000 is named for Sydney, and in Auckland's range: the visitor's market decides.
    expect(resolvePlace(GAZETTEER, '2000', 'NZ')).toMatchObject({ label: '2000, Auckland area' });
    expect(resolvePlace(GAZETTEER, '2000', 'AU')).toMatchObject({ label: '2000, Sydney' });
    expect(resolvePlace(GAZETTEER, '2150', 'NZ')).toMatchObject({ label: '2150, Auckland area' });
    // A code of the visitor's market's form that it does not know is not another market's.
    expect(resolvePlace(GAZETTEER, '1500', 'AU')).toBeUndefined();
    // A market whose codes look otherwise leaves it to the others, named codes first.
    expect(resolvePlace(GAZETTEER, '2000', 'UK')).toMatchObject({ label: '2000, Sydney' });
    expect(resolvePlace(GAZETTEER, '1500', 'UK')).toMatchObject({ label: '1500, Auckland area' });
  });

  it('places a ZIP or an FSA with a centre of its own there, not at a city’s centre', () => {
    const absarokee = { market: 'US', lat: 45.515, lon: -109.469, label: '59001, Absarokee' };
    expect(resolvePlace(GAZETTEER, '59001')).toEqual(absarokee);
    expect(resolvePlace(GAZETTEER, '59001-1234', 'US')).toEqual({
      ...absarokee,
      label: '59001-1234, Absarokee',
    });
    expect(resolvePlace(GAZETTEER, '590011234', 'AU')).toMatchObject({ lat: 45.515 });
    // A code with its own centre comes before the metropolitan range it is in...
    expect(resolvePlace(GAZETTEER, '90210', 'US')).toEqual({
      market: 'US',
      lat: 34.09,
      lon: -118.406,
      label: '90210, Beverly Hills',
    });
    expect(resolvePlace(GAZETTEER, '90211', 'US')).toMatchObject({
      label: '90211, Los Angeles area',
      centreOf: 'Los Angeles',
    });
    // ...and after a main city's code the areas name.
    expect(resolvePlace(GAZETTEER, 'M5V 3L9', 'CA')).toMatchObject({
      label: 'M5V 3L9, Toronto',
      lat: 43.70011,
    });
    // A full Canadian code is its forward sortation area.
    expect(resolvePlace(GAZETTEER, 't0a 1a0')).toEqual({
      market: 'CA',
      lat: 53.923,
      lon: -111.058,
      label: 'T0A 1A0, St. Paul',
    });
    expect(resolvePlace(GAZETTEER, '00000', 'US')).toBeUndefined();
    expect(resolvePlace(GAZETTEER, 'T0B 1A0')).toBeUndefined();
  });

  it('places a UK postcode whose district no area names at its postcode area’s town', () => {
    expect(resolvePlace(GAZETTEER, 'SW19 5AE')).toEqual({
      market: 'UK',
      lat: 51.50853,
      lon: -0.12574,
      label: 'SW19 5AE, London area',
      centreOf: 'London',
    });
    expect(resolvePlace(GAZETTEER, 'sw19', 'UK')).toMatchObject({ label: 'SW19, London area' });
    expect(resolvePlace(GAZETTEER, 'E14 5AB', 'UK')).toMatchObject({ centreOf: 'London' });
    // A district the areas name is its place, without "area".
    expect(resolvePlace(GAZETTEER, 'SW1A 1AA', 'UK')).toMatchObject({ label: 'SW1A 1AA, London' });
    expect(resolvePlace(GAZETTEER, 'SW1A 1AA', 'UK')?.centreOf).toBeUndefined();
    // An area whose town the gazetteer lacks, letters that are no area, or no postcode's form.
    expect(resolvePlace(GAZETTEER, 'IV2 3AB', 'UK')).toBeUndefined();
    expect(resolvePlace(GAZETTEER, 'ZZ9 9ZZ', 'UK')).toBeUndefined();
    expect(resolvePlace(GAZETTEER, 'SW', 'UK')).toBeUndefined();
    expect(resolvePlace(GAZETTEER, 'SW19 5A', 'UK')).toBeUndefined();
  });

  it('reads an FSA that has a UK district’s form as the visitor’s market does', () => {
    expect(resolvePlace(GAZETTEER, 'M5V', 'CA')).toMatchObject({ label: 'M5V, Toronto' });
    expect(resolvePlace(GAZETTEER, 'M5V', 'UK')).toMatchObject({
      market: 'UK',
      label: 'M5V, Manchester area',
    });
    expect(resolvePlace(GAZETTEER, 'E1A', 'UK')).toMatchObject({ label: 'E1A, London area' });
    expect(resolvePlace(GAZETTEER, 'E1A', 'CA')).toMatchObject({ label: 'E1A, Moncton' });
    // Elsewhere, a code of its own comes first.
    expect(resolvePlace(GAZETTEER, 'E1A', 'AU')).toMatchObject({ label: 'E1A, Moncton' });
    expect(resolvePlace(GAZETTEER, 'M5V')).toMatchObject({ market: 'CA' });
    // A code of the visitor's market's form that it does not know is not another market's.
    expect(resolvePlace(GAZETTEER, 'E1H', 'CA')).toBeUndefined();
    expect(resolvePlace(GAZETTEER, 'E1H')).toMatchObject({ label: 'E1H, London area' });
    expect(resolvePlace(GAZETTEER, 'T0A', 'UK')).toBeUndefined();
    expect(resolvePlace(GAZETTEER, 'T0A', 'US')).toMatchObject({ label: 'T0A, St. Paul' });
  });

  it('reads a Singapore code by its sector, never a UK district of the same letters', () => {
    expect(resolvePlace(GAZETTEER, '128956')).toMatchObject({ market: 'SG' });
    expect(resolvePlace(GAZETTEER, 'SG12 7AA')).toMatchObject({
      label: 'SG12 7AA, Stevenage area',
    });
    expect(resolvePlace(GAZETTEER, 'SG12', 'SG')).toMatchObject({ market: 'UK' });
  });

  it('takes the most populous namesake, the visitor market’s one, or the one named after a comma', () => {
    expect(resolvePlace(GAZETTEER, 'perth')).toMatchObject({ market: 'AU' });
    expect(resolvePlace(GAZETTEER, 'Perth', 'UK')).toMatchObject({ market: 'UK' });
    expect(resolvePlace(GAZETTEER, 'London, Ontario')).toMatchObject({ market: 'CA' });
    expect(resolvePlace(GAZETTEER, 'london, canada')).toMatchObject({ market: 'CA' });
    expect(resolvePlace(GAZETTEER, 'London')).toMatchObject({
      market: 'UK',
      label: 'London, England, United Kingdom',
    });
  });

  it('knows no place outside the markets, nor an empty or overlong query', () => {
    expect(resolvePlace(GAZETTEER, 'Paris')).toBeUndefined();
    expect(resolvePlace(GAZETTEER, ' ')).toBeUndefined();
    expect(resolvePlace(GAZETTEER, 'x'.repeat(81))).toBeUndefined();
  });
});

describe('distances', () => {
  const sydney = { lat: -33.86785, lon: 151.20732 };
  const melbourne = { lat: -37.814, lon: 144.96332 };

  it('measures the great circle', () => {
    expect(distanceKm(sydney, melbourne)).toBeCloseTo(713.4, 0);
    expect(distanceKm(sydney, sydney)).toBe(0);
  });

  it('boxes every point within the radius', () => {
    const box = boundingBox(sydney, 50);
    for (let bearing = 0; bearing < 360; bearing += 15) {
      const radians = (bearing * Math.PI) / 180;
      const point = {
        lat: sydney.lat + (49.9 / 111.2) * Math.cos(radians),
        lon:
          sydney.lon +
          ((49.9 / 111.2) * Math.sin(radians)) / Math.cos((sydney.lat * Math.PI) / 180),
      };
      expect(distanceKm(sydney, point)).toBeLessThan(50.2);
      expect(point.lat).toBeGreaterThanOrEqual(box.minLat);
      expect(point.lat).toBeLessThanOrEqual(box.maxLat);
      expect(point.lon).toBeGreaterThanOrEqual(box.minLon);
      expect(point.lon).toBeLessThanOrEqual(box.maxLon);
    }
  });

  it('takes every longitude near the antimeridian or a pole', () => {
    expect(boundingBox({ lat: -36.8, lon: 179.9 }, 50)).toMatchObject({
      minLon: -180,
      maxLon: 180,
    });
    expect(boundingBox({ lat: 89.9, lon: 0 }, 50)).toMatchObject({ minLon: -180, maxLon: 180 });
  });

  it('orders by the projection as by the great circle near the centre', () => {
    const scale = projectionScale(sydney);
    const flat = (point: { lat: number; lon: number }) =>
      (point.lat - sydney.lat) ** 2 + (point.lon - sydney.lon) ** 2 * scale;
    const north = { lat: sydney.lat + 0.3, lon: sydney.lon };
    const east = { lat: sydney.lat, lon: sydney.lon + 0.35 };
    expect(Math.sign(flat(north) - flat(east))).toBe(
      Math.sign(distanceKm(sydney, north) - distanceKm(sydney, east)),
    );
  });
});
