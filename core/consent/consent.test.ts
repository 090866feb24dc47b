import { describe, expect, it } from 'vitest';
import { NO_CONSENT, parseConsentCookie } from '~core/analytics';
import { REGIONS } from '~core/regions';
import {
  CONSENT_POLICY_VERSION,
  consentCookieValue,
  consentFromGroups,
  consentModeSignals,
  consentRecordSchema,
  consentRegime,
  defaultConsent,
  groupsForMethod,
  needsAsking,
  parseStoredConsent,
  serializeConsentCookie,
  consentGroupDescriptions,
  effectiveConsent,
  requestConsent,
  type StoredConsent,
} from './index.ts';

const STATISTICS_ONLY = { essential: true, preferences: false, statistics: true, marketing: false };

describe('consentFromGroups (spec 4 mirroring)', () => {
  it('maps FUNC to Preferences, PERF to Statistics and TARG to Marketing', () => {
    expect(consentFromGroups(['FUNC'])).toEqual({ ...NO_CONSENT, preferences: true });
    expect(consentFromGroups(['PERF'])).toEqual({ ...NO_CONSENT, statistics: true });
    expect(consentFromGroups(['TARG'])).toEqual({ ...NO_CONSENT, marketing: true });
    expect(consentFromGroups(['FUNC', 'PERF', 'TARG'])).toEqual({
      essential: true,
      preferences: true,
      statistics: true,
      marketing: true,
    });
  });

  it('grants nothing for no groups or unknown codes', () => {
    expect(consentFromGroups([])).toEqual(NO_CONSENT);
    expect(consentFromGroups(['perf', 'ADS', ''])).toEqual(NO_CONSENT);
  });

  it('grants everything for "Accept all" and nothing for "Reject all"', () => {
    expect(groupsForMethod('accept-all')).toEqual(['FUNC', 'PERF', 'TARG']);
    expect(groupsForMethod('reject-all')).toEqual([]);
  });
});

describe('defaults by region', () => {
  it('asks first in the UK, Canada, South Africa and the rest of the world (the EU)', () => {
    for (const region of ['UK', 'CA', 'SA', 'ROW'] as const) {
      expect(consentRegime(region)).toBe('opt-in');
      expect(defaultConsent({ region, globalPrivacyControl: false })).toEqual(NO_CONSENT);
    }
  });

  it('gives notice elsewhere: everything runs until refused', () => {
    for (const region of ['AU', 'NZ', 'US', 'HK', 'MY', 'SG'] as const) {
      expect(consentRegime(region)).toBe('notice');
      expect(defaultConsent({ region, globalPrivacyControl: false })).toEqual({
        essential: true,
        preferences: true,
        statistics: true,
        marketing: true,
      });
    }
  });

  it('takes Global Privacy Control as a refusal of marketing in every region', () => {
    for (const region of REGIONS) {
      expect(defaultConsent({ region, globalPrivacyControl: true }).marketing).toBe(false);
    }
    expect(defaultConsent({ region: 'US', globalPrivacyControl: true }).statistics).toBe(true);
  });
});

describe('the CookieConsent cookie', () => {
  const choice: StoredConsent = {
    stamp: 'b1c2d3e4-0000-4000-8000-123456789abc',
    state: STATISTICS_ONLY,
    method: 'choose',
    version: CONSENT_POLICY_VERSION,
    region: 'UK',
    utc: 1_790_000_000_000,
  };

  it('writes the state the analytics read back', () => {
    expect(parseConsentCookie(consentCookieValue(choice))).toEqual(STATISTICS_ONLY);
    expect(JSON.parse(consentCookieValue(choice))).toMatchObject({
      necessary: true,
      preferences: false,
      statistics: true,
      marketing: false,
      ver: CONSENT_POLICY_VERSION,
    });
  });

  it('lasts 365 days, site-wide', () => {
    const cookie = serializeConsentCookie(choice, true);
    expect(cookie).toMatch(/^CookieConsent=%7B/);
    expect(cookie).toContain('Max-Age=31536000');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('Secure');
    expect(serializeConsentCookie(choice, false)).not.toContain('Secure');
  });

  it('reads back what it wrote', () => {
    expect(parseStoredConsent(consentCookieValue(choice))).toEqual(choice);
  });

  it('reads a foreign or older cookie for its state, with no version and no stamp', () => {
    expect(parseStoredConsent("{stamp:'x',preferences:true,statistics:false}")).toMatchObject({
      stamp: '',
      version: 0,
      state: { preferences: true, statistics: false, marketing: false },
    });
    expect(parseStoredConsent('{"statistics":true,"ver":"2","stamp":"<script>"}')).toMatchObject({
      stamp: '',
      version: 0,
      region: 'ROW',
    });
    expect(parseStoredConsent('')).toBeNull();
    expect(parseStoredConsent(undefined)).toBeNull();
  });

  it('asks again with no choice or one made under an older policy', () => {
    expect(needsAsking(null)).toBe(true);
    expect(needsAsking(choice)).toBe(false);
    expect(needsAsking({ ...choice, version: 0 })).toBe(true);
    expect(needsAsking(choice, CONSENT_POLICY_VERSION + 1)).toBe(true);
  });
});

