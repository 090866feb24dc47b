import { citedSentence } from './citations.ts';
import { splitSentences, wordCount } from './sentences.ts';
import { textTerms } from './terms.ts';

/*
 * The grounded answer: sentences taken word for word from the best passages, each followed by
 * the number of the passage it comes from. The best passage gives up to PRIMARY_SENTENCES in
 * the order it has them (so steps stay in order), starting at its most relevant sentence when
 * that lies further in; each supporting passage that scores close to the best gives its single
 * most relevant sentence. Passages of one document share one citation number.
 */

export const MIN_SENTENCES = 2;
export const MAX_SENTENCES = 5;
export const PRIMARY_SENTENCES = 3;
/** A passage supports the answer when its score is at least this share of the best score. */
export const SUPPORTING_SHARE = 0.6;
export const MAX_CITATIONS = 3;
/** Fewer words than this is a fragment (a label, a heading left in a list), not a sentence. */
export const MIN_SENTENCE_WORDS = 4;

export interface ComposablePassage {
  /** Passages with the same key are cited under one number (the same document). */
  citationKey: string;
  text: string;
}

export interface ComposedAnswer<P extends ComposablePassage> {
  /** The answer's sentences, each ending with its marker: 'Select Send [1].' */
  sentences: string[];
  /** The cited passages' keys by number: citations[0] is [1]. */
  citations: P[];
}

/** A sentence that can stand alone in an answer: not a lead-in to a list, not a question. */
export function isUsableSentence(sentence: string): boolean {
  return wordCount(sentence) >= MIN_SENTENCE_WORDS && !/[:?]$/.test(sentence.trim());
}

function relevance(
  sentence: string,
  question: ReadonlySet<string>,
  weight: (term: string) => number,
): number {
  return [...new Set(textTerms(sentence))]
    .filter((term) => question.has(term))
    .reduce((sum, term) => sum + weight(term), 0);
}

/** The sentences of the best passage to use: from its start, or from its most relevant one. */
export function primarySentences(
  sentences: readonly string[],
  question: ReadonlySet<string>,
  weight: (term: string) => number,
): string[] {
  if (sentences.length === 0) return [];
  const scores = sentences.map((sentence) => relevance(sentence, question, weight));
  const best = scores.indexOf(Math.max(...scores));
  const start = best < PRIMARY_SENTENCES || (scores[0] ?? 0) * 2 >= (scores[best] ?? 0) ? 0 : best;
  return sentences.slice(start, start + PRIMARY_SENTENCES);
}

/**
 * The answer from ranked passages (best first), or undefined when they hold fewer than
 * MIN_SENTENCES usable sentences.
 */
export function composeAnswer<P extends ComposablePassage>(
  ranked: readonly { passage: P; score: number }[],
  questionTerms: readonly string[],
  weight: (term: string) => number,
): ComposedAnswer<P> | undefined {
  const [top] = ranked;
  if (top === undefined) return undefined;
  const question = new Set(questionTerms);
  const citations: P[] = [];
  const numberOf = (passage: P) => {
    let index = citations.findIndex((cited) => cited.citationKey === passage.citationKey);
    if (index === -1) index = citations.push(passage) - 1;
    return index + 1;
  };
  const usable = (passage: P) => splitSentences(passage.text).filter(isUsableSentence);
  const chosen: { sentence: string; passage: P }[] = [];

  const primary = usable(top.passage);
  for (const sentence of primarySentences(primary, question, weight)) {
    chosen.push({ sentence, passage: top.passage });
  }
  const supporting = ranked
    .slice(1)
    .filter((entry) => entry.score >= top.score * SUPPORTING_SHARE)
    .map((entry) => entry.passage);
  const keys = new Set([top.passage.citationKey]);
  for (const passage of supporting) {
    if (chosen.length >= MAX_SENTENCES) break;
    if (!keys.has(passage.citationKey) && keys.size >= MAX_CITATIONS) continue;
    const candidates = usable(passage).filter(
      (sentence) => !chosen.some((entry) => entry.sentence === sentence),
    );
    const scored = candidates.map((sentence) => ({
      sentence,
      score: relevance(sentence, question, weight),
    }));
    const best = scored.reduce<(typeof scored)[number] | undefined>(
      (winner, entry) => (winner === undefined || entry.score > winner.score ? entry : winner),
      undefined,
    );
    if (best === undefined || best.score === 0) continue;
    keys.add(passage.citationKey);
    chosen.push({ sentence: best.sentence, passage });
  }
  // A short best passage is topped up with its own remaining sentences.
  for (const sentence of primary) {
    if (chosen.length >= MIN_SENTENCES) break;
    if (!chosen.some((entry) => entry.sentence === sentence)) {
      chosen.push({ sentence, passage: top.passage });
    }
  }
  if (chosen.length < MIN_SENTENCES) return undefined;
  const sentences = chosen
    .slice(0, MAX_SENTENCES)
    .map(({ sentence, passage }) => citedSentence(sentence, numberOf(passage)));
  return { sentences, citations };
}
