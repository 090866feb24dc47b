import { describe, expect, it } from 'vitest';
import { checkRegistrationNumber, isValidAbn, isValidGs1, passesLuhn } from './index.ts';

describe('business registration numbers', () => {
  it.each([
    ['AU', '51 824 753 556', '51824753556'],
    ['AU', '53004085616', '53004085616'],
    ['NZ', '9429041234563', '9429041234563'],
    ['UK', '01234567', '01234567'],
    ['UK', 'sc 123456', 'SC123456'],
    ['US', '12-3456789', '12-3456789'],
    ['US', '123456789', '12-3456789'],
    ['CA', '123456782', '123456782'],
    ['CA', '123456782 RT0001', '123456782'],
    ['ZA', '2015/123456/07', '2015/123456/07'],
    ['SG', '201912345K', '201912345K'],
    ['SG', '53123456D', '53123456D'],
    ['SG', 't09ll0001b', 'T09LL0001B'],
  ] as const)('takes %s %s as %s', (market, value, normalised) => {
    expect(checkRegistrationNumber(market, value)).toEqual({ ok: true, normalised });
  });

  it.each([
    ['AU', '51 824 753 557', 'check digits'],
    ['AU', '5182475355', '11 digits'],
    ['AU', '01824753556', 'check digits'],
    ['NZ', '9429041234564', 'check digit'],
    ['NZ', '8429041234563', 'starts 94'],
    ['UK', '1234567', '8 digits'],
    ['UK', '00000000', '8 digits'],
    ['UK', 'S1234567', '8 digits'],
    ['US', '07-1234567', 'No EIN starts with 07'],
    ['US', '12-345678', '9 digits'],
    ['CA', '123456789', 'check digit'],
    ['CA', '12345678', '9 digits'],
    ['ZA', '2015/12345/07', '2015/123456/07'],
    ['ZA', '1815/123456/07', '2015/123456/07'],
    ['SG', '2019123456', 'UEN looks like'],
    ['SG', 'X09LL0001B', 'UEN looks like'],
  ] as const)('refuses %s %s, saying what is wrong', (market, value, says) => {
    const check = checkRegistrationNumber(market, value);
    expect(check.ok).toBe(false);
    expect(check.ok ? '' : check.message).toContain(says);
  });

  it('asks for the number by its market name when nothing was typed', () => {
    expect(checkRegistrationNumber('AU', '  ')).toEqual({ ok: false, message: 'Enter the ABN.' });
    expect(checkRegistrationNumber('NZ', '')).toEqual({ ok: false, message: 'Enter the NZBN.' });
  });

  it('computes the check digits of each scheme', () => {
    expect(isValidAbn('51824753556')).toBe(true);
    expect(isValidAbn('51824753555')).toBe(false);
    expect(isValidGs1('9429041234563')).toBe(true);
    expect(isValidGs1('4006381333931')).toBe(true);
    expect(isValidGs1('4006381333932')).toBe(false);
    expect(passesLuhn('79927398713')).toBe(true);
    expect(passesLuhn('79927398710')).toBe(false);
  });
});
