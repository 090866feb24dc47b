import { MAX_QUERY_LENGTH } from './request-fields.ts';

/** What a search is run for when the typed text is longer than a query may be. */
export interface CutQuery {
  text: string;
  /** The typed text was longer than MAX_QUERY_LENGTH and only its beginning is searched. */
  cut: boolean;
}

/**
 * A pasted page of text is searched by its first MAX_QUERY_LENGTH characters, ending at the last
 * whole word when there is one, so no half word is searched for; the page says it was cut.
 */
export function cutQuery(typed: string, max = MAX_QUERY_LENGTH): CutQuery {
  const chars = Array.from(typed);
  if (chars.length <= max) return { text: typed, cut: false };
  const head = chars.slice(0, max).join('');
  const nextIsSpace = /\s/u.test(chars[max] ?? '');
  const lastSpace = head.search(/\s\S*$/u);
  const text = nextIsSpace || lastSpace <= 0 ? head : head.slice(0, lastSpace);
  return { text: text.trimEnd(), cut: true };
}
