import type { Kysely, RawBuilder } from 'kysely';
import { highlightSuggestion, queryKey, tokenize } from '~core/search';
import { foldAccents } from '~core/text';
import { findPastQueries, findPopularQueries } from './past-queries.repository.ts';
import { scopeCondition } from './scope-condition.repository.ts';
import type { SuggestQuery, Suggestion } from './search-engine.ts';
import type { SearchTables } from './search.tables.ts';

export const DEFAULT_SUGGESTIONS = 5;
/** Searches of a query before it is suggested in an empty box, to everyone. */
export const POPULAR_QUERY_MIN_SEARCHES = 3;
// Title matches fetched before ranking them; enough to find the best few among many.
const TITLE_CANDIDATES = 200;

/** Titles containing the typed words (the last one as a beginning), in scope. */
export type TitleCandidates = (
  words: string[],
  lastIsPrefix: boolean,
  scope: RawBuilder<unknown>,
  limit: number,
) => Promise<string[]>;

/**
 * Suggestions for what is being typed: past queries of the hub that found results, then titles
 * beginning with the typed text, then the shortest titles containing its words. Before anything
 * is typed (spec 4: the list opens on focus), the hub's most searched queries.
 */
export async function suggestFrom(
  db: Kysely<SearchTables>,
  titleCandidates: TitleCandidates,
  request: SuggestQuery,
): Promise<Suggestion[]> {
  const limit = Math.max(0, Math.min(50, Math.floor(request.limit ?? DEFAULT_SUGGESTIONS)));
  const key = queryKey(request.text);
  const words = tokenize(request.text);
  if (limit === 0) return [];
  if (request.text.trim() === '') {
    const popular = await findPopularQueries(db, {
      hub: request.hub,
      limit,
      minSearches: POPULAR_QUERY_MIN_SEARCHES,
    });
    return popular.map((rawValue) => ({
      rawValue,
      highlightedValue: highlightSuggestion(rawValue, ''),
    }));
  }
  if (words.length === 0) return [];
  const past = await findPastQueries(db, { key, hub: request.hub, limit });
  const titles = await titleCandidates(
    words,
    !key.endsWith(' '),
    scopeCondition(request.scope, request.hiddenObjectTypes),
    TITLE_CANDIDATES,
  );
  const typed = foldAccents(request.text.trim());
  const rankedTitles = titles
    .map((title) => ({ title, startsWithTyped: foldAccents(title).startsWith(typed) }))
    .sort(
      (a, b) =>
        Number(b.startsWithTyped) - Number(a.startsWithTyped) ||
        a.title.length - b.title.length ||
        a.title.localeCompare(b.title),
    )
    .map((candidate) => candidate.title);
  const seen = new Set<string>();
  const suggestions: Suggestion[] = [];
  for (const rawValue of [...past, ...rankedTitles]) {
    const seenKey = queryKey(rawValue);
    if (seen.has(seenKey)) continue;
    seen.add(seenKey);
    suggestions.push({ rawValue, highlightedValue: highlightSuggestion(rawValue, request.text) });
    if (suggestions.length === limit) break;
  }
  return suggestions;
}
