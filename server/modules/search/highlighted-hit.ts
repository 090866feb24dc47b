import { extractMarkedRanges } from '~core/search';
import type { SearchDocument } from './search-documents.repository.ts';
import type { SearchHit } from './search-engine.ts';

// Private-use characters: they never occur in help content, so they can mark matches safely.
export const HIGHLIGHT_OPEN = '\uE000';
export const HIGHLIGHT_CLOSE = '\uE001';

/** Marked texts (matches wrapped in HIGHLIGHT_OPEN / HIGHLIGHT_CLOSE) of one document. */
export interface MarkedTexts {
  title: string;
  body: string;
  excerpt: string;
}

/**
 * A hit with the matches of its title and of the text around them, from the texts the index
 * marked; the document's excerpt, unmarked, when nothing matched outside the title.
 */
export function highlightedHit(
  document: SearchDocument,
  score: number,
  texts: MarkedTexts | undefined,
): SearchHit {
  const title = texts
    ? extractMarkedRanges(texts.title, HIGHLIGHT_OPEN, HIGHLIGHT_CLOSE)
    : undefined;
  const excerpt = [texts?.body, texts?.excerpt]
    .filter((text): text is string => text !== undefined && text.includes(HIGHLIGHT_OPEN))
    .map((text) => extractMarkedRanges(text, HIGHLIGHT_OPEN, HIGHLIGHT_CLOSE))[0];
  return {
    document,
    score,
    titleHighlights: title?.text === document.title ? title.ranges : [],
    excerpt: excerpt?.text ?? document.excerpt,
    excerptHighlights: excerpt?.ranges ?? [],
  };
}
