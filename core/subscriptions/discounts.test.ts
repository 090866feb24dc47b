import { describe, expect, it } from 'vitest';
import { discountProblem, percentToBasisPoints } from './discounts.ts';

describe('a discount typed as a percentage', () => {
  it('reads whole and decimal percentages as basis points', () => {
    expect(percentToBasisPoints('15')).toBe(1_500);
    expect(percentToBasisPoints(' 12.5 ')).toBe(1_250);
    expect(percentToBasisPoints('7.25 %')).toBe(725);
    expect(percentToBasisPoints('0')).toBe(0);
    expect(percentToBasisPoints('100')).toBe(10_000);
  });

  it('refuses what is not a plain percentage with at most two decimals', () => {
    for (const text of ['', 'ten', '-5', '12.555', '1e2', '12,5', '.5']) {
      expect(percentToBasisPoints(text), text).toBeUndefined();
    }
  });

  it('leaves the range to the discount rule: over 100 % is read, then refused', () => {
    const basisPoints = percentToBasisPoints('120')!;
    expect(basisPoints).toBe(12_000);
    expect(discountProblem(basisPoints)).toBeDefined();
  });
});
