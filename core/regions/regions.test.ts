import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REGION,
  initialRegion,
  isRegion,
  mapRegion,
  REGION_COOKIE_MAX_AGE_SECONDS,
  REGION_NAMES,
  REGION_STORAGE_KEY,
  REGIONS,
  regionCookieName,
  regionFromAcceptLanguage,
} from './regions.ts';

describe('the region list (spec 9)', () => {
  it('is exactly AU, CA, NZ, US, HK, MY, SG, SA, UK, ROW', () => {
    expect([...REGIONS]).toEqual(['AU', 'CA', 'NZ', 'US', 'HK', 'MY', 'SG', 'SA', 'UK', 'ROW']);
  });

  it('names every region readably, each name different', () => {
    expect(Object.keys(REGION_NAMES).sort()).toEqual([...REGIONS].sort());
    expect(new Set(Object.values(REGION_NAMES)).size).toBe(REGIONS.length);
    expect(REGION_NAMES.AU).toBe('Australia');
    expect(REGION_NAMES.UK).toBe('United Kingdom');
    expect(REGION_NAMES.SA).toBe('South Africa');
    expect(REGION_NAMES.ROW).toBe('Rest of world');
  });

  it('falls back to ROW', () => {
    expect(DEFAULT_REGION).toBe('ROW');
  });

  it('recognises region codes and nothing else', () => {
    for (const region of REGIONS) expect(isRegion(region)).toBe(true);
    for (const value of ['au', 'GB', 'ZA', '', 'ROW ', null, undefined, 3]) {
      expect(isRegion(value)).toBe(false);
    }
  });
});

describe('the region storage contract (spec 4 and 9)', () => {
  it("stores under session storage key 'regionStorage'", () => {
    expect(REGION_STORAGE_KEY).toBe('regionStorage');
  });

  it("names the cookie '{prefix}REGION'", () => {
    expect(regionCookieName('LL')).toBe('LLREGION');
    expect(regionCookieName('Acme')).toBe('AcmeREGION');
  });

  it('keeps the cookie for 7 days', () => {
    expect(REGION_COOKIE_MAX_AGE_SECONDS).toBe(604_800);
  });
});

describe('mapRegion (spec 4: values read from the cookie)', () => {
  it.each(['AU', 'CA', 'NZ', 'US', 'HK', 'MY', 'SG'])('keeps %s as it is', (code) => {
    expect(mapRegion(code)).toBe(code);
  });

  it.each([
    ['SA', 'SA'],
    ['ZA', 'SA'],
    ['GB', 'UK'],
    ['UK', 'UK'],
  ])('maps %s to %s', (value, region) => {
    expect(mapRegion(value)).toBe(region);
  });

  it.each(['ROW', 'FR', 'DE', 'IN', 'APAC', 'EMEA', 'AUS', 'U K', 'A', '', '  ', '<script>'])(
    'maps anything else (%j) to ROW',
    (value) => {
      expect(mapRegion(value)).toBe('ROW');
    },
  );

  it('maps a missing value to ROW', () => {
    expect(mapRegion(undefined)).toBe('ROW');
    expect(mapRegion(null)).toBe('ROW');
  });

  it('ignores case and surrounding space', () => {
    expect(mapRegion('au')).toBe('AU');
    expect(mapRegion(' nz ')).toBe('NZ');
    expect(mapRegion('gb')).toBe('UK');
    expect(mapRegion('Za')).toBe('SA');
  });

  it('gives a region for every region code (a stored choice reads back unchanged)', () => {
    for (const region of REGIONS) expect(mapRegion(region)).toBe(region);
  });
});

