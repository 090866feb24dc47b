import type { SearchResult } from '~core/search';
import type { SearchEngine } from './search-engine.ts';
import { hubScopeOf } from './search-query-plan.ts';
import { resultOfHit } from './search-results.ts';

/** How many results of help a step offers before the ways to reach people. */
export const SUGGESTED_HELP_COUNT = 5;

/**
 * Help that may answer a question before it reaches people (the raise flow's suggested answers,
 * the contact hub's and the sign-in help's articles): the global search's first results for the
 * words, as that search shows them to this visitor, so what a visitor may not see (the partners'
 * resource library, to others) is never offered, and learning items stay in the learning search.
 */
export async function suggestedHelp(
  engine: SearchEngine,
  question: string,
  visitor: { isPartner: boolean },
  limit = SUGGESTED_HELP_COUNT,
): Promise<SearchResult[]> {
  if (question.trim() === '') return [];
  const { scope, notFilters } = hubScopeOf('support', visitor);
  const found = await engine.search({
    text: question,
    scope,
    filters: [],
    notFilters,
    facets: [],
    sort: 'relevancy',
    offset: 0,
    limit,
  });
  return found.hits.map(resultOfHit);
}
