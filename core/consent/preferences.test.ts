import { describe, expect, it } from 'vitest';
import {
  nextChangeTime,
  checkPreferenceLink,
  normaliseEmail,
  offeredKeys,
  preferenceChanges,
  preferenceLinkPayload,
  preferenceOffer,
  PREFERENCE_LINK_LIFETIME_MS,
  readPreferenceLinkPayload,
  subscriptionsAfter,
  wantedPreferences,
  type PreferenceKey,
} from './index.ts';

const customer = preferenceOffer({ isPartner: false, hasPhone: false });

describe('what a person is offered', () => {
  it('offers the partner programme to partners only, and SMS only with a number', () => {
    expect(customer.topics).toEqual([
      'product-news',
      'webinars-events',
      'learning',
      'community-digest',
    ]);
    expect(customer.channels).toEqual(['email']);
    const partner = preferenceOffer({ isPartner: true, hasPhone: true });
    expect(partner.topics).toContain('partner-programme');
    expect(partner.channels).toEqual(['email', 'sms']);
    expect(offeredKeys(partner)).toHaveLength(10);
  });
});

describe('a saved form', () => {
  it('keeps only offered boxes', () => {
    expect([
      ...wantedPreferences(
        ['learning:email', 'learning:sms', 'partner-programme:email', 'x', 7, 'learning:email'],
        customer,
      ),
    ]).toEqual(['learning:email']);
  });

  it('changes only what differs, and nothing when saved twice', () => {
    const current = new Set<PreferenceKey>(['learning:email', 'product-news:email']);
    const wanted = new Set<PreferenceKey>(['learning:email', 'community-digest:email']);
    expect(preferenceChanges(current, wanted, customer)).toEqual([
      { topic: 'product-news', channel: 'email', subscribed: false },
      { topic: 'community-digest', channel: 'email', subscribed: true },
    ]);
    expect(preferenceChanges(wanted, wanted, customer)).toEqual([]);
  });

  it('leaves what is not offered as it is', () => {
    const current = new Set<PreferenceKey>(['partner-programme:email']);
    expect(preferenceChanges(current, new Set(), customer)).toEqual([]);
  });

  it('reads the subscriptions in force from the history, the latest change deciding', () => {
    expect([
      ...subscriptionsAfter([
        { topic: 'learning', channel: 'email', subscribed: true },
        { topic: 'product-news', channel: 'email', subscribed: true },
        { topic: 'learning', channel: 'email', subscribed: false },
      ]),
    ]).toEqual(['product-news:email']);
  });
});

describe('addresses', () => {
  it('keeps addresses in lower case without surrounding space, and refuses others', () => {
    expect(normaliseEmail('  Ana@Example.COM ')).toBe('ana@example.com');
    for (const bad of [
      '',
      'ana',
      'ana@',
      '@x.io',
      'a b@x.io',
      'a@x',
      7,
      null,
      `${'a'.repeat(250)}@x.io`,
    ]) {
      expect(normaliseEmail(bad)).toBeUndefined();
    }
  });
});

describe('signed links', () => {
  const now = new Date('2026-11-26T10:00:00Z');

  it('work until their purpose’s lifetime is over', () => {
    const link = preferenceLinkPayload('confirm', 'ana@example.com', now);
    expect(link.expiresAt - now.getTime()).toBe(PREFERENCE_LINK_LIFETIME_MS.confirm);
    expect(checkPreferenceLink(link, now, null)).toBeUndefined();
    expect(checkPreferenceLink(link, new Date(link.expiresAt), null)).toBeUndefined();
    expect(checkPreferenceLink(link, new Date(link.expiresAt + 1), null)).toBe('expired');
  });

  it('refuse to work for someone signed in with another address', () => {
    const link = preferenceLinkPayload('manage', 'ana@example.com', now);
    expect(checkPreferenceLink(link, now, 'ANA@example.com')).toBeUndefined();
    expect(checkPreferenceLink(link, now, 'ben@example.com')).toBe('other-address');
  });

  it('read back only a payload of the expected purpose', () => {
    const link = preferenceLinkPayload('unsubscribe', 'ana@example.com', now, 'learning');
    const json = JSON.stringify(link);
    expect(readPreferenceLinkPayload(json, 'unsubscribe')).toEqual(link);
    expect(readPreferenceLinkPayload(json, 'manage')).toBeUndefined();
    expect(readPreferenceLinkPayload('{bad', 'manage')).toBeUndefined();
    expect(readPreferenceLinkPayload('{"purpose":"manage","email":1}', 'manage')).toBeUndefined();
  });
});

describe('the time of a new change', () => {
  const now = new Date('2026-11-27T04:00:00.000Z');

  it('is now when the address has no change yet, or only earlier ones', () => {
    expect(nextChangeTime(now, undefined)).toBe('2026-11-27T04:00:00.000Z');
    expect(nextChangeTime(now, '2026-11-27T03:59:59.999Z')).toBe('2026-11-27T04:00:00.000Z');
  });

  it('comes just after a change of the same millisecond or a later one', () => {
    expect(nextChangeTime(now, '2026-11-27T04:00:00.000Z')).toBe('2026-11-27T04:00:00.001Z');
    expect(nextChangeTime(now, '2026-11-27T04:00:05.000Z')).toBe('2026-11-27T04:00:05.001Z');
  });
});
