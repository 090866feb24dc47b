import { LRUCache } from 'lru-cache';
import { createRichTextRenderer, type RichTextRenderer } from '~core/content';

/** How much rendered text each kind keeps: the characters of its keys and HTML together. */
export const USER_TEXT_KEPT_CHARS = 4_000_000;

/**
 * The renderer of one kind of text people write (a case's messages, a discussion's posts): their
 * Markdown as sanitised HTML on its way to a page. A text is written once and read on every view
 * of its page, and a long case or thread shows hundreds, each taking a fraction of a millisecond
 * to sanitise, so the HTML of recent texts is kept, up to a bound on its size, the least recently
 * used going first (docs/cases.md, "Measured"; docs/performance.md). `createRenderer` is core's
 * renderer; a test wraps it to count the renders.
 */
export function userTextRenderer(
  kind: string,
  createRenderer: typeof createRichTextRenderer = createRichTextRenderer,
): (siteUrl: string, markdown: string) => string {
  const renderers = new Map<string, RichTextRenderer>();
  const rendered = new LRUCache<string, string>({
    maxSize: USER_TEXT_KEPT_CHARS,
    sizeCalculation: (html, key) => html.length + key.length,
  });
  return (siteUrl, markdown) => {
    const key = `${siteUrl}\n${markdown}`;
    const known = rendered.get(key);
    if (known !== undefined) return known;
    let renderer = renderers.get(siteUrl);
    if (!renderer) {
      renderer = createRenderer({
        siteUrl,
        onError: (error) => console.error(`${kind} could not be sanitised`, error),
      });
      renderers.set(siteUrl, renderer);
    }
    const html = renderer.render(markdown).html;
    // One larger than the whole bound is not kept (the cache's own rule), so rendered each time.
    rendered.set(key, html);
    return html;
  };
}
