import { LRUCache } from 'lru-cache';
import { createRichTextRenderer, type RichTextRenderer } from '~core/content';

const renderers = new Map<string, RichTextRenderer>();

/*
 * A message is written once and read on every view of its case, by the customer, their
 * colleagues and agents, and a long case renders hundreds of them: the rendered HTML of recent
 * texts is kept, up to a bound on their total size, the least recently used going first
 * (docs/cases.md, "Measured").
 */
const rendered = new LRUCache<string, string>({
  maxSize: 4_000_000,
  sizeCalculation: (html, key) => html.length + key.length,
});

/** A case's Markdown (description, messages) as sanitised HTML on its way to the page. */
export function caseTextHtml(siteUrl: string, markdown: string): string {
  const key = `${siteUrl}\n${markdown}`;
  const known = rendered.get(key);
  if (known !== undefined) return known;
  let renderer = renderers.get(siteUrl);
  if (!renderer) {
    renderer = createRichTextRenderer({
      siteUrl,
      onError: (error) => console.error('Case text could not be sanitised', error),
    });
    renderers.set(siteUrl, renderer);
  }
  const html = renderer.render(markdown).html;
  // One larger than the whole bound is not kept (the cache's own rule), so rendered each time.
  rendered.set(key, html);
  return html;
}
