import { editDistance, tokenize } from '../search/index.ts';

/**
 * The search page's correction of a question, when an answer may follow it: only when every
 * word it changed is one letter away from the word typed. The search corrects words of 8
 * letters or more by up to two (query.ts allowedEdits), which is right for a list of results
 * a visitor can see are off, but an answer states things: "renew my passport" searched as
 * "renew my password" must not be answered about passwords.
 */
export function correctedQuestion(question: string, correction: string): string | undefined {
  const typed = tokenize(question);
  const corrected = tokenize(correction);
  if (typed.length !== corrected.length) return undefined;
  const oneLetterEach = typed.every((word, index) => editDistance(word, corrected[index]!, 1) <= 1);
  return oneLetterEach ? correction : undefined;
}
