import { describe, expect, it } from 'vitest';
import {
  nextPartnerTier,
  PARTNER_TIERS,
  parsePartnerTier,
  pointsWidgetState,
  tierDefinition,
  tierDefinitionOf,
  type PartnerTierData,
} from './tiers.ts';

function tierData(overrides: Partial<PartnerTierData> = {}): PartnerTierData {
  return {
    partnerTierAcknowledged: true,
    partnerTier: 'silver',
    partnerTierDetails: null,
    partnerPointsBalance: 1250,
    partnerPointsRequired: 750,
    partnerTierPointsThreshold: 1000,
    ...overrides,
  };
}

describe('partner tier names', () => {
  it.each(PARTNER_TIERS)('reads %s in any case and with spaces around it', (tier) => {
    expect(parsePartnerTier(tier)).toBe(tier);
    expect(parsePartnerTier(tier.toUpperCase())).toBe(tier);
    expect(parsePartnerTier(` ${tier.charAt(0).toUpperCase()}${tier.slice(1)} `)).toBe(tier);
  });

  it.each([['diamond'], [''], ['gold tier'], [null], [undefined]])(
    'has no tier for %j',
    (value) => {
      expect(parsePartnerTier(value)).toBeUndefined();
    },
  );
});

describe('tier definitions', () => {
  it.each([
    ['starter', 'Partner', 'bronze', 'Bronze'],
    ['bronze', 'Bronze', 'silver', 'Silver'],
    ['silver', 'Silver', 'gold', 'Gold'],
    ['gold', 'Gold', 'platinum', 'Platinum'],
    ['platinum', 'Platinum', null, null],
  ] as const)('%s is labelled %s and leads to %s', (tier, label, next, nextLabel) => {
    const definition = tierDefinition(tier);
    expect(definition).toEqual({
      tier,
      label,
      nextTier: next,
      nextTierLabel: nextLabel,
      badgeImage: `tier_badges/${tier}.svg`,
      badgeAlt: `${label} tier badge`,
    });
  });

  it("gives starter's badge the alt text 'Partner tier badge'", () => {
    expect(tierDefinition('starter').badgeAlt).toBe('Partner tier badge');
  });

  it('finds the definition for a server value in any case', () => {
    expect(tierDefinitionOf('GOLD')?.label).toBe('Gold');
    expect(tierDefinitionOf('Starter')?.label).toBe('Partner');
  });

  it("has no definition for 'none' or an unknown tier", () => {
    expect(tierDefinitionOf('none')).toBeUndefined();
    expect(tierDefinitionOf('NONE')).toBeUndefined();
    expect(tierDefinitionOf('diamond')).toBeUndefined();
    expect(tierDefinitionOf(null)).toBeUndefined();
  });

  it.each([
    ['none', 'starter'],
    ['starter', 'bronze'],
    ['bronze', 'silver'],
    ['silver', 'gold'],
    ['gold', 'platinum'],
    ['platinum', null],
  ] as const)('after %s comes %s', (tier, next) => {
    expect(nextPartnerTier(tier)).toBe(next);
  });
});

describe('points widget', () => {
  it('is hidden without tier data', () => {
    expect(pointsWidgetState(null)).toEqual({ kind: 'hidden' });
    expect(pointsWidgetState(undefined)).toEqual({ kind: 'hidden' });
  });

  it('is hidden when there is no tier or an unknown one', () => {
    expect(pointsWidgetState(tierData({ partnerTier: '' }))).toEqual({ kind: 'hidden' });
    expect(pointsWidgetState(tierData({ partnerTier: 'diamond' }))).toEqual({ kind: 'hidden' });
  });

  it('is hidden when the balance is not a number', () => {
    const notNumber = tierData({ partnerPointsBalance: 'lots' as unknown as number });
    expect(pointsWidgetState(notNumber)).toEqual({ kind: 'hidden' });
    expect(pointsWidgetState(tierData({ partnerPointsBalance: Number.NaN }))).toEqual({
      kind: 'hidden',
    });
  });

  it("shows the no-points message for tier 'none', in any case", () => {
    expect(pointsWidgetState(tierData({ partnerTier: 'None' }))).toEqual({ kind: 'no-points' });
  });

  it('measures progress from the tier threshold towards the next tier', () => {
    const state = pointsWidgetState(tierData());
    expect(state).toMatchObject({ kind: 'points', balance: 1250, progress: 250, total: 1000 });
    expect(state.kind === 'points' && state.definition.label).toBe('Silver');
  });

  it('shows a full bar at the top tier, where nothing more is required', () => {
    const state = pointsWidgetState(
      tierData({
        partnerTier: 'PLATINUM',
        partnerPointsBalance: 5200,
        partnerTierPointsThreshold: 5000,
        partnerPointsRequired: 0,
      }),
    );
    expect(state).toMatchObject({ kind: 'points', progress: 200, total: 200 });
  });
});
