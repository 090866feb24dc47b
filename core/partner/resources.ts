import { VARIANT_ROOT } from '../routes/index.ts';
import { parsePartnerTier, PARTNER_TIERS, tierDefinition, type PartnerTier } from './tiers.ts';

/*
 * The partner resource library: guides, marketing kits and templates, each open from a tier
 * up. A partner sees the locked ones too, with the tier that opens them.
 */

export const RESOURCE_TYPES = [
  { value: 'guide', label: 'Guides' },
  { value: 'marketing-kit', label: 'Marketing kits' },
  { value: 'template', label: 'Templates' },
] as const;

export type ResourceType = (typeof RESOURCE_TYPES)[number]['value'];

/** Whether a tier reaches another: bronze reaches starter and bronze, not silver. */
export function tierReaches(tier: PartnerTier, needed: PartnerTier): boolean {
  return PARTNER_TIERS.indexOf(tier) >= PARTNER_TIERS.indexOf(needed);
}

/** A resource's lock: null when the partner's tier opens it, else what to tell them. */
export function resourceLock(partnerTier: string, minTier: string): string | null {
  const have = parsePartnerTier(partnerTier) ?? 'none';
  const needed = parsePartnerTier(minTier);
  // A resource set to no known tier is opened by the first tier rather than by none.
  const opening = needed === undefined || needed === 'none' ? 'starter' : needed;
  if (tierReaches(have, opening)) return null;
  return `Unlocks at ${tierDefinition(opening).label} tier`;
}

export interface ResourceFilter {
  type: string;
  product: string;
  /** 'open' for the resources the partner's tier opens; '' for all. */
  access: string;
}

/** The filter of the page's query; unknown values count as no filter. */
export function resourceFilterOf(
  query: URLSearchParams,
  products: readonly string[],
): ResourceFilter {
  const type = query.get('type') ?? '';
  const product = query.get('product') ?? '';
  return {
    type: RESOURCE_TYPES.some((known) => known.value === type) ? type : '',
    product: products.includes(product) ? product : '',
    access: query.get('access') === 'open' ? 'open' : '',
  };
}

export function matchesResourceFilter(
  resource: { type: string; product: string; locked: boolean },
  filter: ResourceFilter,
): boolean {
  if (filter.type !== '' && resource.type !== filter.type) return false;
  if (filter.product !== '' && resource.product !== filter.product) return false;
  return filter.access !== 'open' || !resource.locked;
}

/** Resources published within this many days count as new on the dashboard. */
export const NEW_RESOURCE_DAYS = 60;

export function isNewResource(publishedAt: string, now: Date): boolean {
  const published = Date.parse(publishedAt);
  return !Number.isNaN(published) && now.getTime() - published <= NEW_RESOURCE_DAYS * 86_400_000;
}

/** Opening a resource goes through the portal, which counts it: `/0/partners/resources/{id}/download`. */
export const PARTNER_RESOURCE_DOWNLOAD_PATTERN = `${VARIANT_ROOT.lwr}/partners/resources/:resourceId/download`;

export function partnerResourceDownloadPath(resourceId: string): string {
  return PARTNER_RESOURCE_DOWNLOAD_PATTERN.replace(':resourceId', encodeURIComponent(resourceId));
}

/** A resource's card on the library page, the place search results lead to. */
export function partnerResourceAnchor(resourceId: string): string {
  return `resource-${resourceId.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

/** The library page at the resource's card: what a partner's search result opens. */
export function partnerResourceLibraryLink(resourceId: string): string {
  return `${VARIANT_ROOT.lwr}/partners/resources#${partnerResourceAnchor(resourceId)}`;
}
