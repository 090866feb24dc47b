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
  ],
  [
    { market: 'AU', code: '2000', place: 'Sydney' },
    { market: 'ZA', code: '2000', place: 'Johannesburg' },
    { market: 'UK', code: 'SW1A', place: 'London' },
    { market: 'CA', code: 'M5V', place: 'Toronto' },
  ],
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
