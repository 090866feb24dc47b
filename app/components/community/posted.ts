import { createPageStore } from '../ui/page-store.ts';

/*
 * After a form posts a question, answer, comment or idea, its action redirects (303) to the new
 * post's place: `#post-{id}` on the same page, or the page of a new discussion or idea. The
 * form notes what it posts as it is sent; the page that comes back takes the note, moves focus
 * to the new post and announces it. The note lives outside React Router's navigation, since a
 * redirect carries no state and the page it lands on may be another route.
 */

export type PostedKind = 'question' | 'answer' | 'comment' | 'idea';

export const POSTED_MESSAGES: Readonly<Record<PostedKind, string>> = {
  question: 'Your question was posted.',
  answer: 'Your answer was posted.',
  comment: 'Your comment was posted.',
  idea: 'Your idea was posted.',
};

/** A post on its way: what it is and the path of the page its form was on. */
export interface PendingPost {
  kind: PostedKind;
  from: string;
}

export interface PostedState {
  pending: PendingPost | null;
  /** What the page's live region says: the post that just landed, or nothing. */
  message: string;
}

export const NOTHING_POSTED: PostedState = { pending: null, message: '' };

export const posted = createPageStore<PostedState>(NOTHING_POSTED);

/**
 * A posting form was sent from the page at `from`. The last message goes, so the next one is
 * heard even when it says the same.
 */
export function expectPost(kind: PostedKind, from: string): void {
  posted.update(() => ({ pending: { kind, from }, message: '' }));
}

/** The form was refused: nothing was posted. */
export function forgetPost(): void {
  posted.update((state) => (state.pending ? { ...state, pending: null } : state));
}

/** On reaching a page: the post on its way, if any, which only this page may take. */
export function takePendingPost(): PendingPost | null {
  const { pending } = posted.get();
  posted.update((state) => (state === NOTHING_POSTED ? state : NOTHING_POSTED));
  return pending;
}

export function announcePost(kind: PostedKind): void {
  posted.update(() => ({ pending: null, message: POSTED_MESSAGES[kind] }));
}

/**
 * The id of the element the new post is, on the page the form's redirect landed on; null when
 * the landing says the post was not made. Answers and comments land on their own page at
 * `#post-{id}`; a new discussion or idea opens its own page, where `pageTarget` is its post.
 */
export function postedTarget(
  pending: PendingPost,
  landing: { pathname: string; hash: string },
  pageTarget: string,
): string | null {
  if (pending.kind === 'answer' || pending.kind === 'comment') {
    const samePage = landing.pathname === pending.from;
    return samePage && landing.hash.startsWith('#post-') ? landing.hash.slice(1) : null;
  }
  return landing.pathname === pending.from ? null : pageTarget;
}

/** Moves focus to a post, which becomes focusable (but not a tab stop) for it. */
export function focusPost(
  element: Pick<HTMLElement, 'hasAttribute' | 'setAttribute' | 'focus'>,
): void {
  if (!element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus();
}