describe('regionFromAcceptLanguage (first guess)', () => {
  it.each([
    ['en-AU', 'AU'],
    ['en-CA', 'CA'],
    ['fr-CA', 'CA'],
    ['en-NZ', 'NZ'],
    ['mi-NZ', 'NZ'],
    ['en-US', 'US'],
    ['zh-HK', 'HK'],
    ['ms-MY', 'MY'],
    ['en-SG', 'SG'],
    ['en-ZA', 'SA'],
    ['af-ZA', 'SA'],
    ['en-GB', 'UK'],
    ['fr-FR', 'ROW'],
    ['de-DE', 'ROW'],
    ['en-IN', 'ROW'],
  ])('guesses %s as %s', (header, region) => {
    expect(regionFromAcceptLanguage(header)).toBe(region);
  });

  it('reads the region subtag after a script subtag, in any case, with _ as well as -', () => {
    expect(regionFromAcceptLanguage('zh-Hant-HK')).toBe('HK');
    expect(regionFromAcceptLanguage('en-au')).toBe('AU');
    expect(regionFromAcceptLanguage('en_GB')).toBe('UK');
  });

  it('does not take a numeric area (es-419) for a country', () => {
    expect(regionFromAcceptLanguage('es-419')).toBe('ROW');
    expect(regionFromAcceptLanguage('es-419, en-AU;q=0.5')).toBe('AU');
  });

  it('takes the most preferred language that names a country', () => {
    expect(regionFromAcceptLanguage('en-AU,en;q=0.9,en-US;q=0.8')).toBe('AU');
    expect(regionFromAcceptLanguage('en;q=0.9,en-GB;q=0.8,en-US;q=0.7')).toBe('UK');
    expect(regionFromAcceptLanguage('en-US;q=0.5, en-NZ;q=0.8')).toBe('NZ');
    expect(regionFromAcceptLanguage('fr-FR, en-AU;q=0.8')).toBe('ROW');
  });

  it('keeps header order between languages of equal quality', () => {
    expect(regionFromAcceptLanguage('en-SG, en-MY')).toBe('SG');
    expect(regionFromAcceptLanguage('en-MY;q=0.7, en-SG;q=0.7')).toBe('MY');
  });

  it('skips languages the visitor refuses (q=0) and the wildcard', () => {
    expect(regionFromAcceptLanguage('en-AU;q=0, en-CA;q=0.4')).toBe('CA');
    expect(regionFromAcceptLanguage('*, en-HK;q=0.1')).toBe('HK');
  });

  it('guesses ROW without a country anywhere, or without a header', () => {
    expect(regionFromAcceptLanguage('en')).toBe('ROW');
    expect(regionFromAcceptLanguage('en, fr;q=0.5')).toBe('ROW');
    expect(regionFromAcceptLanguage('')).toBe('ROW');
    expect(regionFromAcceptLanguage(null)).toBe('ROW');
    expect(regionFromAcceptLanguage(undefined)).toBe('ROW');
  });

  it('survives malformed headers', () => {
    expect(regionFromAcceptLanguage(',,;q=,en-AU;q=abc')).toBe('ROW');
    expect(regionFromAcceptLanguage(';;;')).toBe('ROW');
    expect(regionFromAcceptLanguage('en-AU;q=oops, en-NZ')).toBe('NZ');
  });
});

describe('initialRegion', () => {
  it('prefers the stored choice, mapped', () => {
    expect(initialRegion({ cookieValue: 'GB', acceptLanguage: 'en-AU' })).toBe('UK');
    expect(initialRegion({ cookieValue: 'ROW', acceptLanguage: 'en-AU' })).toBe('ROW');
    expect(initialRegion({ cookieValue: 'XX', acceptLanguage: 'en-AU' })).toBe('ROW');
  });

  it('guesses from the languages without a stored choice', () => {
    expect(initialRegion({ cookieValue: undefined, acceptLanguage: 'en-AU' })).toBe('AU');
    expect(initialRegion({ cookieValue: '', acceptLanguage: 'en-ZA' })).toBe('SA');
    expect(initialRegion({ cookieValue: null, acceptLanguage: null })).toBe('ROW');
  });
});
