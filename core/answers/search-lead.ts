/*
 * Answers follow the search page's retrieval (issue 19): a passage is considered only when the
 * search the page runs for the question, as a guest of the asker's region, lists its document
 * among the first SEARCH_CANDIDATES. An answer then never cites a page the visitor's search
 * would not show (another hub's scope, content for partners only), and what the search finds
 * through synonyms, corrections and unfinished words reaches the answer. Within those documents
 * the passages are ranked by their own words (passage-ranking.ts): weighting them by the
 * search's rank as well was measured and cited the expected page less often (docs/answers.md).
 */

/** How many of the search's results an answer may draw on. */
export const SEARCH_CANDIDATES = 20;
