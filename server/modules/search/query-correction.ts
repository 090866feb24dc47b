import {
  chooseCorrection,
  correctableWords,
  replaceWords,
  type ParsedQuery,
  type VocabularyWord,
} from '~core/search';

/** What a correction reads from an index's vocabulary of words as written. */
export interface Vocabulary {
  /** Documents containing each word as written (0 when unknown). */
  wordCounts(words: string[]): Promise<Map<string, number>>;
  /** Vocabulary words that may be what a misspelt word meant. */
  correctionCandidates(word: string): Promise<VocabularyWord[]>;
}

/**
 * The query with each word the index does not know replaced by the closest word it does
 * (core/search chooseCorrection); undefined when no word needs or has a correction.
 */
export async function correctQuery(
  vocabulary: Vocabulary,
  query: ParsedQuery,
): Promise<ParsedQuery | undefined> {
  const words = [...new Set(correctableWords(query))];
  if (words.length === 0) return undefined;
  const counts = await vocabulary.wordCounts(words);
  const replacements = new Map<string, string>();
  for (const word of words) {
    if ((counts.get(word) ?? 0) > 0) continue;
    const replacement = chooseCorrection(word, await vocabulary.correctionCandidates(word));
    if (replacement !== undefined) replacements.set(word, replacement);
  }
  return replacements.size === 0 ? undefined : replaceWords(query, replacements);
}
