import { describe, expect, it } from 'vitest';
import {
  CONSENT_CATEGORY_NUMBERS,
  CONSENT_COOKIE_MAX_AGE_SECONDS,
  CONSENT_COOKIE_NAME,
  NO_CONSENT,
  parseConsentCookie,
} from './consent.ts';

describe('consent constants (spec 9)', () => {
  it('numbers the categories essential 1, preferences 2, statistics 3, marketing 4', () => {
    expect(CONSENT_CATEGORY_NUMBERS).toEqual({
      essential: 1,
      preferences: 2,
      statistics: 3,
      marketing: 4,
    });
  });

  it("keeps the choice in the 'CookieConsent' cookie for 365 days", () => {
    expect(CONSENT_COOKIE_NAME).toBe('CookieConsent');
    expect(CONSENT_COOKIE_MAX_AGE_SECONDS).toBe(31_536_000);
  });
});

describe('parseConsentCookie', () => {
  it('allows only essential use without a cookie', () => {
    expect(parseConsentCookie(undefined)).toEqual(NO_CONSENT);
    expect(parseConsentCookie(null)).toEqual(NO_CONSENT);
    expect(parseConsentCookie('')).toEqual(NO_CONSENT);
    expect(NO_CONSENT).toEqual({
      essential: true,
      preferences: false,
      statistics: false,
      marketing: false,
    });
  });

  it('reads the JSON form', () => {
    expect(parseConsentCookie('{"preferences":true,"statistics":true,"marketing":false}')).toEqual({
      essential: true,
      preferences: true,
      statistics: true,
      marketing: false,
    });
    expect(parseConsentCookie('{"marketing": true}')).toEqual({
      essential: true,
      preferences: false,
      statistics: false,
      marketing: true,
    });
  });

  it('reads the unquoted form with other keys around', () => {
    expect(
      parseConsentCookie(
        "{stamp:'abc==',necessary:true,preferences:false,statistics:true,marketing:true,method:'explicit',ver:1}",
      ),
    ).toEqual({ essential: true, preferences: false, statistics: true, marketing: true });
  });

  it('never grants what is not stated as exactly true', () => {
    expect(parseConsentCookie('{"statistics":"true"}').statistics).toBe(false);
    expect(parseConsentCookie('{"statistics":1}').statistics).toBe(false);
    expect(parseConsentCookie('{"statistics":trueish}').statistics).toBe(false);
    expect(parseConsentCookie('{"nostatistics":true}').statistics).toBe(false);
    expect(parseConsentCookie('statistics').statistics).toBe(false);
    expect(parseConsentCookie('-1').statistics).toBe(false);
  });

  it('keeps essential on whatever the cookie says', () => {
    expect(parseConsentCookie('{"essential":false}').essential).toBe(true);
  });
});
