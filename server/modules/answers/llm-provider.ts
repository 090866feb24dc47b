import {
  isAnswerable,
  checkCitations,
  renumberCitations,
  MAX_SENTENCES,
  splitSentences,
} from '~core/answers';
import { AnswerRejectedError, type AnswerProvider } from './answer-provider.ts';
import { completeChat, type ChatCompletionsSettings } from './chat-completions.ts';
import type { Passage } from './passage-retrieval.ts';

export interface LlmProviderSettings extends ChatCompletionsSettings {
  timeoutMs: number;
}

/** How many passages the model is given. */
export const LLM_PASSAGES = 5;
/** The model's whole reply when the passages do not answer the question. */
export const NO_ANSWER_REPLY = 'NO_ANSWER';

const INSTRUCTIONS = [
  'You answer questions about an accounting product using only the numbered passages given.',
  `Write 2 to ${MAX_SENTENCES} short plain-text sentences. End every sentence with the number of the passage it is based on in square brackets, before the full stop, like this: "Select Send [2]."`,
  'Cite only the numbers of the passages given. Do not use anything you know from elsewhere.',
  `If the passages do not answer the question, reply with exactly ${NO_ANSWER_REPLY} and nothing else.`,
].join('\n');

function passageBlock(passage: Passage, number: number): string {
  const title = passage.heading
    ? `${passage.document.title}: ${passage.heading}`
    : passage.document.title;
  return `[${number}] ${title}\n${passage.text}`;
}

export function chatMessages(question: string, passages: readonly Passage[]) {
  return [
    { role: 'system' as const, content: INSTRUCTIONS },
    {
      role: 'user' as const,
      content: `Passages:\n\n${passages.map((passage, index) => passageBlock(passage, index + 1)).join('\n\n')}\n\nQuestion: ${question}`,
    },
  ];
}

/**
 * An OpenAI-compatible model's answer from the same passages the grounded provider would use.
 * Questions the passages do not cover are declined without asking the model. A reply whose
 * markers do not all map to a given passage, or with a sentence that cites nothing, is
 * rejected (the fallback provider then answers); a reply that is too slow is abandoned.
 */
export function createLlmProvider(settings: LlmProviderSettings): AnswerProvider {
  return {
    name: 'llm',
    async answer({ question, terms, retrieved }, signal) {
      if (!isAnswerable(terms, retrieved.ranked[0], retrieved.weight)) {
        return { declined: true, provider: 'llm' };
      }
      const passages = retrieved.ranked.slice(0, LLM_PASSAGES).map((entry) => entry.passage);
      const timeout = AbortSignal.timeout(settings.timeoutMs);
      const reply = (
        await completeChat(
          settings,
          chatMessages(question, passages),
          signal ? AbortSignal.any([signal, timeout]) : timeout,
        )
      ).trim();
      if (reply === NO_ANSWER_REPLY) return { declined: true, provider: 'llm' };
      const check = checkCitations(reply, passages.length);
      if (!check.ok) {
        throw new AnswerRejectedError(
          `The model's answer was discarded (${check.reason}: ${check.detail})`,
        );
      }
      // Passages of one document are one citation, numbered in the order first cited.
      const citations: Passage[] = [];
      const numbers = new Map<number, number>();
      for (const number of check.cited) {
        const passage = passages[number - 1] as Passage;
        let index = citations.findIndex((cited) => cited.citationKey === passage.citationKey);
        if (index === -1) index = citations.push(passage) - 1;
        numbers.set(number, index + 1);
      }
      const sentences = splitSentences(renumberCitations(reply, numbers));
      return { declined: false, provider: 'llm', sentences, citations };
    },
  };
}
