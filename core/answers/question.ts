import { foldAccents } from '../text/index.ts';

/** Longest question the answer endpoint takes; longer ones are refused, not cut. */
export const MAX_QUESTION_LENGTH = 500;

/**
 * The cache key of a question: lower case without accents, punctuation and repeated spaces,
 * so 'How do I reset my password?' and 'how do i reset my  password' share one answer.
 */
export function normaliseQuestion(question: string): string {
  return (foldAccents(question).match(/[\p{L}\p{N}]+/gu) ?? []).join(' ');
}
