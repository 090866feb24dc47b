import { createRichTextRenderer, type RichTextRenderer } from '~core/content';

const renderers = new Map<string, RichTextRenderer>();

/** A case's Markdown (description, messages) as sanitised HTML on its way to the page. */
export function caseTextHtml(siteUrl: string, markdown: string): string {
  let renderer = renderers.get(siteUrl);
  if (!renderer) {
    renderer = createRichTextRenderer({
      siteUrl,
      onError: (error) => console.error('Case text could not be sanitised', error),
    });
    renderers.set(siteUrl, renderer);
  }
  return renderer.render(markdown).html;
}
