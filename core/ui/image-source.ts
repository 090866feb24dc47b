/** Where named static images are served (public/img). */
export const STATIC_IMAGE_BASE = '/img/';

/**
 * Spec 5 'Images': a source starting with http is used as given; anything else names a static
 * image. A leading slash on a name is dropped, so 'hero_images/x.svg' and '/hero_images/x.svg'
 * resolve alike.
 */
export function resolveImageSource(source: string): string {
  const trimmed = source.trim();
  if (/^http/i.test(trimmed)) return trimmed;
  return `${STATIC_IMAGE_BASE}${trimmed.replace(/^\/+/, '')}`;
}
