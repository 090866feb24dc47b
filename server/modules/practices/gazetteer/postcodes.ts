import type { PostcodeArea, PostcodeRange, PracticeMarket } from '~core/practices';

/*
 * Postcodes of the markets' main cities, each to the gazetteer place it lies in: the whole code
 * where codes are short (Australia, New Zealand, South Africa, the US ZIP), the district of a UK
 * postcode, the forward sortation area of a Canadian code, the sector of a Singapore code.
 * Written for the directory's main cities (docs/practices-and-subscriptions.md says how to add
 * more); any other place is found by its name.
 */

const areas = (market: PracticeMarket, place: string, codes: string): PostcodeArea[] =>
  codes.split(' ').map((code) => ({ market, code, place }));

export const POSTCODE_AREAS: readonly PostcodeArea[] = Object.freeze([
  ...areas('AU', 'Sydney', '2000 2001 2007 2008 2009 2010 2011 2060'),
  ...areas('AU', 'Melbourne', '3000 3001 3002 3003 3004 3006 3008'),
  ...areas('AU', 'Brisbane', '4000 4001 4006 4101'),
  ...areas('AU', 'Perth', '6000 6001 6003 6004 6005'),
  ...areas('AU', 'Adelaide', '5000 5001 5006'),
  ...areas('AU', 'Canberra', '2600 2601 2602'),
  ...areas('AU', 'Hobart', '7000 7001'),
  ...areas('AU', 'Darwin', '0800 0801'),
  ...areas('AU', 'Gold Coast', '4217'),
  ...areas('AU', 'Newcastle', '2300'),
  ...areas('NZ', 'Auckland', '1010 1011 1021 1023 1024'),
  ...areas('NZ', 'Wellington', '6011 6012 6021'),
  ...areas('NZ', 'Christchurch', '8011 8013 8014'),
  ...areas('NZ', 'Hamilton', '3204 3206'),
  ...areas('NZ', 'Tauranga', '3110'),
  ...areas('NZ', 'Dunedin', '9016'),
  ...areas(
    'UK',
    'London',
    'EC1A EC1V EC2A EC2M EC3A EC4M SW1A SW1E SW1P W1A W1B W1D WC1A WC2N E1 N1 SE1',
  ),
  ...areas('UK', 'Manchester', 'M1 M2 M3 M4'),
  ...areas('UK', 'Birmingham', 'B1 B2 B3 B4 B5'),
  ...areas('UK', 'Leeds', 'LS1 LS2'),
  ...areas('UK', 'Glasgow', 'G1 G2'),
  ...areas('UK', 'Edinburgh', 'EH1 EH2 EH3'),
  ...areas('UK', 'Liverpool', 'L1 L2 L3'),
  ...areas('UK', 'Bristol', 'BS1 BS2'),
  ...areas('UK', 'Cardiff', 'CF10'),
  ...areas('UK', 'Belfast', 'BT1 BT2'),
  ...areas('UK', 'Newcastle upon Tyne', 'NE1'),
  ...areas('UK', 'Sheffield', 'S1'),
  ...areas(
    'US',
    'New York City',
    '10001 10002 10003 10004 10005 10007 10010 10011 10016 10017 10019',
  ),
  ...areas('US', 'Los Angeles', '90012 90013 90014 90015 90017 90071'),
  ...areas('US', 'Chicago', '60601 60602 60603 60604 60606 60611'),
  ...areas('US', 'Houston', '77002 77003 77010'),
  ...areas('US', 'San Francisco', '94102 94103 94104 94105 94108 94111'),
  ...areas('US', 'Seattle', '98101 98104'),
  ...areas('US', 'Boston', '02108 02109 02110 02116'),
  ...areas('US', 'Miami', '33128 33130 33131'),
  ...areas('US', 'Phoenix', '85003 85004'),
  ...areas('US', 'Denver', '80202'),
  ...areas('US', 'Atlanta', '30303'),
  ...areas('US', 'Dallas', '75201 75202'),
  ...areas('CA', 'Toronto', 'M5H M5J M5V M5X M4W'),
  ...areas('CA', 'Vancouver', 'V6B V6C V6E V6Z'),
  ...areas('CA', 'Montréal', 'H2Y H2Z H3A H3B'),
  ...areas('CA', 'Calgary', 'T2P T2R'),
  ...areas('CA', 'Edmonton', 'T5J T5K'),
  ...areas('CA', 'Ottawa', 'K1P K1R'),
  ...areas('CA', 'Winnipeg', 'R3C'),
  ...areas('CA', 'Québec', 'G1R'),
  ...areas('CA', 'Halifax', 'B3J'),
  ...areas('ZA', 'Johannesburg', '2000 2001 2196'),
  ...areas('ZA', 'Cape Town', '8000 8001'),
  ...areas('ZA', 'Durban', '4001'),
  ...areas('ZA', 'Pretoria', '0002'),
  ...areas('ZA', 'Port Elizabeth', '6001'),
  ...areas('ZA', 'Bloemfontein', '9301'),
  // A Singapore postcode's first two digits are its sector; the north's sectors are Woodlands.
  ...Array.from({ length: 82 }, (_, index) => String(index + 1).padStart(2, '0'))
    .filter((sector) => !['74', '83'].includes(sector))
    .map((sector) => ({
      market: 'SG' as const,
      code: `SG-${sector}`,
      place: ['72', '73', '75', '76'].includes(sector) ? 'Woodlands' : 'Singapore',
    })),
]);

