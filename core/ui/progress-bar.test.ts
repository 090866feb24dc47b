import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PROGRESS_LABEL,
  PROGRESS_ANIMATION_DELAY_MS,
  PROGRESS_ANIMATION_DURATION_MS,
  progressBarModel,
} from './progress-bar.ts';

describe('progress bar (spec 3, 5, 9)', () => {
  it("is labelled 'Progress' by default", () => {
    expect(DEFAULT_PROGRESS_LABEL).toBe('Progress');
  });

  it('animates for 0.5 s after 10 ms', () => {
    expect(PROGRESS_ANIMATION_DELAY_MS).toBe(10);
    expect(PROGRESS_ANIMATION_DURATION_MS).toBe(500);
  });

  it.each([
    [undefined, 1],
    [3, undefined],
    ['3', 1],
    [3, '1'],
    [null, 1],
    [Number.NaN, 1],
    [3, Number.POSITIVE_INFINITY],
  ])('renders nothing unless both are numbers (total %s, progress %s)', (total, progress) => {
    expect(progressBarModel(total, progress)).toBeNull();
  });

  it("shows 'Step X of Y' when both are non-zero", () => {
    expect(progressBarModel(5, 2)).toEqual({
      total: 5,
      progress: 2,
      percent: 40,
      stepText: 'Step 2 of 5',
    });
  });

  it.each([
    [0, 0],
    [5, 0],
    [0, 3],
  ])('leaves the step text out when a value is zero (total %s, progress %s)', (total, progress) => {
    expect(progressBarModel(total, progress)?.stepText).toBeUndefined();
  });

  it('keeps the fill between 0 and 100 percent', () => {
    expect(progressBarModel(4, 9)?.percent).toBe(100);
    expect(progressBarModel(4, -1)?.percent).toBe(0);
    expect(progressBarModel(0, 3)?.percent).toBe(0);
    expect(progressBarModel(3, 1)?.percent).toBe(33.33);
  });
});
