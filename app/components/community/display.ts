import { discussionDateLabel } from '~core/search';
import { countLabel } from '~core/ui';

/** Spec 9: community dates read 'D Month YYYY'; a value that is no date shows nothing. */
export function communityDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : discussionDateLabel(date);
}

/** The counts a discussion card shows, each with its plural (spec 5 'Plurals'). */
export function discussionCounts(summary: { answerCount: number; upvoteCount: number }): string[] {
  return [countLabel(summary.answerCount, 'answer'), countLabel(summary.upvoteCount, 'upvote')];
}

/**
 * The fragment a page links to for one answer or comment, so a redirect after posting and the
 * feed's links land on it.
 */
export function postAnchor(id: string): string {
  return `post-${id}`;
}

/** Where a knowledge-base topic page lists the topic's discussions. */
export const TOPIC_DISCUSSIONS_ANCHOR = 'discussions';

/** The question's own place on a discussion page. */
export const QUESTION_ANCHOR = 'question';

/** Where the answer form sits on a discussion page; guests return here after signing in. */
export const ANSWER_ANCHOR = 'answer';

/**
 * The path and query a guest returns to after signing in, with the place on the page to go
 * back to. The path comes from the page itself, so it is always on this site.
 */
export function returnPath(pathname: string, search: string, anchor?: string): string {
  return `${pathname}${search}${anchor ? `#${anchor}` : ''}`;
}

/**
 * One idempotency key per form on a page: the page's token made when it was rendered, plus the
 * form's own name, within the service's rule (8–64 of A-Za-z0-9_-). A long form name keeps its
 * end, which names the post, so forms on one page never share a key.
 */
export function formIdempotencyKey(pageToken: string, formId: string): string {
  const token = pageToken.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32);
  const name = formId.replace(/[^A-Za-z0-9_-]/g, '_');
  return `${token}-${name.slice(Math.max(0, name.length - (63 - token.length)))}`;
}
