/** Spec 2.7, 4 'Recommendations' and 5 'Headings': the recommendation block's rules. */

/** Spec 9: the home page's blocks show 3 results each. */
export const HOME_RECOMMENDATION_RESULTS = 3;
/** A block that is not told how many results to show asks for the result list default. */
export const DEFAULT_RECOMMENDATION_RESULTS = 10;
export const SHOW_MORE_LABEL = 'Show more';

export interface RecommendationHeading {
  /** The heading element's level. */
  level: 1 | 2 | 3 | 4 | 5 | 6;
  /** The level it is styled as: its own, or 2 when the configured level is out of range. */
  styleLevel: 1 | 2 | 3 | 4 | 5 | 6;
}

function asLevel(value: number): RecommendationHeading['level'] | undefined {
  return Number.isInteger(value) && value >= 1 && value <= 6
    ? (value as RecommendationHeading['level'])
    : undefined;
}

/**
 * A heading outside 1–6 is still rendered, as an h2 styled as an h2 (spec 5: "recommendation
 * headings outside 1–6 are styled as h2"); unlike the generic heading it does not vanish.
 */
export function recommendationHeading(
  level: number | string | null | undefined,
): RecommendationHeading {
  const parsed = asLevel(typeof level === 'string' ? Number(level.trim() || NaN) : (level ?? NaN));
  return parsed === undefined ? { level: 2, styleLevel: 2 } : { level: parsed, styleLevel: parsed };
}

/**
 * numberOfResults is applied only when numeric: a whole number from 1 up (a numeric string
 * counts); anything else leaves the default.
 */
export function recommendationCount(
  value: number | string | null | undefined,
  fallback: number = DEFAULT_RECOMMENDATION_RESULTS,
): number {
  const number = typeof value === 'string' ? (value.trim() === '' ? NaN : Number(value)) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < 1) return fallback;
  return number;
}

export interface RecommendationProgress {
  /** The first search has answered. */
  searched: boolean;
  shown: number;
  total: number;
}

/** The heading and description appear only after the first search has results. */
export function showsRecommendationIntro(progress: RecommendationProgress): boolean {
  return progress.searched && progress.total > 0 && progress.shown > 0;
}

/** 'Show more' appears when enabled and the last shown result is below the total. */
export function showsMore(progress: RecommendationProgress, enabled: boolean): boolean {
  return enabled && progress.searched && progress.shown < progress.total;
}
