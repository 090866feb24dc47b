import { describe, expect, it } from 'vitest';
import {
  SEARCH_TOKEN_LIFETIME_MS,
  searchTokenKey,
  signSearchToken,
  verifySearchToken,
} from './search-token.ts';

const KEY = searchTokenKey('a-session-secret-of-at-least-32-characters');
const NOW = new Date('2026-03-10T12:00:00.000Z');
const HUB = 'LL_GlobalSearch';
const SESSION = 'session-id-of-the-customer';
const GUEST = 'anonymous-id-of-a-guest';

const forCustomer = { searchHub: HUB, userId: '005A', visitorKey: SESSION };
const forGuest = { searchHub: HUB, userId: null, visitorKey: GUEST };

describe('search tokens', () => {
  it('are accepted for their hub and visitor until they expire, naming the user', () => {
    const { token, expiresAt } = signSearchToken(KEY, forCustomer, NOW);
    expect(expiresAt.getTime() - NOW.getTime()).toBe(SEARCH_TOKEN_LIFETIME_MS);
    const check = verifySearchToken(KEY, token, { searchHub: HUB, visitorKey: SESSION }, NOW);
    expect(check).toMatchObject({
      ok: true,
      claims: {
        searchHub: HUB,
        userId: '005A',
        issuedAt: NOW.getTime(),
        expiresAt: expiresAt.getTime(),
      },
    });
    const lastMoment = new Date(expiresAt.getTime() - 1);
    expect(
      verifySearchToken(KEY, token, { searchHub: HUB, visitorKey: SESSION }, lastMoment).ok,
    ).toBe(true);
  });

  it('do not show the visitor key they are bound to', () => {
    const { token } = signSearchToken(KEY, forCustomer, NOW);
    const payload = Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8');
    expect(payload).not.toContain(SESSION);
  });

  it('last fifteen minutes, longer than the five-minute remote-method cache', () => {
    expect(SEARCH_TOKEN_LIFETIME_MS).toBe(15 * 60 * 1000);
  });

  it('are issued to guests with no user, bound to their anonymous id', () => {
    const { token } = signSearchToken(KEY, forGuest, NOW);
    const check = verifySearchToken(KEY, token, { searchHub: HUB, visitorKey: GUEST }, NOW);
    expect(check.ok && check.claims.userId).toBeNull();
  });

  it.each([
    ['another session', forCustomer, 'session-id-of-someone-else'],
    ['a guest', forCustomer, GUEST],
    ['a visitor with no key', forCustomer, null],
    ['another guest', forGuest, 'anonymous-id-of-another-guest'],
    ['a signed-in visitor', forGuest, SESSION],
  ])('are refused to %s', (_label, subject, visitorKey) => {
    const { token } = signSearchToken(KEY, subject, NOW);
    expect(verifySearchToken(KEY, token, { searchHub: HUB, visitorKey }, NOW)).toEqual({
      ok: false,
      reason: 'wrong-visitor',
    });
  });

  it('are refused once expired', () => {
    const { token, expiresAt } = signSearchToken(KEY, forGuest, NOW);
    expect(verifySearchToken(KEY, token, { searchHub: HUB, visitorKey: GUEST }, expiresAt)).toEqual(
      { ok: false, reason: 'expired' },
    );
  });

  it('are refused for another hub', () => {
    const { token } = signSearchToken(KEY, forGuest, NOW);
    expect(
      verifySearchToken(KEY, token, { searchHub: 'LL_LearningSearch', visitorKey: GUEST }, NOW),
    ).toEqual({ ok: false, reason: 'wrong-hub' });
  });

  it('are refused when signed with another secret', () => {
    const { token } = signSearchToken(
      searchTokenKey('another-secret-of-at-least-32-chars!!'),
      forGuest,
    );
    expect(verifySearchToken(KEY, token, { searchHub: HUB, visitorKey: GUEST }, NOW)).toEqual({
      ok: false,
      reason: 'signature',
    });
  });

  it('are refused when the claims were changed', () => {
    const { token } = signSearchToken(KEY, forGuest, NOW);
    const [, signed] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({
        searchHub: HUB,
        userId: '005B',
        visitor: null,
        issuedAt: 0,
        expiresAt: 9e15,
      }),
    ).toString('base64url');
    expect(
      verifySearchToken(KEY, `${forged}.${signed}`, { searchHub: HUB, visitorKey: null }, NOW),
    ).toEqual({ ok: false, reason: 'signature' });
  });

  it.each([[''], ['abc'], ['a.b.c'], ['.sig'], ['payload.']])(
    'refuse the malformed %j',
    (token) => {
      expect(verifySearchToken(KEY, token, { searchHub: HUB, visitorKey: null }, NOW).ok).toBe(
        false,
      );
    },
  );
});
