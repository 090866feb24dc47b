/*
 * The no-answer decision: an answer is composed only when the best passage covers most of what
 * the question asks, measured as the share of the question's term weight (termWeight in
 * passage-ranking.ts) that the passage or its titles contain. Terms the content never uses weigh
 * the most, so a question about something else entirely is declined rather than answered
 * from a passage that shares only its everyday words.
 */

/** Share of the question's term weight the best passage must contain. */
export const MIN_COVERAGE = 0.5;

/** What the panel says when the content does not answer the question. */
export const NO_ANSWER_TEXT =
  "I couldn't find an answer to that in our help content. Try the search results, or rephrase your question.";

export function coverage(
  questionTerms: readonly string[],
  matched: readonly string[],
  weight: (term: string) => number,
): number {
  const terms = [...new Set(questionTerms)];
  const total = terms.reduce((sum, term) => sum + weight(term), 0);
  if (total <= 0) return 0;
  const found = new Set(matched);
  return (
    terms.filter((term) => found.has(term)).reduce((sum, term) => sum + weight(term), 0) / total
  );
}

/**
 * Whether the best passage answers the question: the question must have at least one term
 * and the passage must cover MIN_COVERAGE of its weight. A question of only stop words ('how
 * do I?') asks nothing that can be answered.
 */
export function isAnswerable(
  questionTerms: readonly string[],
  best: { matched: readonly string[] } | undefined,
  weight: (term: string) => number,
): boolean {
  if (questionTerms.length === 0 || best === undefined) return false;
  return coverage(questionTerms, best.matched, weight) >= MIN_COVERAGE;
}
