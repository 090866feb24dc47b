/*
 * The generated-answer HTTP contract's paths and limits, without the schemas: the browser's
 * answer panel imports these, and zod stays out of the search page's script.
 */

export const ANSWER_STREAM_PATH = '/api/answers/stream';
export const answerFeedbackPath = (answerId: string) =>
  `/api/answers/${encodeURIComponent(answerId)}/feedback`;
export const citationClicksPath = (answerId: string) =>
  `/api/answers/${encodeURIComponent(answerId)}/citation-clicks`;

export const FEEDBACK_REASONS = [
  'irrelevant',
  'inaccurate',
  'outdated',
  'too-long',
  'harmful',
  'other',
] as const;
export type FeedbackReason = (typeof FEEDBACK_REASONS)[number];

export const MAX_FEEDBACK_DETAILS = 1000;
