import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header the learning platform signs each delivery in: 'sha256=' and the hex HMAC. */
export const SIGNATURE_HEADER = 'x-learning-signature';

/** The signature a delivery carries: HMAC-SHA256 of the raw body with the shared secret. */
export function signBody(secret: string, body: Buffer | string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** Whether `given` is the signature of exactly these bytes; compared in constant time. */
export function signatureMatches(secret: string, body: Buffer, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const expected = Buffer.from(signBody(secret, body));
  const actual = Buffer.from(given.trim());
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
