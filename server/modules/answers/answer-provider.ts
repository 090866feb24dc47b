import type { AnswerProviderName } from '~core/answers';
import type { Passage, RetrievedPassages } from './passage-retrieval.ts';

export interface AnswerInput {
  question: string;
  /** The question's terms (core/answers/terms.ts). */
  terms: readonly string[];
  retrieved: RetrievedPassages;
}

export type ProvidedAnswer =
  | { declined: true; provider: AnswerProviderName }
  | {
      declined: false;
      provider: AnswerProviderName;
      /** Each sentence carries its citation markers; [n] is citations[n - 1]. */
      sentences: string[];
      citations: Passage[];
    };

/** Writes an answer to a question from the passages retrieved for it, or declines. */
export interface AnswerProvider {
  readonly name: AnswerProviderName;
  answer(input: AnswerInput, signal?: AbortSignal): Promise<ProvidedAnswer>;
}

/** The provider's answer is not usable (a stray citation, an empty reply); another one answers. */
export class AnswerRejectedError extends Error {}

/**
 * Answers with `primary`, and with `fallback` when the primary fails, times out or gives an
 * answer that is not grounded in the passages.
 */
export function withFallback(
  primary: AnswerProvider,
  fallback: AnswerProvider,
  onFallback: (error: unknown) => void = () => {},
): AnswerProvider {
  return {
    name: primary.name,
    async answer(input, signal) {
      try {
        return await primary.answer(input, signal);
      } catch (error) {
        if (signal?.aborted) throw error;
        onFallback(error);
        return fallback.answer(input, signal);
      }
    },
  };
}
