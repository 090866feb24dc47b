import { createHash } from 'node:crypto';

/** The 3-character prefix that tells which kind of object a record id belongs to. */
export const RECORD_PREFIX = {
  user: '005',
  case: '500',
  article: 'ka0',
  discussion: '0D5',
  topic: '0TO',
  guide: 'a0G',
  glossaryEntry: 'a0L',
  marketplaceApp: 'a0P',
  articleFeedback: 'a0F',
} as const;

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_LENGTH = 15;
// The largest multiple of 62 that fits in a byte: bytes at or above it are drawn again,
// because folding them in with a modulo would make the first characters more likely.
const UNBIASED_LIMIT = 256 - (256 % BASE62.length);
const PREFIX = /^[A-Za-z0-9]{3}$/;

/** A new 18-character record id: the object prefix and 15 random base62 characters. */
export function newRecordId(objectPrefix: string): string {
  checkPrefix(objectPrefix);
  const length = objectPrefix.length + RANDOM_LENGTH;
  const bytes = new Uint8Array(RANDOM_LENGTH);
  let id = objectPrefix;
  while (id.length < length) {
    crypto.getRandomValues(bytes);
    for (const byte of bytes) {
      if (byte < UNBIASED_LIMIT && id.length < length) {
        id += BASE62.charAt(byte % BASE62.length);
      }
    }
  }
  return id;
}

function checkPrefix(objectPrefix: string): void {
  if (!PREFIX.test(objectPrefix)) {
    throw new Error(`Record id prefix must be 3 letters or digits, got "${objectPrefix}"`);
  }
}

/**
 * The same 18-character id for the same prefix and key on every installation: the prefix and
 * 15 base62 characters drawn from SHA-256 of the key. Imported content uses it, so a fresh
 * database gives every article, guide and topic the URL it had before.
 */
export function stableRecordId(objectPrefix: string, key: string): string {
  checkPrefix(objectPrefix);
  let id = objectPrefix;
  let digest = createHash('sha256').update(`${objectPrefix}:${key}`).digest();
  while (id.length < objectPrefix.length + RANDOM_LENGTH) {
    for (const byte of digest) {
      if (byte < UNBIASED_LIMIT && id.length < objectPrefix.length + RANDOM_LENGTH) {
        id += BASE62.charAt(byte % BASE62.length);
      }
    }
    digest = createHash('sha256').update(digest).digest();
  }
  return id;
}
