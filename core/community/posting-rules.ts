import { z } from 'zod';
import { withoutInvisibleCharacters } from '../validation/index.ts';

/*
 * The community's pure rules: what a post, title, idea or profile text must look like, the idea
 * statuses and who may move them, and the posting rate limit. The spec is silent on lengths and
 * rates; the values are documented in docs/community.md.
 */

export const IDEA_STATUSES = ['new', 'under review', 'planned', 'shipped', 'declined'] as const;
export type IdeaStatus = (typeof IDEA_STATUSES)[number];

export const IDEA_STATUS_LABELS: Readonly<Record<IdeaStatus, string>> = {
  new: 'New',
  'under review': 'Under review',
  planned: 'Planned',
  shipped: 'Shipped',
  declined: 'Declined',
};

export function isIdeaStatus(value: unknown): value is IdeaStatus {
  return typeof value === 'string' && (IDEA_STATUSES as readonly string[]).includes(value);
}

export const TITLE_MIN = 10;
export const TITLE_MAX = 200;
export const BODY_MAX = 20_000;
export const COMMENT_MAX = 5_000;
export const FLAG_REASON_MAX = 500;
export const ABOUT_MAX = 1_000;
export const MAX_TOPICS = 5;

/** Posting limit: at most this many posts (discussions, answers, comments, ideas) per window. */
export const POSTING_LIMIT = 10;
export const POSTING_WINDOW_MS = 10 * 60 * 1000;

/** Flag reasons offered by the form; 'other' asks for a note. */
export const FLAG_REASONS = ['spam', 'offensive', 'off-topic', 'other'] as const;
export type FlagReason = (typeof FLAG_REASONS)[number];
export const FLAG_REASON_LABELS: Readonly<Record<FlagReason, string>> = {
  spam: 'Spam or advertising',
  offensive: 'Rude or offensive',
  'off-topic': 'Off topic',
  other: 'Something else',
};

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

/**
 * Whether one more post fits the posting limit, given the times (epoch ms) of the author's
 * posts. Only posts inside the window ending now count.
 */
export function mayPostNow(recentPostTimes: readonly number[], now: number): boolean {
  const windowStart = now - POSTING_WINDOW_MS;
  return recentPostTimes.filter((time) => time > windowStart && time <= now).length < POSTING_LIMIT;
}

/** A shortened plain-text excerpt for lists: whole words, with an ellipsis when cut. */
export function excerptOf(plainText: string, max = 200): string {
  const flat = plainText.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}
