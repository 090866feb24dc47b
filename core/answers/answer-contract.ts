import { z } from 'zod';
import type { SearchResultRaw } from '../search/index.ts';
import { MAX_QUESTION_LENGTH } from './question.ts';
import { FEEDBACK_REASONS, MAX_FEEDBACK_DETAILS } from './answer-api.ts';

export {
  ANSWER_STREAM_PATH,
  answerFeedbackPath,
  citationClicksPath,
  FEEDBACK_REASONS,
  MAX_FEEDBACK_DETAILS,
  type FeedbackReason,
} from './answer-api.ts';

/*
 * The generated-answer HTTP contract (docs/answers.md): the bodies the server accepts, refusing
 * anything else with 400, and the events it streams, shared with the browser's answer panel.
 */

const MAX_ID_LENGTH = 100;

export const answerStreamRequestSchema = z.object({
  searchHub: z.string().trim().min(1, 'is required').max(MAX_ID_LENGTH),
  q: z
    .string({ message: 'must be a string' })
    .max(MAX_QUESTION_LENGTH, `must be at most ${MAX_QUESTION_LENGTH} characters`)
    .refine((q) => q.trim() !== '', 'must not be empty'),
  userRegion: z.string().max(20).optional(),
  searchId: z.string().max(MAX_ID_LENGTH).optional(),
  csrfToken: z.string().optional(),
});
export type AnswerStreamRequest = z.output<typeof answerStreamRequestSchema>;

export const answerFeedbackSchema = z
  .strictObject({
    helpful: z.boolean({ message: 'must be true or false' }),
    reason: z.enum(FEEDBACK_REASONS).optional(),
    details: z
      .string()
      .max(MAX_FEEDBACK_DETAILS, `must be at most ${MAX_FEEDBACK_DETAILS} characters`)
      .optional(),
    csrfToken: z.string().optional(),
  })
  .refine((body) => !(body.helpful && body.reason !== undefined), {
    message: 'is only given when the answer was not helpful',
    path: ['reason'],
  });
export type AnswerFeedback = z.output<typeof answerFeedbackSchema>;

export const citationClickSchema = z.object({
  citationId: z.string().trim().min(1, 'is required').max(MAX_ID_LENGTH),
  csrfToken: z.string().optional(),
});
export type CitationClick = z.output<typeof citationClickSchema>;

/**
 * Spec 3 'Generated-answer citation': clickUri and fields (the cited document's raw fields, so
 * the browser rewrites the link by the rules of 2.6), with the id, title, text and source the
 * panel shows, and the number its marker carries in the answer text.
 */
export interface AnswerCitation {
  id: string;
  number: number;
  title: string;
  uri: string;
  clickUri: string;
  /** The cited passage, for the preview. */
  text: string;
  source: string;
  contentType: string;
  fields: SearchResultRaw;
}

export type AnswerProviderName = 'grounded' | 'llm';

export type AnswerStreamEvent =
  | { event: 'answer'; data: { answerId: string; cached: boolean } }
  | { event: 'citations'; data: { citations: AnswerCitation[] } }
  | { event: 'delta'; data: { text: string } }
  | { event: 'end'; data: { declined: boolean; provider: AnswerProviderName } }
  | { event: 'error'; data: { message: string } };

/** One Server-Sent Event as written on the wire. */
export function formatServerSentEvent(event: AnswerStreamEvent): string {
  return `event: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;
}
