/** Spec 3 'Progress bar', 5 'Progress bar' and 9 'Timings'. */
export const DEFAULT_PROGRESS_LABEL = 'Progress';

/** The bar fills over half a second, starting 10 ms after it appears. */
export const PROGRESS_ANIMATION_DELAY_MS = 10;
export const PROGRESS_ANIMATION_DURATION_MS = 500;

export interface ProgressBarModel {
  total: number;
  progress: number;
  /** How full the bar is, 0 to 100. */
  percent: number;
  /** 'Step X of Y', or undefined unless both values are non-zero. */
  stepText: string | undefined;
}

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

export function stepText(progress: number, total: number): string {
  return `Step ${progress} of ${total}`;
}

/**
 * Spec 5: the bar renders only when total and progress are both numbers (a numeric string from
 * a careless payload is not one), and 'Step X of Y' appears only when both are non-zero.
 */
export function progressBarModel(total: unknown, progress: unknown): ProgressBarModel | null {
  if (!isNumber(total) || !isNumber(progress)) return null;
  const ratio = total > 0 ? progress / total : 0;
  const percent = Math.min(100, Math.max(0, Math.round(ratio * 10000) / 100));
  return {
    total,
    progress,
    percent,
    stepText: total !== 0 && progress !== 0 ? stepText(progress, total) : undefined,
  };
}
