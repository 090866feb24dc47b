import { describe, expect, it } from 'vitest';
import {
  countsTowardsTier,
  expiryOf,
  isPromotion,
  lotsDueToExpire,
  lotsExpiringWithin,
  remainingLots,
  thresholdsProblem,
  tierForPoints,
  type LedgerEntry,
  type TierThresholds,
} from './ledger.ts';

const THRESHOLDS: TierThresholds = {
  starter: 0,
  bronze: 500,
  silver: 1000,
  gold: 2000,
  platinum: 5000,
};

function entry(id: string, points: number, occurredAt: string, expiresAt: string | null = null) {
  return {
    id,
    kind: points > 0 ? 'earned' : 'redeemed',
    points,
    occurredAt,
    expiresAt,
  } satisfies LedgerEntry;
}

describe('tiers from points', () => {
  it.each([
    [-10, 'none'],
    [0, 'none'],
    [1, 'starter'],
    [499, 'starter'],
    [500, 'bronze'],
    [999, 'bronze'],
    [1000, 'silver'],
    [1999, 'silver'],
    [2000, 'gold'],
    [4999, 'gold'],
    [5000, 'platinum'],
    [90000, 'platinum'],
  ] as const)('%i points is %s', (points, tier) => {
    expect(tierForPoints(points, THRESHOLDS)).toBe(tier);
  });

  it('follows the configured thresholds', () => {
    expect(tierForPoints(300, { ...THRESHOLDS, bronze: 250 })).toBe('bronze');
  });

  it('is at least starter with any points, even when starter starts higher', () => {
    expect(tierForPoints(5, { ...THRESHOLDS, starter: 10 })).toBe('starter');
  });

  it('counts a promotion only upwards', () => {
    expect(isPromotion('starter', 'bronze')).toBe(true);
    expect(isPromotion('none', 'starter')).toBe(true);
    expect(isPromotion('gold', 'silver')).toBe(false);
    expect(isPromotion('gold', 'gold')).toBe(false);
  });

  it('does not count redemptions against the tier', () => {
    expect(countsTowardsTier('redeemed')).toBe(false);
    expect(countsTowardsTier('earned')).toBe(true);
    expect(countsTowardsTier('expired')).toBe(true);
    expect(countsTowardsTier('adjusted')).toBe(true);
  });

  it('accepts rising whole thresholds and names the first that is not', () => {
    expect(thresholdsProblem(THRESHOLDS)).toBeNull();
    expect(thresholdsProblem({ ...THRESHOLDS, silver: 500 })).toBe(
      'The silver threshold must be above the bronze threshold.',
    );
    expect(thresholdsProblem({ ...THRESHOLDS, gold: 1.5 })).toBe(
      'The gold threshold must be a whole number of points, 0 or more.',
    );
    expect(thresholdsProblem({ ...THRESHOLDS, starter: -1 })).toBe(
      'The starter threshold must be a whole number of points, 0 or more.',
    );
  });
});

describe('points spent and expiring oldest first', () => {
  const entries = [
    entry('b', 200, '2026-02-01T00:00:00.000Z', '2027-02-01T00:00:00.000Z'),
    entry('a', 100, '2026-01-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z'),
    entry('r', -150, '2026-03-01T00:00:00.000Z'),
    entry('c', 50, '2026-04-01T00:00:00.000Z', null),
  ];

  it('takes debits from the oldest credits, in the order things happened', () => {
    expect(remainingLots(entries)).toEqual([
      { entryId: 'b', remaining: 150, expiresAt: '2027-02-01T00:00:00.000Z' },
      { entryId: 'c', remaining: 50, expiresAt: null },
    ]);
  });

  it('leaves nothing when the debits take everything', () => {
    expect(
      remainingLots([
        entry('a', 100, '2026-01-01T00:00:00.000Z'),
        entry('r', -100, '2026-01-02T00:00:00.000Z'),
      ]),
    ).toEqual([]);
  });

  it('finds the unspent rest of lapsed credits, and only those', () => {
    expect(lotsDueToExpire(entries, new Date('2027-01-15T00:00:00.000Z'))).toEqual([]);
    expect(lotsDueToExpire(entries, new Date('2027-02-01T00:00:00.000Z'))).toEqual([
      { entryId: 'b', remaining: 150, expiresAt: '2027-02-01T00:00:00.000Z' },
    ]);
  });

  it('expires a lapsed credit once: its expiry entry uses it up', () => {
    const expired = [
      ...entries,
      { ...entry('x', -150, '2027-02-02T00:00:00.000Z'), kind: 'expired' as const },
    ];
    expect(lotsDueToExpire(expired, new Date('2027-03-01T00:00:00.000Z'))).toEqual([]);
  });

  it('lists what lapses within the window, soonest first', () => {
    const soon = [
      entry('late', 30, '2026-01-03T00:00:00.000Z', '2026-03-20T00:00:00.000Z'),
      entry('early', 20, '2026-01-04T00:00:00.000Z', '2026-03-12T00:00:00.000Z'),
      entry('far', 10, '2026-01-05T00:00:00.000Z', '2026-09-01T00:00:00.000Z'),
      entry('gone', 10, '2026-01-01T00:00:00.000Z', '2026-03-01T00:00:00.000Z'),
    ];
    expect(
      lotsExpiringWithin(soon, new Date('2026-03-10T00:00:00.000Z'), 30).map((lot) => lot.entryId),
    ).toEqual(['early', 'late']);
  });

  it('dates the expiry from the day earned, or never', () => {
    expect(expiryOf(new Date('2026-01-01T00:00:00.000Z'), 365)).toBe('2027-01-01T00:00:00.000Z');
    expect(expiryOf(new Date('2026-01-01T00:00:00.000Z'), null)).toBeNull();
  });
});
