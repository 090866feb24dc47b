import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RECOMMENDATION_RESULTS,
  HOME_RECOMMENDATION_RESULTS,
  recommendationCount,
  recommendationHeading,
  showsMore,
  showsRecommendationIntro,
} from './recommendation-block.ts';

describe('recommendation heading', () => {
  it.each([1, 2, 3, 4, 5, 6])('keeps level %i', (level) => {
    expect(recommendationHeading(level)).toEqual({ level, styleLevel: level });
  });

  it('reads a numeric string', () => {
    expect(recommendationHeading('4')).toEqual({ level: 4, styleLevel: 4 });
  });

  it.each([[0], [7], [2.5], [-1], ['h3'], [''], [null], [undefined], [Number.NaN]])(
    'renders %j as an h2',
    (level) => {
      expect(recommendationHeading(level)).toEqual({ level: 2, styleLevel: 2 });
    },
  );
});

describe('number of results', () => {
  it('shows 3 on the home page and 10 by default', () => {
    expect(HOME_RECOMMENDATION_RESULTS).toBe(3);
    expect(recommendationCount(undefined)).toBe(DEFAULT_RECOMMENDATION_RESULTS);
  });

  it('applies numeric values', () => {
    expect(recommendationCount(3)).toBe(3);
    expect(recommendationCount('5')).toBe(5);
    expect(recommendationCount(' 7 ')).toBe(7);
  });

  it.each([['three'], [''], [null], [0], [-2], [1.5], [Number.NaN]])(
    'ignores %j and keeps the fallback',
    (value) => {
      expect(recommendationCount(value, 3)).toBe(3);
    },
  );
});

describe('recommendation intro and show more', () => {
  it('shows the heading and description only after a first search with results', () => {
    expect(showsRecommendationIntro({ searched: false, shown: 0, total: 0 })).toBe(false);
    expect(showsRecommendationIntro({ searched: true, shown: 0, total: 0 })).toBe(false);
    expect(showsRecommendationIntro({ searched: true, shown: 3, total: 9 })).toBe(true);
  });

  it("offers 'Show more' when enabled and results remain", () => {
    expect(showsMore({ searched: true, shown: 3, total: 9 }, true)).toBe(true);
    expect(showsMore({ searched: true, shown: 9, total: 9 }, true)).toBe(false);
    expect(showsMore({ searched: true, shown: 3, total: 9 }, false)).toBe(false);
    expect(showsMore({ searched: false, shown: 0, total: 0 }, true)).toBe(false);
  });
});
