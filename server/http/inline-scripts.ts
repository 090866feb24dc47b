import { createHash } from 'node:crypto';

// React escapes '</script' inside the scripts it writes, so the first closing tag ends each one.
const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc\s*=)[^>]*>([\s\S]*?)<\/script\s*>/gi;

/**
 * The Content-Security-Policy hash sources (`sha256-…`) of every inline script in a page, each
 * once, in the order they first appear: a page that lists these runs its own inline scripts and
 * no others, without a nonce that would differ per response.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const content = match[1] ?? '';
    hashes.add(`sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}`);
  }
  return [...hashes];
}
