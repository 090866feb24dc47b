/*
 * The community's pure rules that pages use too: the lengths a form shows, the idea statuses,
 * the flag reasons and the posting rate limit. The spec is silent on lengths and rates; the
 * values are documented in docs/community.md. The checks of the inputs are in posting-rules.ts.
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
