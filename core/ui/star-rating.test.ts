import { describe, expect, it } from 'vitest';
import {
  STAR_RATING_TOTAL,
  ratingText,
  reviewCountText,
  shownRating,
  starFills,
  starRating,
} from './star-rating.ts';

describe('star rating (spec 2.6, 9)', () => {
  it('is out of 5 stars', () => {
    expect(STAR_RATING_TOTAL).toBe(5);
    expect(starFills(3)).toHaveLength(5);
  });

  it.each([
    [0, [0, 0, 0, 0, 0]],
    [5, [100, 100, 100, 100, 100]],
    [3, [100, 100, 100, 0, 0]],
    [3.5, [100, 100, 100, 50, 0]],
    [4.3, [100, 100, 100, 100, 30]],
    [0.25, [30, 0, 0, 0, 0]],
  ])('fills stars by percentage for %s', (rating, fills) => {
    expect(starFills(rating)).toEqual(fills);
  });

  it('clamps ratings outside 0–5 and treats non-numbers as 0', () => {
    expect(shownRating(7)).toBe(5);
    expect(shownRating(-1)).toBe(0);
    expect(shownRating(Number.NaN)).toBe(0);
    expect(starFills(9)).toEqual([100, 100, 100, 100, 100]);
  });

  it("reads '{rating} out of {total} stars', to one decimal place", () => {
    expect(ratingText(4.5)).toBe('4.5 out of 5 stars');
    expect(ratingText(4)).toBe('4 out of 5 stars');
    expect(ratingText(4.333)).toBe('4.3 out of 5 stars');
  });

  it.each([
    [0, 'No reviews'],
    [1, '1 review'],
    [2, '2 reviews'],
    [125, '125 reviews'],
    [-3, 'No reviews'],
    [Number.NaN, 'No reviews'],
    [2.7, '2 reviews'],
  ])("counts %s reviews as '%s' (spec 5 plurals)", (count, text) => {
    expect(reviewCountText(count)).toBe(text);
  });

  it('puts it all together, a missing rating and count counting as 0', () => {
    expect(starRating(3.5, 12)).toEqual({
      rating: 3.5,
      total: 5,
      starFills: [100, 100, 100, 50, 0],
      ratingText: '3.5 out of 5 stars',
      reviewText: '12 reviews',
    });
    expect(starRating(undefined, undefined)).toMatchObject({
      ratingText: '0 out of 5 stars',
      reviewText: 'No reviews',
    });
  });
});
