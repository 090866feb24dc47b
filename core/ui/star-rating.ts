import { countLabel } from './plurals.ts';

/** Spec 9: a star rating is out of 5. */
export const STAR_RATING_TOTAL = 5;

export interface StarRating {
  /** The rating as shown: within 0–5, to one decimal place. */
  rating: number;
  total: number;
  /** How much of each of the 5 stars is filled, in whole percent (0–100). */
  starFills: number[];
  /** '{rating} out of {total} stars'. */
  ratingText: string;
  /** '1 review', '{n} reviews', or 'No reviews'. */
  reviewText: string;
}

/** A rating as shown: clamped to 0–5 and rounded to one decimal ('4.5', '4'). */
export function shownRating(rating: number): number {
  if (!Number.isFinite(rating)) return 0;
  return Math.round(Math.min(Math.max(rating, 0), STAR_RATING_TOTAL) * 10) / 10;
}

/** Spec 2.6: each star is filled by the share of the rating that falls on it. */
export function starFills(rating: number): number[] {
  const shown = shownRating(rating);
  return Array.from({ length: STAR_RATING_TOTAL }, (_, index) =>
    Math.round(Math.min(Math.max(shown - index, 0), 1) * 100),
  );
}

/** Spec 2.6 '{rating} out of {total} stars'. */
export function ratingText(rating: number): string {
  return `${shownRating(rating)} out of ${STAR_RATING_TOTAL} stars`;
}

/** Spec 2.6 '{n} review(s)' with spec 5 plurals, and 'No reviews' when there are none. */
export function reviewCountText(count: number): string {
  const whole = Number.isFinite(count) ? Math.max(Math.floor(count), 0) : 0;
  return whole === 0 ? 'No reviews' : countLabel(whole, 'review');
}

/** Everything a star rating shows. A missing rating or count counts as 0. */
export function starRating(
  rating: number | undefined,
  reviewCount: number | undefined,
): StarRating {
  const shown = shownRating(rating ?? 0);
  return {
    rating: shown,
    total: STAR_RATING_TOTAL,
    starFills: starFills(shown),
    ratingText: ratingText(shown),
    reviewText: reviewCountText(reviewCount ?? 0),
  };
}
