import { markdownToPlainText, userTextRenderer } from '~server/modules/content';

/** User Markdown as sanitised HTML (spec 5 'Rich text'), on its way out to a page. */
export const renderUserText = userTextRenderer('Community text');

/** Control characters other than tab and newline never belong in a post. */
function isUnwantedControl(character: string): boolean {
  const code = character.charCodeAt(0);
  return (code < 32 && character !== '\t' && character !== '\n') || code === 127;
}

export function acceptUserText(markdown: string): { body: string; bodyText: string } {
  const body = [...markdown].filter((character) => !isUnwantedControl(character)).join('');
  return { body, bodyText: markdownToPlainText(body) };
}
