import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import type { Region } from '../regions/index.ts';

/** The country a national number is read in for each region; the rest of the world needs '+'. */
const COUNTRY_OF_REGION: Readonly<Record<Region, CountryCode | undefined>> = {
  AU: 'AU',
  CA: 'CA',
  NZ: 'NZ',
  US: 'US',
  HK: 'HK',
  MY: 'MY',
  SG: 'SG',
  SA: 'ZA',
  UK: 'GB',
  ROW: undefined,
};

export type PhoneOutcome =
  { ok: true; e164: string; display: string } | { ok: false; message: string };

/**
 * A phone number as agents dial it (E.164), read in the visitor's region when it has no
 * country code; anything that is not a possible number of a real plan is refused with a message
 * for the field.
 */
export function normalisePhone(input: string, region: Region): PhoneOutcome {
  const typed = input.trim();
  if (typed === '') return { ok: false, message: 'Enter the phone number to call.' };
  if (typed.length > 40) return { ok: false, message: 'This phone number is too long.' };
  const country = COUNTRY_OF_REGION[region];
  const parsed = parsePhoneNumberFromString(typed, country ? { defaultCountry: country } : {});
  if (!parsed || !parsed.isValid()) {
    return {
      ok: false,
      message: country
        ? 'Enter a phone number we can call, like the one on your bill, or with its country code (+…).'
        : 'Enter the phone number with its country code, like +44 20 7946 0958.',
    };
  }
  return { ok: true, e164: parsed.number, display: parsed.formatInternational() };
}
