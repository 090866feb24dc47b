import { isAnswerable, composeAnswer } from '~core/answers';
import type { AnswerProvider } from './answer-provider.ts';

/** The passages the composer looks through beyond the best one. */
const CANDIDATES = 8;

/**
 * The default provider, needing no external service: an extractive answer of 2–5 sentences
 * from the best passages (core/answers/compose.ts), or a refusal when they do not cover the
 * question (core/answers/answerability.ts).
 */
export const groundedProvider: AnswerProvider = {
  name: 'grounded',
  async answer({ terms, retrieved }) {
    const declined = { declined: true, provider: 'grounded' } as const;
    if (!isAnswerable(terms, retrieved.ranked[0], retrieved.weight)) return declined;
    const composed = composeAnswer(retrieved.ranked.slice(0, CANDIDATES), terms, retrieved.weight);
    if (composed === undefined) return declined;
    return { declined: false, provider: 'grounded', ...composed };
  },
};
