import { isValidEmail, withoutInvisibleCharacters } from '../validation/index.ts';

/*
 * Proving a visitor holds an e-mail address without an account (docs/contact-support.md): a
 * 6-digit code by e-mail, good for 10 minutes and 5 tries, at most 3 per address an hour, and
 * the proof it gives for the next step, good for 30 minutes.
 */

export const CODE_DIGITS = 6;
export const CODE_MINUTES = 10;
export const CODE_TRIES = 5;
export const CODES_PER_ADDRESS_PER_HOUR = 3;
export const PROOF_MINUTES = 30;

/**
 * The flows that prove an address by code; a code proves it for its own flow only. `chat` is a
 * guest's chat that becomes a case when no agent is online.
 */
export const GUEST_FLOWS = ['sign-in-help', 'mfa-help', 'chat'] as const;
export type GuestFlow = (typeof GUEST_FLOWS)[number];

export const EMAIL_MESSAGE = 'Enter an e-mail address such as name@example.com.';

/** The address as it is compared and stored: trimmed and lower-cased; undefined when invalid. */
export function guestAddress(typed: string): string | undefined {
  const address = withoutInvisibleCharacters(typed).trim().toLowerCase();
  return isValidEmail(address) ? address : undefined;
}

/** The code as typed, spaces and dashes left out; undefined when it is not 6 digits. */
export function typedCode(typed: string): string | undefined {
  const digits = typed.replace(/[\s-]/g, '');
  return new RegExp(`^\\d{${CODE_DIGITS}}$`).test(digits) ? digits : undefined;
}

/** A number from 0 to 999 999 (drawn by the caller) as the 6 digits mailed. */
export function codeOf(drawn: number): string {
  return String(Math.abs(Math.trunc(drawn)) % 10 ** CODE_DIGITS).padStart(CODE_DIGITS, '0');
}

export function codeExpiry(now: Date): Date {
  return new Date(now.getTime() + CODE_MINUTES * 60_000);
}

export interface CodeState {
  expiresAt: string;
  tries: number;
  verifiedAt: string | null;
}

/** Whether a code may still be tried: not expired, not used, tries left. */
export function codeUsable(code: CodeState, now: Date): boolean {
  return (
    code.verifiedAt === null &&
    code.tries < CODE_TRIES &&
    Date.parse(code.expiresAt) > now.getTime()
  );
}

/** Whether the proof a code gave still carries the visitor on. */
export function proofUsable(verifiedAt: string | null, now: Date): boolean {
  return verifiedAt !== null && Date.parse(verifiedAt) + PROOF_MINUTES * 60_000 > now.getTime();
}

/**
 * Which code rows the purge may delete: a code past its 10 minutes that gave no proof, or whose
 * proof's 30 minutes are over. Neither can carry a visitor on any more (codeUsable,
 * proofUsable); the limits are counted elsewhere, so nothing else reads them.
 */
export function codePurgeCutoffs(now: Date): { expiredBy: string; verifiedBefore: string } {
  return {
    expiredBy: now.toISOString(),
    verifiedBefore: new Date(now.getTime() - PROOF_MINUTES * 60_000).toISOString(),
  };
}

export const CODE_REFUSED =
  'This code is not right, or it has expired. Check the latest e-mail we sent, or ask for a new code.';
