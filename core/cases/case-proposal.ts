/*
 * The classifier's proposal while a customer types (docs/cases.md, "Raising a case"): when to
 * ask, what text the model reads, and when the category step takes a newer proposal. Shared by
 * the describe step's script, the proposal endpoint and the flow's Continue, so the proposal
 * shown while typing is the one the category step preselects.
 */

/** Where the describe step asks for a proposal (POST, JSON). */
export const CASE_PROPOSAL_API = '/api/cases/proposal';

/**
 * How long typing has to stop before the page asks: longer than the gap between keystrokes of
 * most typists (so a word in progress is not sent), short enough to feel like an answer.
 */
export const PROPOSAL_PAUSE_MS = 300;

/** Fewer words than this and the model would guess from how common each category is. */
export const PROPOSAL_MIN_WORDS = 3;

const WORD = /[\p{L}\p{N}]{2,}/gu;

/** The text the classifier reads: subject and description, spacing evened out. */
export function proposalText(subject: string, description: string): string {
  const even = (text: string) => text.replace(/\s+/g, ' ').trim();
  return `${even(subject)}\n${even(description)}`;
}

/** Whether a text has enough words to be worth a proposal. */
export function worthProposing(text: string): boolean {
  return (text.match(WORD)?.length ?? 0) >= PROPOSAL_MIN_WORDS;
}

/** A category and topic as one value, the way the flow carries what was proposed. */
export function proposedChoice(categoryId: string, topicId: string): string {
  return `${categoryId}/${topicId}`;
}

/**
 * Whether the category step may take the proposal for the current text: nothing is chosen
 * yet, or the choice is still the one proposed before (the customer went back and changed the
 * description). A choice the customer made is kept.
 */
export function takesNewProposal(
  choice: { categoryId: string; topicId: string },
  proposed: string,
): boolean {
  return (
    choice.categoryId === '' ||
    (proposed !== '' && proposedChoice(choice.categoryId, choice.topicId) === proposed)
  );
}

/**
 * The choice the category step goes on with. A topic is part of its category's choice: when
 * the customer picked another category but left the proposed topic as it was, that topic
 * belonged to the proposal and goes with it. A topic the customer chose is kept as chosen
 * (and refused if it is not of the category).
 */
export function chosenClassification(
  choice: { categoryId: string; topicId: string },
  proposed: string,
): { categoryId: string; topicId: string } {
  const leftFromProposal =
    choice.topicId !== '' &&
    proposed.endsWith(`/${choice.topicId}`) &&
    proposed !== proposedChoice(choice.categoryId, choice.topicId);
  return leftFromProposal ? { ...choice, topicId: '' } : choice;
}
