import { createHmac, timingSafeEqual } from 'node:crypto';
import { REPLY_SIGNATURE_LENGTH, replyAddress } from '~core/cases';
import type { PortalConfig } from '~server/config.ts';
import { derivedKey } from '~server/modules/identity';

/*
 * Signed reply addresses (decision 024): with CASE_REPLY_ADDRESS set, a case's e-mails carry
 * Reply-To `{local}+{caseId}.{signature}@{domain}`. The signature is an HMAC of the case id
 * under a key derived from SESSION_SECRET, so nobody can make up the address of a case they
 * were never sent.
 */

export interface CaseReplySettings {
  address: string;
  key: Buffer;
}

export function caseReplySettings(config: PortalConfig): CaseReplySettings | undefined {
  const address = config.caseMail.replyAddress;
  if (!address) return undefined;
  return { address, key: derivedKey(config.sessionSecret, 'case-reply-address') };
}

export function replySignature(key: Buffer, caseId: string): string {
  return createHmac('sha256', key).update(caseId).digest('hex').slice(0, REPLY_SIGNATURE_LENGTH);
}

export function isReplySignature(key: Buffer, caseId: string, signature: string): boolean {
  const expected = Buffer.from(replySignature(key, caseId));
  const given = Buffer.from(signature.toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The Reply-To of a case's e-mails, or undefined when replies are not set up. */
export function replyToOf(replies: CaseReplySettings | undefined, caseId: string) {
  return replies
    ? replyAddress(replies.address, caseId, replySignature(replies.key, caseId))
    : undefined;
}
