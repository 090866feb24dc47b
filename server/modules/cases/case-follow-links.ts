import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PortalConfig } from '~server/config.ts';
import { derivedKey } from '~server/modules/identity';
import { followPath } from './case-paths.ts';

/*
 * Signed links to follow a case without an account (decision 026): the owner of a case raised
 * from an e-mail address opens `{sign-in help page}?case={caseId}.{signature}`, where the
 * signature is an HMAC of the case id under a key derived from SESSION_SECRET. Only e-mails to
 * that address carry it, so holding the link is holding the address.
 */

const SIGNATURE_LENGTH = 32;

export function caseFollowKey(config: Pick<PortalConfig, 'sessionSecret'>): Buffer {
  return derivedKey(config.sessionSecret, 'case-follow-link');
}

function signature(key: Buffer, caseId: string): string {
  return createHmac('sha256', key).update(caseId).digest('base64url').slice(0, SIGNATURE_LENGTH);
}

export function followToken(key: Buffer, caseId: string): string {
  return `${caseId}.${signature(key, caseId)}`;
}

/** The case a follow link's token names, when its signature is right (compared in constant time). */
export function caseIdOfFollowToken(key: Buffer, token: string): string | undefined {
  const dot = token.lastIndexOf('.');
  if (dot <= 0 || token.length > 100) return undefined;
  const caseId = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(signature(key, caseId));
  return given.length === expected.length && timingSafeEqual(given, expected) ? caseId : undefined;
}

/** The link an owner without an account follows the case by; the bare page without the key. */
export function followUrl(siteUrl: string, key: Buffer | undefined, caseId: string): string {
  return key ? `${siteUrl}${followPath(followToken(key, caseId))}` : `${siteUrl}${followPath('')}`;
}
