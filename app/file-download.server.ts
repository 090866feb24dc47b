/*
 * The headers of a file sent as a download (a case's attachment, a partner resource's file):
 * always an attachment, with the type told from its content when it was stored, and nosniff,
 * so a browser never renders a stored file as a page of the portal; never kept by caches.
 */

export function fileDownloadHeaders(file: {
  fileName: string;
  contentType: string;
  size: number;
}): Record<string, string> {
  return {
    'content-type': file.contentType,
    'content-length': String(file.size),
    'content-disposition': `attachment; filename="${asciiName(file.fileName)}"; filename*=UTF-8''${extendedName(file.fileName)}`,
    'x-content-type-options': 'nosniff',
    'cache-control': 'private, no-store',
  };
}

/** The name as RFC 8187 spells it: percent-encoded UTF-8, the characters it reserves too. */
function extendedName(name: string): string {
  return encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** The name for browsers that read only `filename`: its non-ASCII letters as underscores. */
function asciiName(name: string): string {
  return name.replace(/[^\x20-\x7e]|["\\]/g, '_');
}
