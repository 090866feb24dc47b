/**
 * Where a visitor may be sent after signing in: a path on this site only. Anything that a
 * browser could read as another origin (a scheme, '//host', '/\host', a backslash, control
 * characters that browsers strip) falls back to the given home path.
 */
export function sameSitePath(startUrl: string | null | undefined, home: string): string {
  if (typeof startUrl !== 'string' || startUrl.length === 0) return home;
  if (!startUrl.startsWith('/')) return home;
  // '//' and '/\' are protocol-relative to browsers, which treat '\' like '/'.
  if (startUrl.startsWith('//') || startUrl.startsWith('/\\')) return home;
  if (startUrl.includes('\\')) return home;
  // Browsers drop tabs and newlines from URLs, so '/\t/evil.example' would become '//evil.example'.
  if ([...startUrl].some(isControlCharacter)) return home;
  let resolved: URL;
  try {
    resolved = new URL(startUrl, 'https://portal.invalid');
  } catch {
    return home;
  }
  if (resolved.origin !== 'https://portal.invalid') return home;
  // It becomes a Location header, which carries ASCII only: other characters go percent-encoded.
  if (/[^\x20-\x7e]/.test(startUrl))
    return `${resolved.pathname}${resolved.search}${resolved.hash}`;
  return startUrl;
}

function isControlCharacter(character: string): boolean {
  const code = character.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
}
