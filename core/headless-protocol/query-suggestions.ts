import { z } from 'zod';
import { MAX_SUGGESTION_COUNT, unescapeHtml } from '../search/index.ts';
import { librarySearchSchema } from './search-request.ts';

/**
 * Query suggestions as the library reads them (POST {base}/rest/search/v2/querySuggest): each
 * completion's `highlighted` marks the parts the visitor typed with {braces} and the rest with
 * [brackets], the Search API's notation, where the portal's suggestions put <b> around the parts
 * not typed (HTML-escaped).
 */
export const querySuggestSchema = librarySearchSchema.extend({
  count: z.number().int().min(1).max(MAX_SUGGESTION_COUNT).default(5),
});

export interface PortalSuggestion {
  rawValue: string;
  highlightedValue: string;
}

export interface Completion {
  expression: string;
  score: number;
  highlighted: string;
  executableConfidence: number;
}

export function libraryHighlight(highlightedValue: string): string {
  return highlightedValue
    .split(/(<b>.*?<\/b>)/)
    .filter((part) => part !== '')
    .map((part) => {
      const bold = /^<b>(.*)<\/b>$/.exec(part);
      return bold ? `[${unescapeHtml(bold[1] ?? '')}]` : `{${unescapeHtml(part)}}`;
    })
    .join('');
}

export function completionsOf(suggestions: readonly PortalSuggestion[]): Completion[] {
  return suggestions.map((suggestion, index) => ({
    expression: suggestion.rawValue,
    // The portal orders its suggestions; a score falling with the order says the same.
    score: suggestions.length - index,
    highlighted: libraryHighlight(suggestion.highlightedValue),
    executableConfidence: 0,
  }));
}