describe('Consent Mode v2 signals', () => {
  it('denies everything before consent, except security storage', () => {
    expect(consentModeSignals(NO_CONSENT)).toEqual({
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      analytics_storage: 'denied',
      functionality_storage: 'denied',
      personalization_storage: 'denied',
      security_storage: 'granted',
    });
  });

  it('grants analytics storage for statistics and the advertising signals for marketing', () => {
    expect(consentModeSignals(STATISTICS_ONLY)).toMatchObject({
      analytics_storage: 'granted',
      ad_storage: 'denied',
    });
    expect(consentModeSignals({ ...NO_CONSENT, marketing: true })).toMatchObject({
      analytics_storage: 'denied',
      ad_storage: 'granted',
      ad_user_data: 'granted',
      ad_personalization: 'granted',
    });
    expect(consentModeSignals({ ...NO_CONSENT, preferences: true })).toMatchObject({
      functionality_storage: 'granted',
      personalization_storage: 'granted',
    });
  });
});

describe('consent records and group descriptions', () => {
  it('accepts a banner report and refuses unknown groups or ids', () => {
    const report = {
      visitorId: 'b1c2d3e4-0000-4000-8000-123456789abc',
      groups: ['PERF'],
      method: 'choose',
      policyVersion: 1,
      region: 'UK',
    };
    expect(consentRecordSchema.parse(report)).toMatchObject({ globalPrivacyControl: false });
    expect(consentRecordSchema.safeParse({ ...report, groups: ['ADS'] }).success).toBe(false);
    expect(consentRecordSchema.safeParse({ ...report, visitorId: '<x>' }).success).toBe(false);
    expect(consentRecordSchema.safeParse({ ...report, region: 'FR' }).success).toBe(false);
  });

  it('describes every group with the cookies it covers', () => {
    const groups = consentGroupDescriptions('LL');
    expect(groups.map((group) => group.code)).toEqual([null, 'FUNC', 'PERF', 'TARG']);
    expect(groups.map((group) => group.name)).toEqual([
      'Strictly necessary',
      'Preferences',
      'Statistics',
      'Marketing',
    ]);
    for (const group of groups) expect(group.cookies.length).toBeGreaterThan(0);
    expect(groups[0]?.cookies).toContain(
      'LLREGION and regionStorage (only once you pick a region)',
    );
  });
});

describe('the consent a request or page comes with', () => {
  const headers = { cookie: undefined, acceptLanguage: undefined, secGpc: undefined };

  it('is the stored choice when there is one, whatever the region', () => {
    const cookie = `LLREGION=US; CookieConsent=${encodeURIComponent('{"statistics":false}')}`;
    expect(requestConsent({ ...headers, cookie }, 'LL')).toEqual(NO_CONSENT);
    expect(
      effectiveConsent('{"statistics":true}', { region: 'US', globalPrivacyControl: true }),
    ).toEqual(STATISTICS_ONLY);
  });

  it("is the region's default before a choice, the region from its cookie or the languages", () => {
    expect(requestConsent({ ...headers, cookie: 'LLREGION=AU' }, 'LL').statistics).toBe(true);
    expect(requestConsent({ ...headers, cookie: 'LLREGION=UK' }, 'LL')).toEqual(NO_CONSENT);
    expect(requestConsent({ ...headers, acceptLanguage: 'en-GB' }, 'LL')).toEqual(NO_CONSENT);
    expect(requestConsent({ ...headers, acceptLanguage: 'en-AU' }, 'LL').statistics).toBe(true);
  });

  it('refuses marketing when the browser sends Sec-GPC: 1', () => {
    const american = { ...headers, cookie: 'LLREGION=US' };
    expect(requestConsent(american, 'LL').marketing).toBe(true);
    expect(requestConsent({ ...american, secGpc: '1' }, 'LL').marketing).toBe(false);
  });
});
