import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  readPreferenceLinkPayload,
  type PreferenceLinkPayload,
  type PreferenceLinkPurpose,
} from '~core/consent';
import { derivedKey } from '~server/modules/identity';

/** Signs and checks the links of e-mails (core/consent/preference-links.ts). */
export interface PreferenceLinks {
  sign(payload: PreferenceLinkPayload): string;
  /** The payload of a genuine link of this purpose; undefined for a forged or damaged one. */
  read(token: string, purpose: PreferenceLinkPurpose): PreferenceLinkPayload | undefined;
}

const TOKEN = /^([A-Za-z0-9_-]{1,2048})\.([A-Za-z0-9_-]{43})$/;

/**
 * Tokens are the payload's JSON and its HMAC-SHA256, both base64url, with a key of their own
 * derived from SESSION_SECRET: whoever holds the link may use it, nobody can make one.
 */
export function preferenceLinks(sessionSecret: string): PreferenceLinks {
  const key = derivedKey(sessionSecret, 'preference-links');
  const mac = (body: string) => createHmac('sha256', key).update(body).digest();
  return {
    sign(payload) {
      const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
      return `${body}.${mac(body).toString('base64url')}`;
    },
    read(token, purpose) {
      const match = TOKEN.exec(token);
      if (!match?.[1] || !match[2]) return undefined;
      const given = Buffer.from(match[2], 'base64url');
      const expected = mac(match[1]);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      return readPreferenceLinkPayload(Buffer.from(match[1], 'base64url').toString(), purpose);
    },
  };
}
