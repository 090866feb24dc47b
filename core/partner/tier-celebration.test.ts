import { describe, expect, it } from 'vitest';
import type { PartnerTierData } from './tiers.ts';
import { celebrationHeading, tierToCelebrate } from './tier-celebration.ts';

function tierData(overrides: Partial<PartnerTierData> = {}): PartnerTierData {
  return {
    partnerTierAcknowledged: false,
    partnerTier: 'Silver',
    partnerTierDetails: null,
    partnerPointsBalance: 1250,
    partnerPointsRequired: 750,
    partnerTierPointsThreshold: 1000,
    ...overrides,
  };
}

describe('tier celebration', () => {
  it('celebrates a tier that is not acknowledged yet', () => {
    expect(tierToCelebrate(tierData())?.tier).toBe('silver');
  });

  it('has nothing to celebrate once acknowledged, without data, or at tier none', () => {
    expect(tierToCelebrate(tierData({ partnerTierAcknowledged: true }))).toBeNull();
    expect(tierToCelebrate(null)).toBeNull();
    expect(tierToCelebrate(tierData({ partnerTier: 'none' }))).toBeNull();
    expect(tierToCelebrate(tierData({ partnerTier: 'copper' }))).toBeNull();
  });

  it('names the tier by its label', () => {
    const starter = tierToCelebrate(tierData({ partnerTier: 'starter' }));
    expect(starter && celebrationHeading(starter)).toBe(
      "Congratulations, you've reached Partner tier",
    );
  });
});
