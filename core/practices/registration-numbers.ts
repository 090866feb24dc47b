import { MARKET_DEFINITIONS, type PracticeMarket } from './markets.ts';

/*
 * Business registration numbers, checked for their market: by check digits where the number has
 * them (ABN, NZBN, Canadian BN), by form where it has none (UK company number, EIN, UEN, South
 * African company registration number). The normalised form is what the portal stores and
 * compares, so '51 824 753 556' and '51824753556' are one practice.
 */

export type RegistrationCheck = { ok: true; normalised: string } | { ok: false; message: string };

const digitsOf = (value: string) => value.replace(/[\s-]/g, '');

const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];

/** The ATO's rule: subtract 1 from the first digit, weight, and the sum divides by 89. */
export function isValidAbn(digits: string): boolean {
  if (!/^\d{11}$/.test(digits) || digits.startsWith('0')) return false;
  const sum = [...digits].reduce(
    (total, digit, index) => total + (Number(digit) - (index === 0 ? 1 : 0)) * ABN_WEIGHTS[index]!,
    0,
  );
  return sum % 89 === 0;
}

/** A GS1 check digit (GTIN-13), which the NZBN carries: weights 1 and 3 from the left. */
export function isValidGs1(digits: string): boolean {
  if (!/^\d{13}$/.test(digits)) return false;
  const sum = [...digits.slice(0, 12)].reduce(
    (total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 1 : 3),
    0,
  );
  return (10 - (sum % 10)) % 10 === Number(digits[12]);
}

/** The Luhn check, which the first nine digits of a Canadian business number pass. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Campus prefixes the IRS has never assigned to an EIN. */
const UNUSED_EIN_PREFIXES = new Set([
  '00',
  '07',
  '08',
  '09',
  '17',
  '18',
  '19',
  '28',
  '29',
  '49',
  '69',
  '70',
  '78',
  '79',
  '89',
  '96',
  '97',
]);

function checkAbn(value: string): RegistrationCheck {
  const digits = digitsOf(value);
  if (!/^\d{11}$/.test(digits)) return invalid('AU', 'An ABN has 11 digits.');
  if (!isValidAbn(digits))
    return invalid('AU', 'This is not a valid ABN: its check digits do not add up.');
  return { ok: true, normalised: digits };
}

function checkNzbn(value: string): RegistrationCheck {
  const digits = digitsOf(value);
  if (!/^94\d{11}$/.test(digits)) return invalid('NZ', 'An NZBN has 13 digits and starts 94.');
  if (!isValidGs1(digits))
    return invalid('NZ', 'This is not a valid NZBN: its check digit does not match.');
  return { ok: true, normalised: digits };
}

function checkUkCompany(value: string): RegistrationCheck {
  const number = value.replace(/\s/g, '').toUpperCase();
  if (!/^(\d{8}|[A-Z]{2}\d{6})$/.test(number) || number === '00000000')
    return invalid('UK', 'A company number has 8 digits, or 2 letters and 6 digits.');
  return { ok: true, normalised: number };
}

function checkEin(value: string): RegistrationCheck {
  const trimmed = value.trim();
  if (!/^\d{2}-?\d{7}$/.test(trimmed)) return invalid('US', 'An EIN has 9 digits: 12-3456789.');
  const digits = digitsOf(trimmed);
  if (UNUSED_EIN_PREFIXES.has(digits.slice(0, 2)))
    return invalid('US', `No EIN starts with ${digits.slice(0, 2)}.`);
  return { ok: true, normalised: `${digits.slice(0, 2)}-${digits.slice(2)}` };
}

function checkCanadianBn(value: string): RegistrationCheck {
  const compact = value.replace(/\s/g, '').toUpperCase();
  const match = /^(\d{9})(?:[A-Z]{2}\d{4})?$/.exec(compact);
  if (!match) return invalid('CA', 'A business number has 9 digits (then, optionally, RT0001).');
  const digits = match[1]!;
  if (!passesLuhn(digits))
    return invalid('CA', 'This is not a valid business number: its check digit does not match.');
  return { ok: true, normalised: digits };
}

function checkUen(value: string): RegistrationCheck {
  const uen = value.replace(/\s/g, '').toUpperCase();
  // Businesses (8 digits and a letter), local companies (year, 5 digits and a letter) and
  // other entities (T or S and the year's last two digits, an entity type, 4 digits, a letter).
  if (!/^(\d{8}[A-Z]|(19|20)\d{7}[A-Z]|[TS]\d{2}[A-Z]{2}\d{4}[A-Z])$/.test(uen))
    return invalid('SG', 'A UEN looks like 201912345K, 53123456D or T09LL0001B.');
  return { ok: true, normalised: uen };
}

function checkZaCompany(value: string): RegistrationCheck {
  const match = /^(\d{4})\/(\d{6})\/(\d{2})$/.exec(value.replace(/\s/g, ''));
  const year = Number(match?.[1]);
  if (!match || year < 1900 || year > 2099)
    return invalid('ZA', 'A company registration number looks like 2015/123456/07.');
  return { ok: true, normalised: match[0] };
}

function invalid(market: PracticeMarket, message: string): RegistrationCheck {
  return { ok: false, message: `${message} ${MARKET_DEFINITIONS[market].registrationHint}` };
}

const CHECKS: Readonly<Record<PracticeMarket, (value: string) => RegistrationCheck>> = {
  AU: checkAbn,
  NZ: checkNzbn,
  UK: checkUkCompany,
  US: checkEin,
  CA: checkCanadianBn,
  ZA: checkZaCompany,
  SG: checkUen,
};

export function checkRegistrationNumber(market: PracticeMarket, value: string): RegistrationCheck {
  if (value.trim() === '')
    return { ok: false, message: `Enter the ${MARKET_DEFINITIONS[market].registrationLabel}.` };
  return CHECKS[market](value);
}
