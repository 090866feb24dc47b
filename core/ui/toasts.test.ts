import { describe, expect, it } from 'vitest';
import {
  INITIAL_TOAST_STATE,
  TOAST_ICONS,
  TOAST_VARIANTS,
  containerClaimed,
  containerReleased,
  toastAdded,
  toastRemoved,
  toastVariant,
} from './toasts.ts';
import { isIconName } from './icons.ts';

describe('toasts (spec 2.7, 9)', () => {
  it('allow one container: the first to claim it', () => {
    let state = containerClaimed(INITIAL_TOAST_STATE, 'first');
    state = containerClaimed(state, 'second');
    expect(state.container).toBe('first');
    expect(containerReleased(state, 'second').container).toBe('first');
    state = containerReleased(state, 'first');
    expect(state.container).toBeNull();
    expect(containerClaimed(state, 'second').container).toBe('second');
  });

  it('add and remove toasts in order, replacing one with the same id', () => {
    let state = toastAdded(INITIAL_TOAST_STATE, { id: 'a', variant: 'info', title: 'A' });
    state = toastAdded(state, { id: 'b', variant: 'success', title: 'B' });
    state = toastAdded(state, { id: 'a', variant: 'error', title: 'A again' });
    expect(state.toasts.map((toast) => toast.title)).toEqual(['B', 'A again']);
    expect(toastRemoved(state, 'b').toasts.map((toast) => toast.id)).toEqual(['a']);
  });

  it('fall back to info for an unknown variant', () => {
    expect(toastVariant('success')).toBe('success');
    expect(toastVariant('fatal')).toBe('info');
  });

  it('draw an icon of the spec set for each variant', () => {
    for (const variant of TOAST_VARIANTS) expect(isIconName(TOAST_ICONS[variant])).toBe(true);
  });
});
