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

describe('search tokens', () => {
  it('are accepted for their hub until they expire, naming the user', () => {
    const { token, expiresAt } = signSearchToken(KEY, { searchHub: HUB, userId: '005A' }, NOW);
    expect(expiresAt.getTime() - NOW.getTime()).toBe(SEARCH_TOKEN_LIFETIME_MS);
    expect(verifySearchToken(KEY, token, HUB, NOW)).toEqual({
      ok: true,
      claims: {
        searchHub: HUB,
        userId: '005A',
        issuedAt: NOW.getTime(),
        expiresAt: expiresAt.getTime(),
      },
    });
    const lastMoment = new Date(expiresAt.getTime() - 1);
    expect(verifySearchToken(KEY, token, HUB, lastMoment).ok).toBe(true);
  });

  it('last fifteen minutes, longer than the five-minute remote-method cache', () => {
    expect(SEARCH_TOKEN_LIFETIME_MS).toBe(15 * 60 * 1000);
  });

  it('are issued to guests with no user', () => {
    const { token } = signSearchToken(KEY, { searchHub: HUB, userId: null }, NOW);
    const check = verifySearchToken(KEY, token, HUB, NOW);
    expect(check.ok && check.claims.userId).toBeNull();
  });

  it('are refused once expired', () => {
    const { token, expiresAt } = signSearchToken(KEY, { searchHub: HUB, userId: null }, NOW);
    expect(verifySearchToken(KEY, token, HUB, expiresAt)).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('are refused for another hub', () => {
    const { token } = signSearchToken(KEY, { searchHub: HUB, userId: null }, NOW);
    expect(verifySearchToken(KEY, token, 'LL_LearningSearch', NOW)).toEqual({
      ok: false,
      reason: 'wrong-hub',
    });
  });

  it('are refused when signed with another secret', () => {
    const { token } = signSearchToken(searchTokenKey('another-secret-of-at-least-32-chars!!'), {
      searchHub: HUB,
      userId: null,
    });
    expect(verifySearchToken(KEY, token, HUB, NOW)).toEqual({ ok: false, reason: 'signature' });
  });

  it('are refused when the claims were changed', () => {
    const { token } = signSearchToken(KEY, { searchHub: HUB, userId: null }, NOW);
    const [, signed] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ searchHub: HUB, userId: '005B', issuedAt: 0, expiresAt: 9e15 }),
    ).toString('base64url');
    expect(verifySearchToken(KEY, `${forged}.${signed}`, HUB, NOW)).toEqual({
      ok: false,
      reason: 'signature',
    });
  });

  it.each([[''], ['abc'], ['a.b.c'], ['.sig'], ['payload.']])(
    'refuse the malformed %j',
    (token) => {
      expect(verifySearchToken(KEY, token, HUB, NOW).ok).toBe(false);
    },
  );
});
