/** Spec 9: the consent categories and their numbers. */
export const CONSENT_CATEGORY_NUMBERS = {
  essential: 1,
  preferences: 2,
  statistics: 3,
  marketing: 4,
} as const;

export type ConsentCategory = keyof typeof CONSENT_CATEGORY_NUMBERS;

/**
 * Every event of the analytics table measures how the site is used, so each waits for the
 * visitor's statistics consent; none of them is needed for the site to work.
 */
export const ANALYTICS_EVENT_CONSENT: ConsentCategory = 'statistics';

export const CONSENT_COOKIE_NAME = 'CookieConsent';

/** Spec 9: the CookieConsent cookie lasts 365 days. */
export const CONSENT_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** What the visitor agreed to. Essential is always on: the site cannot work without it. */
export type ConsentState = Readonly<Record<ConsentCategory, boolean>>;

/** Before any choice only essential use is allowed. */
export const NO_CONSENT: ConsentState = Object.freeze({
  essential: true,
  preferences: false,
  statistics: false,
  marketing: false,
});

const CHOICE_CATEGORIES = ['preferences', 'statistics', 'marketing'] as const;

/**
 * Reads the CookieConsent cookie's value: an object naming preferences, statistics and marketing
 * as true or false, in JSON ({"statistics":true,...}) or in the older unquoted form
 * ({stamp:'…',preferences:true,statistics:false,…}) consent managers write. Anything not stated
 * as exactly true stays refused, so a damaged cookie never grants more than it says.
 */
export function parseConsentCookie(value: string | null | undefined): ConsentState {
  if (!value) return NO_CONSENT;
  const state: Record<ConsentCategory, boolean> = { ...NO_CONSENT };
  for (const category of CHOICE_CATEGORIES) {
    const pattern = new RegExp(`(?:^|[{,\\s])["']?${category}["']?\\s*:\\s*(true|false)\\b`, 'i');
    state[category] = pattern.exec(value)?.[1]?.toLowerCase() === 'true';
  }
  return Object.freeze(state);
}
