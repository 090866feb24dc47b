import type { PostcodeArea, PracticeMarket } from '~core/practices';

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
      code: `SG${sector}`,
      place: ['72', '73', '75', '76'].includes(sector) ? 'Woodlands' : 'Singapore',
    })),
]);
