import {
  CONSENT_COOKIE_NAME,
  NO_CONSENT,
  parseConsentCookie,
  type ConsentState,
} from '~core/analytics';
import { initialRegion, regionCookieName, type Region } from '~core/regions';
import { readCookie } from '~core/site';

/**
 * 'opt-in': nothing beyond the strictly necessary runs until the visitor agrees (UK GDPR and
 * PECR, the EU's GDPR and ePrivacy rules for the rest of the world, Canada's PIPEDA and Quebec's
 * Law 25, South Africa's POPIA). 'notice': statistics and preferences run from the first page
 * and the banner tells the visitor so, with the same buttons to refuse (Australia's and New
 * Zealand's privacy acts, US state laws, Hong Kong, Malaysia, Singapore).
 */
export type ConsentRegime = 'opt-in' | 'notice';

const NOTICE_REGIONS: ReadonlySet<Region> = new Set(['AU', 'NZ', 'US', 'HK', 'MY', 'SG']);

export function consentRegime(region: Region): ConsentRegime {
  return NOTICE_REGIONS.has(region) ? 'notice' : 'opt-in';
}

export interface VisitorSignals {
  region: Region;
  /** The browser sends Global Privacy Control (navigator.globalPrivacyControl / Sec-GPC: 1). */
  globalPrivacyControl: boolean;
}

/**
 * What applies before the visitor has chosen. Global Privacy Control is a refusal of marketing
 * everywhere, and in notice regions it is the only thing that differs.
 */
export function defaultConsent({ region, globalPrivacyControl }: VisitorSignals): ConsentState {
  if (consentRegime(region) === 'opt-in') return NO_CONSENT;
  return Object.freeze({
    essential: true,
    preferences: true,
    statistics: true,
    marketing: !globalPrivacyControl,
  });
}

/**
 * The consent that applies to a visitor: their stored choice when the CookieConsent cookie holds
 * one, the region's default until then. Browser and server both decide with it.
 */
export function effectiveConsent(
  cookieValue: string | null | undefined,
  signals: VisitorSignals,
): ConsentState {
  return cookieValue ? parseConsentCookie(cookieValue) : defaultConsent(signals);
}

/** The request headers the server decides a visitor's consent from. */
export interface ConsentRequestHeaders {
  cookie: string | null | undefined;
  acceptLanguage: string | null | undefined;
  /** Sec-GPC: '1' when the browser sends Global Privacy Control. */
  secGpc: string | null | undefined;
}

/**
 * The consent a request comes with, decided as the browser decides it: the CookieConsent cookie,
 * or the default of the region the page renders in (its cookie, or a guess from the languages).
 */
export function requestConsent(headers: ConsentRequestHeaders, prefix: string): ConsentState {
  return effectiveConsent(readCookie(headers.cookie, CONSENT_COOKIE_NAME), {
    region: initialRegion({
      cookieValue: readCookie(headers.cookie, regionCookieName(prefix)),
      acceptLanguage: headers.acceptLanguage,
    }),
    globalPrivacyControl: headers.secGpc?.trim() === '1',
  });
}
