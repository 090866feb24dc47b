import { createRichTextRenderer, type RichTextRenderer } from '~core/content';
import { markdownToPlainText } from '~server/modules/content';

const renderers = new Map<string, RichTextRenderer>();

/** User Markdown as sanitised HTML (spec 5 'Rich text'), on its way out to a page. */
export function renderUserText(siteUrl: string, markdown: string): string {
  let renderer = renderers.get(siteUrl);
  if (!renderer) {
    renderer = createRichTextRenderer({
      siteUrl,
      onError: (error) => console.error('Community text could not be sanitised', error),
    });
    renderers.set(siteUrl, renderer);
  }
  return renderer.render(markdown).html;
}

/** Control characters other than tab and newline never belong in a post. */
function isUnwantedControl(character: string): boolean {
  const code = character.charCodeAt(0);
  return (code < 32 && character !== '\t' && character !== '\n') || code === 127;
}

export function acceptUserText(markdown: string): { body: string; bodyText: string } {
  const body = [...markdown].filter((character) => !isUnwantedControl(character)).join('');
  return { body, bodyText: markdownToPlainText(body) };
}
