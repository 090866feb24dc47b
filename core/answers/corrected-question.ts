import { editDistance, tokenize } from '../search/index.ts';

/** The shortest typed word an answer lets the search's correction change. */
export const SHORTEST_CORRECTED_WORD = 5;

/**
 * The search page's correction of a question, when an answer may follow it: only when every
 * word it changed is one letter away from the word typed, and that word has five letters or
 * more. The search corrects words of 4 letters by one and of 8 or more by up to two, which is
 * right for a list of results a visitor can see are off, but an answer states things: "renew
 * my passport" searched as "renew my password" must not be answered about passwords, nor "the
 * capital of Peru" (searched as "... of per") about working capital.
 */
export function correctedQuestion(question: string, correction: string): string | undefined {
  const typed = tokenize(question);
  const corrected = tokenize(correction);
  if (typed.length === 0 || typed.length !== corrected.length) return undefined;
  const followed = typed.every((word, index) => {
    const instead = corrected[index]!;
    return (
      word === instead ||
      (word.length >= SHORTEST_CORRECTED_WORD && editDistance(word, instead, 1) <= 1)
    );
  });
  return followed ? correction : undefined;
}
