import { createRichTextRenderer, type RichTextOptions } from './render.ts';

/** The renderer as the tests call it: the configured site, and options a test may change. */
export const SITE = 'https://help.ledgerleaf.example';

export function render(source: string, options: Partial<RichTextOptions> = {}) {
  return createRichTextRenderer({ siteUrl: SITE, ...options }).render(source);
}

export const html = (source: string, options: Partial<RichTextOptions> = {}) =>
  render(source, options).html;

export const YOUTUBE = 'https://www.youtube.com/embed/dQw4w9WgXcQ';
export const YOUTUBE_NOCOOKIE = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ';
export const VIMEO = 'https://player.vimeo.com/video/76979871';
