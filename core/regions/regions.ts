/** The regions of spec section 9, in the order the region picker lists them. */
export const REGIONS = ['AU', 'CA', 'NZ', 'US', 'HK', 'MY', 'SG', 'SA', 'UK', 'ROW'] as const;

export type Region = (typeof REGIONS)[number];

/** The region every unknown or missing value falls back to. */
export const DEFAULT_REGION: Region = 'ROW';

/** Readable names for the region picker. */
export const REGION_NAMES: Readonly<Record<Region, string>> = {
  AU: 'Australia',
  CA: 'Canada',
  NZ: 'New Zealand',
  US: 'United States',
  HK: 'Hong Kong',
  MY: 'Malaysia',
  SG: 'Singapore',
  SA: 'South Africa',
  UK: 'United Kingdom',
  ROW: 'Rest of world',
};

/** Spec 4: setting a region stores it in session storage under this key. */
export const REGION_STORAGE_KEY = 'regionStorage';

/** Spec 9: the region cookie lasts 7 days. */
export const REGION_COOKIE_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

/** The region cookie's name, '{prefix}REGION'. */
export function regionCookieName(prefix: string): string {
  return `${prefix}REGION`;
}

export function isRegion(value: unknown): value is Region {
  return typeof value === 'string' && (REGIONS as readonly string[]).includes(value);
}

const KEPT: ReadonlySet<string> = new Set(['AU', 'CA', 'NZ', 'US', 'HK', 'MY', 'SG']);
const SOUTH_AFRICA: ReadonlySet<string> = new Set(['SA', 'ZA']);
const UNITED_KINGDOM: ReadonlySet<string> = new Set(['GB', 'UK']);

/**
 * Spec 4: the region a stored value stands for. Country codes are compared without regard to
 * case or surrounding space, since older cookies and hand-edited ones are not always upper case;
 * 'ROW' itself is "anything else".
 */
export function mapRegion(value: string | null | undefined): Region {
  const code = (value ?? '').trim().toUpperCase();
  if (KEPT.has(code)) return code as Region;
  if (SOUTH_AFRICA.has(code)) return 'SA';
  if (UNITED_KINGDOM.has(code)) return 'UK';
  return DEFAULT_REGION;
}

interface LanguagePreference {
  tag: string;
  quality: number;
  order: number;
}

function languagePreferences(header: string): LanguagePreference[] {
  const preferences: LanguagePreference[] = [];
  header.split(',').forEach((part, order) => {
    const [rawTag = '', ...parameters] = part.split(';');
    const tag = rawTag.trim();
    if (tag === '' || tag === '*') return;
    let quality = 1;
    for (const parameter of parameters) {
      const match = /^\s*q\s*=(.*)$/i.exec(parameter);
      // An unreadable weight counts as a refusal: guessing from it could pick the wrong country.
      if (match) quality = /^\s*[0-9.]+\s*$/.test(match[1] ?? '') ? Number(match[1]) : 0;
    }
    if (Number.isFinite(quality) && quality > 0) preferences.push({ tag, quality, order });
  });
  return preferences.sort((a, b) => b.quality - a.quality || a.order - b.order);
}

/** The two-letter region subtag of a language tag (en-AU, zh-Hant-HK), if it has one. */
function regionSubtag(tag: string): string | undefined {
  return tag
    .split(/[-_]/)
    .slice(1)
    .find((subtag) => /^[A-Za-z]{2}$/.test(subtag));
}

/**
 * A first guess at the region of a visitor who has not chosen one, from the browser's
 * Accept-Language header: the most preferred language that names a country decides (en-AU is
 * AU, en-GB is UK, en-ZA is SA, fr-FR is ROW). Languages without a country (plain 'en') say
 * nothing about where the visitor is and are passed over; with none left the guess is ROW.
 */
export function regionFromAcceptLanguage(header: string | null | undefined): Region {
  for (const preference of languagePreferences(header ?? '')) {
    const country = regionSubtag(preference.tag);
    if (country) return mapRegion(country);
  }
  return DEFAULT_REGION;
}

/**
 * The region a page starts with: the visitor's stored choice when there is one, otherwise the
 * guess from the browser's languages. The guess is never stored, so it cannot outlive a choice.
 */
export function initialRegion(input: {
  cookieValue: string | null | undefined;
  acceptLanguage: string | null | undefined;
}): Region {
  if (input.cookieValue !== undefined && input.cookieValue !== null && input.cookieValue !== '') {
    return mapRegion(input.cookieValue);
  }
  return regionFromAcceptLanguage(input.acceptLanguage);
}
