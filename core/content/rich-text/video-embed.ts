/** The video players whose embeds rich text may keep, each with the path its embeds live under. */
export const VIDEO_EMBED_SOURCES = [
  { host: 'www.youtube.com', pathPrefix: '/embed/' },
  { host: 'www.youtube-nocookie.com', pathPrefix: '/embed/' },
  { host: 'player.vimeo.com', pathPrefix: '/video/' },
] as const;

/** The origins a Content Security Policy's frame-src needs for these embeds to load. */
export const VIDEO_EMBED_ORIGINS = VIDEO_EMBED_SOURCES.map((source) => `https://${source.host}`);

/** An https URL of a known player's embed page with something after the prefix. */
export function isVideoEmbedUrl(src: string | undefined): boolean {
  if (!src) return false;
  let url: URL;
  try {
    url = new URL(src.trim());
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return false;
  return VIDEO_EMBED_SOURCES.some(
    (source) =>
      url.hostname === source.host &&
      url.pathname.startsWith(source.pathPrefix) &&
      url.pathname.length > source.pathPrefix.length,
  );
}
