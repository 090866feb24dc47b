import type { Kysely } from 'kysely';
import { proposalText, typedWords, worthProposing, type RaisableQueue } from '~core/cases';
import type { Database } from '~server/db/schema.ts';
import { listCaseCategories } from './cases.service.ts';
import { proposeCaseCategory } from './classifier.service.ts';

/*
 * The category proposal as the customer sees it, while typing (the proposal endpoint) and on
 * the category step after Continue: one function, so both show the same for the same text.
 */

export interface CategoryProposal {
  categoryId: string;
  categoryName: string;
  /** Empty when the model proposes the category without one of its topics. */
  topicId: string;
  topicName: string;
  /** How sure the model is, 0 to 100. */
  percent: number;
  /** The words of the text that counted most, as the customer typed them. */
  because: string[];
}

/**
 * The proposal for what was typed so far, or nothing: too few words, an unsure model, or a
 * category that is no longer offered (the model was trained before the help topics changed).
 */
export async function proposeCategory(
  db: Kysely<Database>,
  queue: RaisableQueue,
  typed: { subject: string; description: string },
): Promise<CategoryProposal | undefined> {
  const text = proposalText(typed.subject, typed.description);
  if (!worthProposing(text)) return undefined;
  const [guess, categories] = await Promise.all([
    proposeCaseCategory(db, queue, text),
    listCaseCategories(db, queue),
  ]);
  const category = guess && categories.find((candidate) => candidate.id === guess.categoryId);
  if (!guess || !category) return undefined;
  const topic = category.topics.find((candidate) => candidate.id === guess.topicId);
  return {
    categoryId: category.id,
    categoryName: category.name,
    topicId: topic?.id ?? '',
    topicName: topic?.name ?? '',
    percent: Math.round(guess.probability * 100),
    because: typedWords(text, guess.because),
  };
}
