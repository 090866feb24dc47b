import { createHmac, timingSafeEqual } from 'node:crypto';
import { derivedKey } from '~server/modules/identity';

/**
 * Short-lived search tokens: getHeadlessConfiguration hands one out as accessToken, and the
 * search API accepts a query only with a token for its hub. A token is bound to one search hub
 * and to the viewer it was issued to (a user id, or none for a guest), and signed with the
 * session secret, so no token store is needed.
 */

/** Three times the remote-method cache (5 minutes), so a cached configuration stays usable. */
export const SEARCH_TOKEN_LIFETIME_MS = 15 * 60 * 1000;

export interface SearchTokenClaims {
  searchHub: string;
  /** The user the token was issued to; null for a guest. */
  userId: string | null;
  issuedAt: number;
  expiresAt: number;
}

export type SearchTokenCheck =
  | { ok: true; claims: SearchTokenClaims }
  | { ok: false; reason: 'malformed' | 'signature' | 'expired' | 'wrong-hub' };

/** The signing key of search tokens, of their own so nothing else can mint one. */
export function searchTokenKey(sessionSecret: string): Buffer {
  return derivedKey(sessionSecret, 'search-token');
}

function signature(key: Buffer, payload: string): Buffer {
  return createHmac('sha256', key).update(payload).digest();
}

export function signSearchToken(
  key: Buffer,
  subject: { searchHub: string; userId: string | null },
  now: Date = new Date(),
): { token: string; expiresAt: Date } {
  const issuedAt = now.getTime();
  const claims: SearchTokenClaims = {
    searchHub: subject.searchHub,
    userId: subject.userId,
    issuedAt,
    expiresAt: issuedAt + SEARCH_TOKEN_LIFETIME_MS,
  };
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const token = `${payload}.${signature(key, payload).toString('base64url')}`;
  return { token, expiresAt: new Date(claims.expiresAt) };
}

function readClaims(payload: string): SearchTokenClaims | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (typeof value !== 'object' || value === null) return undefined;
    const claims = value as Record<string, unknown>;
    if (
      typeof claims.searchHub !== 'string' ||
      (claims.userId !== null && typeof claims.userId !== 'string') ||
      typeof claims.issuedAt !== 'number' ||
      typeof claims.expiresAt !== 'number'
    ) {
      return undefined;
    }
    return {
      searchHub: claims.searchHub,
      userId: claims.userId,
      issuedAt: claims.issuedAt,
      expiresAt: claims.expiresAt,
    };
  } catch {
    return undefined;
  }
}

/** Checks a token's signature, expiry and hub; the claims say whom it was issued to. */
export function verifySearchToken(
  key: Buffer,
  token: string,
  searchHub: string,
  now: Date = new Date(),
): SearchTokenCheck {
  const parts = token.split('.');
  if (parts.length !== 2 || !parts[0] || !parts[1]) return { ok: false, reason: 'malformed' };
  const [payload, signed] = parts as [string, string];
  const expected = signature(key, payload);
  const given = Buffer.from(signed, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'signature' };
  }
  const claims = readClaims(payload);
  if (claims === undefined) return { ok: false, reason: 'malformed' };
  if (now.getTime() >= claims.expiresAt) return { ok: false, reason: 'expired' };
  if (claims.searchHub !== searchHub) return { ok: false, reason: 'wrong-hub' };
  return { ok: true, claims };
}
