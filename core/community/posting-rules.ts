import { z } from 'zod';
import { withoutInvisibleCharacters } from '../validation/index.ts';
import {
  ABOUT_MAX,
  BODY_MAX,
  COMMENT_MAX,
  FLAG_REASON_MAX,
  FLAG_REASONS,
  MAX_TOPICS,
  TITLE_MAX,
  TITLE_MIN,
} from './posting-limits.ts';

/*
 * The community's input rules: what a post, title, idea or profile text must look like, checked
 * by the server. The limits, statuses and the posting rate limit are in posting-limits.ts,
 * which pages load without the validator. The values are documented in docs/community.md.
 */

const text = (label: string, min: number, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .transform((value) => value.replace(/\r\n?/g, '\n').trim())
    .pipe(
      z
        .string()
        .min(min, {
          error: min <= 1 ? `${label} is required.` : `${label} needs at least ${min} characters.`,
        })
        .max(max, { error: `${label} can be at most ${max} characters.` }),
    );

/** A title: one line people read, so invisible and bidi control characters are taken out. */
const title = () =>
  z
    .string({ error: 'Title is required.' })
    .transform(withoutInvisibleCharacters)
    .pipe(text('Title', TITLE_MIN, TITLE_MAX));

/** An idempotency key from a form: any opaque token the form was rendered with. */
const idempotencyKey = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'The form token is not valid; reload the page.' })
  .optional();

export const discussionInput = z.object({
  title: title(),
  body: text('Question details', 1, BODY_MAX),
  topicIds: z
    .array(z.string())
    .max(MAX_TOPICS, { error: `Choose at most ${MAX_TOPICS} topics.` })
    .default([]),
  product: z
    .string()
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  idempotencyKey,
});
export type DiscussionInput = z.input<typeof discussionInput>;

export const discussionEditInput = z.object({
  title: title(),
  body: text('Question details', 1, BODY_MAX),
});
export type DiscussionEditInput = z.input<typeof discussionEditInput>;

export const answerInput = z.object({ body: text('Answer', 1, BODY_MAX), idempotencyKey });
export type AnswerInput = z.input<typeof answerInput>;

export const commentInput = z.object({ body: text('Comment', 1, COMMENT_MAX), idempotencyKey });
export type CommentInput = z.input<typeof commentInput>;

export const postEditInput = z.object({ body: text('Text', 1, BODY_MAX) });
export type PostEditInput = z.input<typeof postEditInput>;

export const ideaInput = z.object({
  title: title(),
  body: text('Idea details', 1, BODY_MAX),
  idempotencyKey,
});
export type IdeaInput = z.input<typeof ideaInput>;

export const flagInput = z
  .object({
    reason: z.enum(FLAG_REASONS, { error: 'Choose why you are reporting this.' }),
    note: z
      .string()
      .optional()
      .transform((value) => value?.trim() ?? '')
      .pipe(
        z.string().max(FLAG_REASON_MAX, {
          error: `The note can be at most ${FLAG_REASON_MAX} characters.`,
        }),
      ),
  })
  .refine((flag) => flag.reason !== 'other' || flag.note !== '', {
    error: 'Say what is wrong with it.',
    path: ['note'],
  });
export type FlagInput = z.input<typeof flagInput>;

export const profileInput = z.object({
  about: z
    .string()
    .transform((value) => value.replace(/\r\n?/g, '\n').trim())
    .pipe(z.string().max(ABOUT_MAX, { error: `About me can be at most ${ABOUT_MAX} characters.` })),
});
export type ProfileInput = z.input<typeof profileInput>;
