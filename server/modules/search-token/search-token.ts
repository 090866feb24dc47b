import { createHmac, timingSafeEqual } from 'node:crypto';
import { derivedKey } from '~server/modules/identity';

/**
 * Short-lived search tokens: getHeadlessConfiguration hands one out as accessToken, and the
 * search API accepts a query only with a token for its hub. A token is bound to one search hub
 * and to the visitor it was issued to (their session, or a guest's anonymous id), and signed
 * with the session secret, so no token store is needed; a token copied to another visitor is
 * refused there.
 */

/** Three times the remote-method cache (5 minutes), so a cached configuration stays usable. */
export const SEARCH_TOKEN_LIFETIME_MS = 15 * 60 * 1000;

export interface SearchTokenClaims {
  searchHub: string;
  /** The user the token was issued to; null for a guest. */
  userId: string | null;
  /** A keyed digest of the visitor's key (session id or a guest's anonymous id); null for none. */
  visitor: string | null;
  issuedAt: number;
  expiresAt: number;
}

export type SearchTokenCheck =
  | { ok: true; claims: SearchTokenClaims }
  | { ok: false; reason: 'malformed' | 'signature' | 'expired' | 'wrong-hub' | 'wrong-visitor' };

/** The signing key of search tokens, of their own so nothing else can mint one. */
export function searchTokenKey(sessionSecret: string): Buffer {
  return derivedKey(sessionSecret, 'search-token');
}

function signature(key: Buffer, payload: string): Buffer {
  return createHmac('sha256', key).update(payload).digest();
}

/** The visitor's key as the token carries it: a digest, so the token does not show the key. */
function visitorDigest(key: Buffer, visitorKey: string | null): string | null {
  if (visitorKey === null) return null;
  return createHmac('sha256', key).update(`visitor:${visitorKey}`).digest('base64url').slice(0, 22);
}

export function signSearchToken(
  key: Buffer,
  subject: { searchHub: string; userId: string | null; visitorKey: string | null },
  now: Date = new Date(),
): { token: string; expiresAt: Date } {
  const issuedAt = now.getTime();
  const claims: SearchTokenClaims = {
    searchHub: subject.searchHub,
    userId: subject.userId,
    visitor: visitorDigest(key, subject.visitorKey),
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
      (claims.visitor !== null && typeof claims.visitor !== 'string') ||
      typeof claims.issuedAt !== 'number' ||
      typeof claims.expiresAt !== 'number'
    ) {
      return undefined;
    }
    return {
      searchHub: claims.searchHub,
      userId: claims.userId,
      visitor: claims.visitor,
      issuedAt: claims.issuedAt,
      expiresAt: claims.expiresAt,
    };
  } catch {
    return undefined;
  }
}

/** Checks a token's signature, expiry, hub and visitor; the claims say whom it was issued to. */
export function verifySearchToken(
  key: Buffer,
  token: string,
  expected: { searchHub: string; visitorKey: string | null },
  now: Date = new Date(),
): SearchTokenCheck {
  const parts = token.split('.');
  if (parts.length !== 2 || !parts[0] || !parts[1]) return { ok: false, reason: 'malformed' };
  const [payload, signed] = parts as [string, string];
  const signedPayload = signature(key, payload);
  const given = Buffer.from(signed, 'base64url');
  if (given.length !== signedPayload.length || !timingSafeEqual(given, signedPayload)) {
    return { ok: false, reason: 'signature' };
  }
  const claims = readClaims(payload);
  if (claims === undefined) return { ok: false, reason: 'malformed' };
  if (now.getTime() >= claims.expiresAt) return { ok: false, reason: 'expired' };
  if (claims.searchHub !== expected.searchHub) return { ok: false, reason: 'wrong-hub' };
  if (claims.visitor !== visitorDigest(key, expected.visitorKey)) {
    return { ok: false, reason: 'wrong-visitor' };
  }
  return { ok: true, claims };
}
