import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Seals a value for a cookie with AES-256-GCM: the browser can neither read nor alter it, and
 * it stops opening after `maxAgeSeconds`.
 */
export function seal(key: Buffer, value: unknown, maxAgeSeconds: number, now = Date.now()): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const plain = JSON.stringify({ value, expiresAt: now + maxAgeSeconds * 1000 });
  const encrypted = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), encrypted].map((part) => part.toString('base64url')).join('.');
}

/** The sealed value, or undefined when it was tampered with, made with another key, or expired. */
export function unseal(key: Buffer, sealed: string | undefined, now = Date.now()): unknown {
  if (!sealed) return undefined;
  const [iv, tag, encrypted, extra] = sealed.split('.');
  if (!iv || !tag || !encrypted || extra !== undefined) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const plain = Buffer.concat([
      decipher.update(Buffer.from(encrypted, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
    const parsed = JSON.parse(plain) as { value: unknown; expiresAt: number };
    return parsed.expiresAt > now ? parsed.value : undefined;
  } catch {
    return undefined;
  }
}
