import { CONSENT_COOKIE_NAME, parseConsentCookie, type ConsentState } from '~core/analytics';
import { readCookie } from '~core/site';

/**
 * The visitor's consent as it stands now, read from the CookieConsent cookie on every call,
 * so a choice made in the consent manager applies to the next event without a reload.
 */
export function currentConsent(): ConsentState {
  return parseConsentCookie(
    readCookie(typeof document === 'undefined' ? '' : document.cookie, CONSENT_COOKIE_NAME),
  );
}
