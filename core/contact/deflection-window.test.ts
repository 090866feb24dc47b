import { describe, expect, it } from 'vitest';
import { DEFLECTION_WINDOW_MINUTES, reachedWithinWindow } from './deflection-window.ts';

const shown = new Date('2026-11-26T09:00:00.000Z');
const after = (minutes: number) => new Date(shown.getTime() + minutes * 60_000);

describe('the deflection window', () => {
  it('is 30 minutes, its last moment included', () => {
    expect(DEFLECTION_WINDOW_MINUTES).toBe(30);
    expect(reachedWithinWindow(shown, after(0))).toBe(true);
    expect(reachedWithinWindow(shown, after(30))).toBe(true);
    expect(reachedWithinWindow(shown, after(30.01))).toBe(false);
    expect(reachedWithinWindow(shown, after(24 * 60))).toBe(false);
  });

  it('counts a clock that ran backwards as within it', () => {
    expect(reachedWithinWindow(shown, after(-5))).toBe(true);
  });
});
