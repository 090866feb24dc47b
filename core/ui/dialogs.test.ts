import { describe, expect, it } from 'vitest';
import {
  DIALOG_LABELS,
  FOCUSABLE_SELECTOR,
  INITIAL_INIT_ERROR_STATE,
  INIT_ERROR_HINT,
  INIT_ERROR_TITLE,
  MODAL_CLASS_REMOVAL_DELAY_MS,
  RESIZE_DEBOUNCE_MS,
  componentFailed,
  initErrorDismissed,
  initErrorMessage,
  isSmallScreen,
  modalBodyClass,
  trappedFocusIndex,
} from './dialogs.ts';

describe('dialogs (spec 2.7, 9)', () => {
  it('use the spec labels', () => {
    expect(DIALOG_LABELS).toEqual({
      close: 'Cancel and close',
      processing: 'Processing',
      cancel: 'Cancel',
      ok: 'OK',
      alert: 'Alert',
    });
  });

  it('treat 480 px and narrower as a small screen', () => {
    expect(isSmallScreen(320)).toBe(true);
    expect(isSmallScreen(480)).toBe(true);
    expect(isSmallScreen(481)).toBe(false);
    expect(isSmallScreen(1280)).toBe(false);
  });

  it('debounce resizing by 300 ms', () => {
    expect(RESIZE_DEBOUNCE_MS).toBe(300);
  });

  it("mark the body with '{prefix}-modal-common', removed after 100 ms", () => {
    expect(modalBodyClass('xc')).toBe('xc-modal-common');
    expect(MODAL_CLASS_REMOVAL_DELAY_MS).toBe(100);
  });
});

describe('component initialisation error (spec 8)', () => {
  it('has the spec texts', () => {
    expect(INIT_ERROR_TITLE).toBe('Component initialization error');
    expect(initErrorMessage('Points widget')).toBe(
      'Fatal error: Unable to initialize the Points widget component.',
    );
    expect(INIT_ERROR_HINT).toBe('Look at the developer console for more information.');
  });

  it('opens the dialog for the first failure and flags the component', () => {
    const state = componentFailed(INITIAL_INIT_ERROR_STATE, {
      component: 'A',
      page: '/s/',
    });
    expect(state).toEqual({
      shownOnPage: '/s/',
      open: { component: 'A' },
      failed: ['A'],
    });
  });

  it('shows the dialog once per page, still flagging later failures', () => {
    let state = componentFailed(INITIAL_INIT_ERROR_STATE, {
      component: 'A',
      page: '/s/',
    });
    state = initErrorDismissed(state);
    state = componentFailed(state, { component: 'B', page: '/s/' });
    expect(state.open).toBeNull();
    expect(state.failed).toEqual(['A', 'B']);
    state = componentFailed(state, { component: 'A', page: '/s/' });
    expect(state.failed).toEqual(['A', 'B']);
  });

  it('keeps the first failure open while others fail', () => {
    let state = componentFailed(INITIAL_INIT_ERROR_STATE, {
      component: 'A',
      page: '/s/',
    });
    state = componentFailed(state, { component: 'B', page: '/s/' });
    expect(state.open).toEqual({ component: 'A' });
  });

  it('shows it again on another page, with a fresh list of failures', () => {
    let state = componentFailed(INITIAL_INIT_ERROR_STATE, {
      component: 'A',
      page: '/s/',
    });
    state = initErrorDismissed(state);
    state = componentFailed(state, { component: 'B', page: '/s/topiccatalog' });
    expect(state).toEqual({
      shownOnPage: '/s/topiccatalog',
      open: { component: 'B' },
      failed: ['B'],
    });
  });
});

describe('dialog focus trap', () => {
  it('wraps Tab from the last element to the first', () => {
    expect(trappedFocusIndex(3, 2, false)).toBe(0);
    expect(trappedFocusIndex(3, 1, false)).toBeNull();
  });

  it('wraps Shift+Tab from the first element to the last', () => {
    expect(trappedFocusIndex(3, 0, true)).toBe(2);
    expect(trappedFocusIndex(3, 2, true)).toBeNull();
  });

  it('brings focus from outside the list back in', () => {
    expect(trappedFocusIndex(3, -1, false)).toBe(0);
    expect(trappedFocusIndex(3, -1, true)).toBe(2);
  });

  it('leaves a dialog with nothing to focus alone', () => {
    expect(trappedFocusIndex(0, -1, false)).toBeNull();
  });

  it('counts links, enabled controls and tab stops only', () => {
    expect(FOCUSABLE_SELECTOR).toContain('button:not([disabled])');
    expect(FOCUSABLE_SELECTOR).toContain('[tabindex]:not([tabindex="-1"])');
    expect(FOCUSABLE_SELECTOR).toContain('input:not([disabled]):not([type="hidden"])');
  });
});
