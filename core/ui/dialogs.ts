/** Spec 2.7 'Dialogs': the labels every dialog uses. */
export const DIALOG_LABELS = {
  close: 'Cancel and close',
  processing: 'Processing',
  cancel: 'Cancel',
  ok: 'OK',
  alert: 'Alert',
} as const;

/** Spec 9: at this width or narrower a dialog fills the screen. */
export const SMALL_SCREEN_MAX_WIDTH = 480;
export const RESIZE_DEBOUNCE_MS = 300;

export function isSmallScreen(width: number): boolean {
  return width <= SMALL_SCREEN_MAX_WIDTH;
}

/** Spec 9: the body class set while a modal is open, removed 100 ms after the last one closes. */
export function modalBodyClass(prefix: string): string {
  return `${prefix}-modal-common`;
}
export const MODAL_CLASS_REMOVAL_DELAY_MS = 100;

/** Spec 8 'Component initialisation failure'. */
export const INIT_ERROR_TITLE = 'Component initialization error';
export const INIT_ERROR_HINT = 'Look at the developer console for more information.';

export function initErrorMessage(component: string): string {
  return `Fatal error: Unable to initialize the ${component} component.`;
}

export interface InitErrorState {
  /** The page (path) the dialog was shown on; it is shown at most once per page. */
  shownOnPage: string | null;
  /** The failure the dialog shows while open. */
  open: { component: string } | null;
  /** Every component flagged as failed on this page. */
  failed: readonly string[];
}

export const INITIAL_INIT_ERROR_STATE: InitErrorState = {
  shownOnPage: null,
  open: null,
  failed: [],
};

/**
 * A component failed to start: it is flagged, and the dialog opens unless it was already shown
 * on this page.
 */
export function componentFailed(
  state: InitErrorState,
  failure: { component: string; page: string },
): InitErrorState {
  const pageChanged = state.shownOnPage !== null && state.shownOnPage !== failure.page;
  const failed = pageChanged ? [] : state.failed;
  const flagged = failed.includes(failure.component) ? failed : [...failed, failure.component];
  if (state.shownOnPage === failure.page) return { ...state, failed: flagged };
  return {
    shownOnPage: failure.page,
    open: { component: failure.component },
    failed: flagged,
  };
}

export function initErrorDismissed(state: InitErrorState): InitErrorState {
  return { ...state, open: null };
}

/** What a dialog's focus trap counts as reachable by Tab. */
export const FOCUSABLE_SELECTOR = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/**
 * The focus trap: Tab on the last element goes to the first, Shift+Tab on the first (or from
 * outside the list) goes to the last. null leaves the move to the browser, which stays inside.
 * current is the focused element's index, or -1 when it is none of them.
 */
export function trappedFocusIndex(
  count: number,
  current: number,
  backwards: boolean,
): number | null {
  if (count === 0) return null;
  if (backwards) return current <= 0 ? count - 1 : null;
  return current === -1 || current === count - 1 ? 0 : null;
}
