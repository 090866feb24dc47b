import { formatPoints } from './points-widget.ts';

/*
 * What a challenge is won for, and a partner's rewards as they read them: bought with points,
 * or won in a challenge (docs/partner-programme.md).
 */

/** '150 points', 'Branded mug', or '150 points and Branded mug'. */
export function challengePrizeLabel(points: number, prize: string | null): string {
  if (prize === null) return `${formatPoints(points)} points`;
  return points > 0 ? `${formatPoints(points)} points and ${prize}` : prize;
}

export interface RewardRequest {
  points: number;
  /** The challenge a prize was won in; null for a reward bought with points. */
  challengeName: string | null;
  /** A prize whose reward had run out when it was won. */
  outOfStock: boolean;
  status: 'requested' | 'fulfilled' | 'cancelled';
}

/** What the reward cost: its points, or the challenge it was won in. */
export function rewardCostLabel(request: RewardRequest): string {
  return request.challengeName === null
    ? `${formatPoints(request.points)} points`
    : `Won in ${request.challengeName}`;
}

/** Where the reward stands. */
export function rewardStatusLabel(request: RewardRequest): string {
  if (request.status === 'fulfilled') return 'On its way';
  if (request.status === 'cancelled')
    return request.challengeName === null ? 'Cancelled, points returned' : 'Cancelled';
  return request.outOfStock
    ? 'Out of stock when you won it: we will send it as soon as we can'
    : 'Requested';
}
