/*
 * The 6-digit codes that prove a guest holds an e-mail address (sign-in help, MFA help): short
 * lived, few tries, and few per address, so neither guessing nor a flood of mails pays.
 */

export const CODE_DIGITS = 6;
export const CODE_LIFETIME_MS = 10 * 60 * 1000;
export const CODE_MAX_TRIES = 5;
/** More requests in the hour get the same answer but no mail: a flood never floods a mailbox. */
export const CODES_PER_ADDRESS_PER_HOUR = 3;
export const CODE_WINDOW_MS = 60 * 60 * 1000;

/** What a code entered against a stored one comes to, before the digits are compared. */
export type CodeState = 'live' | 'expired' | 'tries-used' | 'used';

export interface StoredCode {
  expiresAt: string;
  tries: number;
  usedAt: string | null;
}

export function codeState(code: StoredCode, now: Date): CodeState {
  if (code.usedAt !== null) return 'used';
  if (code.tries >= CODE_MAX_TRIES) return 'tries-used';
  if (new Date(code.expiresAt).getTime() <= now.getTime()) return 'expired';
  return 'live';
}

/** Six digits, spaces the visitor typed between groups forgiven. */
export function codeShape(value: string): string | undefined {
  const digits = value.replace(/\s+/g, '');
  return new RegExp(`^\\d{${CODE_DIGITS}}$`).test(digits) ? digits : undefined;
}

/** Whether another code may be mailed to an address that had `sentInWindow` in the hour. */
export function mayMailCode(sentInWindow: number): boolean {
  return sentInWindow < CODES_PER_ADDRESS_PER_HOUR;
}
