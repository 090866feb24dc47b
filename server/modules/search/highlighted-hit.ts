import { extractMarkedRanges } from '~core/search';
import {
  HIGHLIGHT_CLOSE,
  HIGHLIGHT_OPEN,
  type MarkedTexts,
} from './engine/search-index.repository.ts';
import type { SearchDocument } from './search-documents.repository.ts';
import type { SearchHit } from './search-engine.ts';

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
