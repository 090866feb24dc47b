/** 'Was this helpful?': the reasons a visitor can give for a dislike, and the request body. */

import { MAX_FEEDBACK_DETAILS, type FeedbackReason } from '~core/answers';

/** The contract's reasons (FEEDBACK_REASONS), with the words the visitor chooses from. */
export const DISLIKE_REASONS: readonly { value: FeedbackReason; label: string }[] = [
  { value: 'irrelevant', label: 'It didn’t answer my question' },
  { value: 'inaccurate', label: 'It’s wrong' },
  { value: 'outdated', label: 'It’s out of date' },
  { value: 'too-long', label: 'It’s too long' },
  { value: 'harmful', label: 'It’s harmful or offensive' },
  { value: 'other', label: 'Something else' },
];

export type DislikeReason = FeedbackReason;

export type FeedbackBody =
  { helpful: true } | { helpful: false; reason: DislikeReason; details?: string };

export function isDislikeReason(value: string): value is DislikeReason {
  return DISLIKE_REASONS.some((reason) => reason.value === value);
}

/**
 * The body of a dislike, or the message that tells the visitor what to fix. A reason is asked
 * for (the point of asking is to learn what went wrong); the text is optional, sent trimmed and
 * only when there is some.
 */
export function dislikeBody(
  reason: string,
  details: string,
): { body: FeedbackBody } | { error: string } {
  if (!isDislikeReason(reason)) return { error: 'Choose what was wrong with the answer.' };
  const text = details.trim();
  if (text.length > MAX_FEEDBACK_DETAILS)
    return { error: `Keep your comment to ${MAX_FEEDBACK_DETAILS} characters or fewer.` };
  return { body: { helpful: false, reason, ...(text === '' ? {} : { details: text }) } };
}