const ranges = (market: PracticeMarket, place: string, spans: string): PostcodeRange[] =>
  spans.split(' ').map((span) => {
    const [from = '', to = from] = span.split('-');
    return { market, from, to, place };
  });

/*
 * The numeric postcodes of the markets' metropolitan areas, to the city each area is named after:
 * a suburb's code finds advisors near its city's centre, tens of kilometres at most from the
 * suburb, where it would otherwise find nothing. Outside these, a town is found by its name.
 * US runs are whole three-digit ZIP prefixes.
 */
export const POSTCODE_RANGES: readonly PostcodeRange[] = Object.freeze([
  ...ranges('AU', 'Sydney', '1000-1299 2000-2249 2555-2574 2740-2786'),
  ...ranges('AU', 'Newcastle', '2280-2330'),
  ...ranges('AU', 'Wollongong', '2500-2535'),
  ...ranges('AU', 'Canberra', '2600-2620 2900-2914'),
  ...ranges(
    'AU',
    'Melbourne',
    '3000-3207 3335-3341 3427-3442 3750-3811 3910-3944 3975-3978 8000-8999',
  ),
  ...ranges('AU', 'Geelong', '3211-3227'),
  ...ranges('AU', 'Brisbane', '4000-4207 4300-4305 4500-4519'),
  ...ranges('AU', 'Gold Coast', '4208-4230'),
  ...ranges('AU', 'Townsville', '4810-4818'),
  ...ranges('AU', 'Cairns', '4868-4879'),
  ...ranges('AU', 'Adelaide', '5000-5174'),
  ...ranges('AU', 'Perth', '6000-6199 6800-6999'),
  ...ranges('AU', 'Hobart', '7000-7055'),
  ...ranges('AU', 'Darwin', '0800-0832'),
  ...ranges('NZ', 'Auckland', '0600-0699 1010-2699'),
  ...ranges('NZ', 'Hamilton', '3200-3288'),
  ...ranges('NZ', 'Tauranga', '3110-3189'),
  ...ranges('NZ', 'Wellington', '5010-5049 6011-6099'),
  ...ranges('NZ', 'Christchurch', '7670-7678 8011-8099'),
  ...ranges('NZ', 'Dunedin', '9010-9092'),
  ...ranges('ZA', 'Pretoria', '0001-0199'),
  ...ranges('ZA', 'Johannesburg', '2000-2199'),
  ...ranges('ZA', 'Durban', '4000-4099'),
  ...ranges('ZA', 'Port Elizabeth', '6000-6099'),
  ...ranges('ZA', 'Cape Town', '7100-7599 7700-8099'),
  ...ranges('ZA', 'Bloemfontein', '9300-9399'),
  ...ranges('US', 'New York City', '10000-10499 11000-11499'),
  ...ranges('US', 'Los Angeles', '90000-90899 91000-91899'),
  ...ranges('US', 'Chicago', '60600-60699'),
  ...ranges('US', 'Houston', '77000-77299'),
  ...ranges('US', 'Phoenix', '85000-85099'),
  ...ranges('US', 'Philadelphia', '19100-19199'),
  ...ranges('US', 'San Antonio', '78200-78299'),
  ...ranges('US', 'San Diego', '92100-92199'),
  ...ranges('US', 'Dallas', '75200-75399'),
  ...ranges('US', 'San Jose', '95100-95199'),
  ...ranges('US', 'Austin', '78700-78799'),
  ...ranges('US', 'San Francisco', '94100-94199'),
  ...ranges('US', 'Seattle', '98100-98199'),
  ...ranges('US', 'Denver', '80200-80299'),
  ...ranges('US', 'Boston', '02100-02299'),
  ...ranges('US', 'Washington', '20000-20599'),
  ...ranges('US', 'Atlanta', '30300-30399'),
  ...ranges('US', 'Miami', '33100-33199'),
  ...ranges('US', 'Minneapolis', '55400-55499'),
  ...ranges('US', 'Detroit', '48200-48299'),
  ...ranges('US', 'Las Vegas', '89100-89199'),
]);
