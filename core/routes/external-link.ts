const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * Spec 5 'External links': a URL is external when it has a scheme or starts with //, and its
 * host differs from the current host. A URL with a scheme but no host (mailto:, tel:) names no
 * web page, so it is never external: it would only leave a blank tab behind.
 */
export function isExternalUrl(url: string, currentHost: string): boolean {
  const trimmed = url.trim();
  const protocolRelative = trimmed.startsWith('//');
  if (!protocolRelative && !SCHEME.test(trimmed)) return false;
  let host: string;
  try {
    host = new URL(protocolRelative ? `https:${trimmed}` : trimmed).host;
  } catch {
    return false;
  }
  if (host === '') return false;
  return host.toLowerCase() !== currentHost.toLowerCase();
}

/** The host of the configured site URL, which links are compared with. */
export function hostOf(siteUrl: string): string {
  return new URL(siteUrl).host;
}
