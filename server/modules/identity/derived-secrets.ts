import { hkdfSync } from 'node:crypto';

/**
 * A key for one purpose, derived from SESSION_SECRET: each use (cookie sealing, CSRF, the
 * built-in provider) gets its own key, and none of them is the secret itself.
 */
export function derivedKey(sessionSecret: string, purpose: string, length = 32): Buffer {
  return Buffer.from(hkdfSync('sha256', sessionSecret, 'help-portal', purpose, length));
}
