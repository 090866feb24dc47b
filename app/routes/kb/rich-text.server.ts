import { createHash } from 'node:crypto';
import {
  createRichTextRenderer,
  type RenderedRichText,
  type RichTextRenderer,
} from '~core/content';
import type { PublicConfig } from '~core/site';

const renderers = new Map<string, RichTextRenderer>();

/**
 * Rendering and sanitising an article takes milliseconds, more than the rest of the page, and
 * its output depends only on the source and the renderer's options: the latest renders are
 * kept, bounded, so a popular page is sanitised once per process rather than per request.
 */
const RENDERED_CACHE_SIZE = 500;
const rendered = new Map<string, RenderedRichText>();

function rendererFor(siteUrl: string, sideNavLevels: readonly number[]): RichTextRenderer {
  const key = `${siteUrl}\n${sideNavLevels.join(',')}`;
  let renderer = renderers.get(key);
  if (!renderer) {
    renderer = createRichTextRenderer({
      siteUrl,
      sideNavLevels,
      onError: (error) => console.error('Rich text could not be sanitised', error),
    });
    renderers.set(key, renderer);
  }
  return renderer;
}

/**
 * Content Markdown as sanitised HTML, rendered on the server only (this module never reaches
 * the browser bundle). Article-like pages pass the heading levels of their side navigation.
 */
export function renderContent(
  config: Pick<PublicConfig, 'siteUrl'>,
  markdown: string,
  sideNavLevels: readonly number[] = [],
): RenderedRichText {
  const key = createHash('sha256')
    .update(`${config.siteUrl}\n${sideNavLevels.join(',')}\n${markdown}`)
    .digest('base64');
  const cached = rendered.get(key);
  if (cached) {
    // Map order is insertion order: moving a hit to the end keeps the least recent first.
    rendered.delete(key);
    rendered.set(key, cached);
    return cached;
  }
  const result = rendererFor(config.siteUrl, sideNavLevels).render(markdown);
  if (!result.plainText) {
    rendered.set(key, result);
    if (rendered.size > RENDERED_CACHE_SIZE) rendered.delete(rendered.keys().next().value ?? '');
  }
  return result;
}
