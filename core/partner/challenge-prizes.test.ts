import { describe, expect, it } from 'vitest';
import { challengePrizeLabel, rewardCostLabel, rewardStatusLabel } from './challenge-prizes.ts';

describe('challenge prizes as partners read them', () => {
  it('says what a challenge is won for', () => {
    expect(challengePrizeLabel(1500, null)).toBe('1,500 points');
    expect(challengePrizeLabel(0, 'Branded mug')).toBe('Branded mug');
    expect(challengePrizeLabel(150, 'Branded mug')).toBe('150 points and Branded mug');
  });

  it('tells a prize from a reward bought with points, and one that ran out', () => {
    const bought = { points: 500, challengeName: null, outOfStock: false } as const;
    const won = { points: 0, challengeName: 'Spring sign-ups', outOfStock: false } as const;
    expect(rewardCostLabel({ ...bought, status: 'requested' })).toBe('500 points');
    expect(rewardCostLabel({ ...won, status: 'requested' })).toBe('Won in Spring sign-ups');
    expect(rewardStatusLabel({ ...won, status: 'requested' })).toBe('Requested');
    expect(rewardStatusLabel({ ...won, outOfStock: true, status: 'requested' })).toBe(
      'Out of stock when you won it: we will send it as soon as we can',
    );
    expect(rewardStatusLabel({ ...won, outOfStock: true, status: 'fulfilled' })).toBe('On its way');
    expect(rewardStatusLabel({ ...bought, status: 'cancelled' })).toBe(
      'Cancelled, points returned',
    );
    expect(rewardStatusLabel({ ...won, status: 'cancelled' })).toBe('Cancelled');
  });
});
