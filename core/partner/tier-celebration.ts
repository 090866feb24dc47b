import { tierDefinitionOf, type PartnerTierData, type TierDefinition } from './tiers.ts';

/**
 * Spec 4 'Tier celebration': a partner who reached a tier and has not acknowledged it is
 * congratulated until they do; tier 'none' has nothing to celebrate.
 */
export function tierToCelebrate(data: PartnerTierData | null | undefined): TierDefinition | null {
  if (!data || data.partnerTierAcknowledged) return null;
  return tierDefinitionOf(data.partnerTier) ?? null;
}

export function celebrationHeading(definition: TierDefinition): string {
  return `Congratulations, you've reached ${definition.label} tier`;
}
