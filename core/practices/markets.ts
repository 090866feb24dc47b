/*
 * The markets a practice can be registered in, and what each calls its business registration
 * number. The keys follow the portal's market codes (core/regions): UK, not GB.
 */

export const PRACTICE_MARKETS = ['AU', 'NZ', 'UK', 'US', 'CA', 'ZA', 'SG'] as const;

export type PracticeMarket = (typeof PRACTICE_MARKETS)[number];

export interface MarketDefinition {
  market: PracticeMarket;
  name: string;
  /** The ISO 3166 country code the gazetteer files the market's places under. */
  country: string;
  registrationLabel: string;
  registrationHint: string;
}

export const MARKET_DEFINITIONS: Readonly<Record<PracticeMarket, MarketDefinition>> = {
  AU: {
    market: 'AU',
    name: 'Australia',
    country: 'AU',
    registrationLabel: 'ABN',
    registrationHint: '11 digits, for example 51 824 753 556.',
  },
  NZ: {
    market: 'NZ',
    name: 'New Zealand',
    country: 'NZ',
    registrationLabel: 'NZBN',
    registrationHint: '13 digits starting 94, for example 9429041234563.',
  },
  UK: {
    market: 'UK',
    name: 'United Kingdom',
    country: 'GB',
    registrationLabel: 'Company number',
    registrationHint: '8 digits, or 2 letters and 6 digits (SC123456).',
  },
  US: {
    market: 'US',
    name: 'United States',
    country: 'US',
    registrationLabel: 'EIN',
    registrationHint: '9 digits, written 12-3456789.',
  },
  CA: {
    market: 'CA',
    name: 'Canada',
    country: 'CA',
    registrationLabel: 'Business number (BN)',
    registrationHint: '9 digits, for example 123456782.',
  },
  ZA: {
    market: 'ZA',
    name: 'South Africa',
    country: 'ZA',
    registrationLabel: 'Company registration number',
    registrationHint: 'Year, number and type, for example 2015/123456/07.',
  },
  SG: {
    market: 'SG',
    name: 'Singapore',
    country: 'SG',
    registrationLabel: 'UEN',
    registrationHint: '9 or 10 characters, for example 201912345K or 53123456D.',
  },
};

export function parsePracticeMarket(value: string): PracticeMarket | undefined {
  return PRACTICE_MARKETS.find((market) => market === value);
}

/** The market whose places the gazetteer files under this country code. */
export function marketOfCountry(country: string): PracticeMarket | undefined {
  return PRACTICE_MARKETS.find((market) => MARKET_DEFINITIONS[market].country === country);
}
