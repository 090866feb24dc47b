/**
 * The value of one cookie in a Cookie header (or document.cookie), decoded. A value that is not
 * valid percent-encoding is returned as it stands rather than dropped.
 */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 0) continue;
    if (pair.slice(0, separator).trim() !== name) continue;
    const raw = pair
      .slice(separator + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

export interface CookieOptions {
  maxAgeSeconds: number;
  /** Sent only over HTTPS; set it when the site itself is served over HTTPS. */
  secure: boolean;
}

/** A Set-Cookie / document.cookie string for a site-wide cookie that follows top-level links. */
export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    `Max-Age=${Math.floor(options.maxAgeSeconds)}`,
    'Path=/',
    'SameSite=Lax',
  ];
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}
