import { createHash } from 'node:crypto';
import { RECORD_PREFIX, type RecordKind } from '~core/records';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const RANDOM_LENGTH = 15;
// The largest multiple of 62 that fits in a byte: bytes at or above it are drawn again,
// because folding them in with a modulo would make the first characters more likely.
const UNBIASED_LIMIT = 256 - (256 % BASE62.length);

/** Appends base62 characters drawn from the bytes to the id until it has its 18 characters. */
function extend(id: string, bytes: Uint8Array): string {
  let extended = id;
  for (const byte of bytes) {
    if (byte < UNBIASED_LIMIT && extended.length < 3 + RANDOM_LENGTH) {
      extended += BASE62.charAt(byte % BASE62.length);
    }
  }
  return extended;
}

/** A new 18-character record id: its kind's prefix and 15 random base62 characters. */
export function newRecordId(kind: RecordKind): string {
  const bytes = new Uint8Array(RANDOM_LENGTH);
  let id: string = RECORD_PREFIX[kind];
  while (id.length < 3 + RANDOM_LENGTH) {
    crypto.getRandomValues(bytes);
    id = extend(id, bytes);
  }
  return id;
}

/**
 * The same 18-character id for the same kind and key on every installation: the prefix and
 * 15 base62 characters drawn from SHA-256 of the key. Imported content uses it, so a fresh
 * database gives every article, guide and topic the URL it had before.
 */
export function stableRecordId(kind: RecordKind, key: string): string {
  const prefix = RECORD_PREFIX[kind];
  let id: string = prefix;
  let digest = createHash('sha256').update(`${prefix}:${key}`).digest();
  while (id.length < 3 + RANDOM_LENGTH) {
    id = extend(id, digest);
    digest = createHash('sha256').update(digest).digest();
  }
  return id;
}
